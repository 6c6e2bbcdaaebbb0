import type { PetView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deletePetMutation, petsQueryOptions } from '../../../api/pets';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { PlusIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { PetCard } from '../components/pet-card';
import { PetFormModal } from '../components/pet-form-modal';
import './my-pets-page.css';

type Editing = { mode: 'add' } | { mode: 'edit'; pet: PetView } | null;

/** /myPets: the customer's pets as cards; a card opens its edit form. */
export function MyPetsPage() {
  const { data: pets, isPending, isError, error } = useQuery(petsQueryOptions());
  const remove = useMutation(deletePetMutation());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PetView | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Pet deletado com sucesso!');
        setDeleting(null);
      },
      onError: (failure) => {
        toast.error(messageOf(failure, 'Erro ao deletar pet. Tente novamente.'));
        setDeleting(null);
      },
    });
  };

  return (
    <div className="my-pets-page">
      <div className="my-pets-page__header">
        <h1 className="my-pets-page__title">Meus pets</h1>
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon />
          Cadastrar novo Pet
        </Button>
      </div>
      {isPending ? (
        <div className="my-pets-page__grid" role="status" aria-label="Carregando pets">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={120} />
          ))}
        </div>
      ) : isError ? (
        <FormAlert message={messageOf(error, 'Erro ao carregar pets. Tente novamente.')} />
      ) : pets.length === 0 ? (
        <EmptyState message="Você ainda não cadastrou nenhum pet." />
      ) : (
        <ul className="my-pets-page__grid" aria-label="Meus pets">
          {pets.map((pet) => (
            <PetCard
              key={pet.id}
              pet={pet}
              onEdit={(chosen) => setEditing({ mode: 'edit', pet: chosen })}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      {editing && (
        <PetFormModal
          key={editing.mode === 'edit' ? editing.pet.id : 'add'}
          pet={editing.mode === 'edit' ? editing.pet : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir pet"
        message={deleting ? `Tem certeza de que deseja excluir o pet "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export { MyPetsPage as Component };
