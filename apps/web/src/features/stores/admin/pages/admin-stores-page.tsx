import { describeStoreWeek, ROLES, type StoreView, storeAddressLine } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allStoresQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../../components/ui/data-table';
import { PlusIcon } from '../../../../components/ui/icons';
import { ListPage } from '../../../../components/ui/list-page';
import { messageOf } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { StoreFormModal } from '../components/store-form-modal';
import { StoreHoursModal } from '../components/store-hours-modal';
import { StoreStockCard } from '../components/store-stock-card';
import './admin-stores-page.css';

type Editing = { mode: 'add' } | { mode: 'edit'; store: StoreView } | null;

const addressLine = (store: StoreView) => storeAddressLine(store) || 'Endereço não informado';

const statusOf = (store: StoreView) =>
  [store.main ? 'Principal' : null, store.active ? 'Ativa' : 'Inativa', store.pickup ? 'faz retirada' : 'sem retirada']
    .filter(Boolean)
    .join(' · ');

/**
 * /adminStores: the shop's stores with address, hours and whether they take customers; each product's
 * stock per store. The owner adds and edits stores; a manager sees only their own (the server lists
 * no other) and sets their hours.
 */
export function AdminStoresPage() {
  const owner = useSession().user?.role === ROLES.admin;
  const stores = useQuery(allStoresQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [hours, setHours] = useState<StoreView | null>(null);
  const list = stores.data ?? [];

  return (
    <>
      <ListPage
        title="Lojas"
        actions={
          owner ? (
            <Button onClick={() => setEditing({ mode: 'add' })}>
              <PlusIcon />
              Adicionar loja
            </Button>
          ) : undefined
        }
        isPending={stores.isPending}
        isError={stores.isError}
        errorMessage={messageOf(stores.error, 'Erro ao carregar as lojas.')}
        emptyMessage={owner ? 'Nenhuma loja cadastrada.' : 'Nenhuma loja vinculada ao seu perfil.'}
        shown={list.length}
        total={list.length}
        noun={{ one: 'loja', many: 'lojas' }}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => undefined}
      >
        <p className="admin-stores-page__intro">
          {owner
            ? 'Com uma só loja ativa, os clientes não veem escolha de loja. Cada funcionário trabalha em uma loja, dentro do horário dela.'
            : 'As lojas em que você é gerente. Os clientes só agendam dentro do horário da loja.'}
        </p>
        <DataTable
          rows={list}
          rowKey={(store) => store.id}
          columns={[
            { label: 'Loja', cell: (store) => store.name },
            { label: 'Endereço', cell: addressLine },
            { label: 'Horário', cell: (store) => describeStoreWeek(store.hours) },
            { label: 'Situação', cell: statusOf },
          ]}
          actions={(store) => (
            <>
              {owner && (
                <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', store })}>
                  Editar <span className="visually-hidden">{store.name}</span>
                </Button>
              )}
              <Button variant="secondary" onClick={() => setHours(store)}>
                Horário <span className="visually-hidden">de {store.name}</span>
              </Button>
            </>
          )}
        />
      </ListPage>
      <StoreStockCard />
      {editing && (
        <StoreFormModal
          key={editing.mode === 'edit' ? editing.store.id : 'add'}
          store={editing.mode === 'edit' ? editing.store : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {hours && <StoreHoursModal key={hours.id} store={hours} onClose={() => setHours(null)} />}
    </>
  );
}

export { AdminStoresPage as Component };
