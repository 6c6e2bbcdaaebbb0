import type { AddressView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addressesQueryOptions, deleteAddressMutation } from '../../../api/addresses';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PlusIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { AddressItem } from './address-item';
import './addresses-card.css';

// Shown after a tap: its code (form, masks, dialog) loads then, not with the page.
const AddressFormModal = lazyDialog(() => import('./address-form-modal').then((module) => module.AddressFormModal));

type Editing = { mode: 'add' } | { mode: 'edit'; address: AddressView } | null;

/** 'Endereços Salvos' on /user: list, add, edit and delete the customer's addresses. */
export function AddressesCard() {
  const { data: addresses, isPending, isError } = useQuery(addressesQueryOptions());
  const remove = useMutation(deleteAddressMutation());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddressView | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Endereço deletado com sucesso!'),
      onError: () => toast.error('Erro ao deletar endereço. Tente novamente.'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card
      title="Endereços Salvos"
      titleId="addresses-card-title"
      className="addresses-card"
      actions={
        <Button variant="secondary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon />
          Adicionar endereço
        </Button>
      }
    >
      {isPending ? (
        <div role="status" aria-label="Carregando endereços" className="addresses-card__loading">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : isError ? (
        <FormAlert message="Erro ao buscar dados. Tente novamente." />
      ) : addresses.length === 0 ? (
        <p className="addresses-card__empty">Nenhum endereço cadastrado.</p>
      ) : (
        <ul className="addresses-card__list">
          {addresses.map((address) => (
            <AddressItem
              key={address.id}
              address={address}
              onEdit={(chosen) => setEditing({ mode: 'edit', address: chosen })}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      {editing && (
        <AddressFormModal
          key={editing.mode === 'edit' ? editing.address.id : 'add'}
          address={editing.mode === 'edit' ? editing.address : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir endereço"
        message="Tem certeza de que deseja excluir este endereço?"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
