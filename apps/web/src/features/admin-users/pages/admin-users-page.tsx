import type { PublicUser } from '@petshop/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListPage } from '../../../components/ui/list-page';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable } from '../components/users-table';

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
    <>
      <ListPage
        title="Usuários"
        isPending={isPending}
        isError={isError}
        errorMessage={messageOf(error, 'Erro ao carregar usuários.')}
        emptyMessage="Nenhum usuário disponível."
        shown={users.length}
        total={total}
        noun={{ one: 'usuário', many: 'usuários' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <UsersTable users={users} currentUserId={me?.id} onEdit={setEditing} onDelete={setDeleting} />
      </ListPage>
      {editing && <UserFormModal key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirmar Exclusão"
        message={deleting ? `Tem certeza de que deseja excluir o usuário "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

export { AdminUsersPage as Component };
