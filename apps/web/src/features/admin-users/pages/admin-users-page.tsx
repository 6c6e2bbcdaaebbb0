import type { PublicUser } from '@petshop/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable } from '../components/users-table';
import './admin-users-page.css';

/** /adminUsers: list, edit and delete accounts. */
export function AdminUsersPage() {
  const { user: me } = useSession();
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminUsers();
  const remove = useDeleteAdminUser();
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const users = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? users.length;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Usuário excluído com sucesso!');
        setDeleting(null);
      },
      onError: (failure) => toast.error(messageOf(failure, 'Erro ao excluir usuário.')),
    });
  };

  return (
    <div className="admin-users-page">
      <h1 className="admin-users-page__title">Usuários</h1>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <FormAlert message={messageOf(error, 'Erro ao carregar usuários.')} />
      ) : users.length === 0 ? (
        <EmptyState message="Nenhum usuário disponível." />
      ) : (
        <>
          <p className="admin-users-page__count" role="status">
            Mostrando {users.length} de {total} {total === 1 ? 'usuário' : 'usuários'}
          </p>
          <UsersTable users={users} currentUserId={me?.id} onEdit={setEditing} onDelete={setDeleting} />
          {hasNextPage && (
            <div className="admin-users-page__more">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      {editing && <UserFormModal key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirmar Exclusão"
        message={deleting ? `Tem certeza de que deseja excluir o usuário "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export { AdminUsersPage as Component };
