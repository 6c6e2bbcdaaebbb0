import { type PublicUser, ROLES } from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { resetTwoFactorMutation } from '../../../../api/two-factor';
import { adminUsersQueryOptions, deleteUserMutation } from '../../../../api/users';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ListPage } from '../../../../components/ui/list-page';
import { ListSearch } from '../../../../components/ui/list-search';
import { messageOf } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { UserFormModal } from '../components/user-form-modal';
import { UserRoleModal } from '../components/user-role-modal';
import { UsersTable } from '../components/users-table';

/** /adminUsers: list, edit and delete accounts; the owner also sets roles and stores. */
export function AdminUsersPage() {
  const { user: me } = useSession();
  // The sales screen links here with ?q=<e-mail>.
  const [params] = useSearchParams();
  const [initialTerm] = useState(() => params.get('q') ?? '');
  const [term, setTerm] = useState(initialTerm);
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    adminUsersQueryOptions(term),
  );
  const remove = useMutation(deleteUserMutation());
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const [roleOf, setRoleOf] = useState<PublicUser | null>(null);
  const [resetting, setResetting] = useState<PublicUser | null>(null);
  const reset = useMutation(resetTwoFactorMutation());
  // Roles and deletions are the owner's; a manager or receptionist edits customers' data only.
  const owner = me?.role === ROLES.admin;
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

  const confirmReset = () => {
    if (!resetting) return;
    reset.mutate(resetting.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Verificação em duas etapas redefinida.');
        setResetting(null);
      },
      onError: (failure) => {
        toast.error(messageOf(failure, 'Erro ao redefinir a verificação em duas etapas.'));
        setResetting(null);
      },
    });
  };

  return (
    <>
      <ListPage
        title="Usuários"
        search={
          <ListSearch
            label="Buscar usuários"
            placeholder="Nome, e-mail ou CPF"
            initialTerm={initialTerm}
            onSearch={setTerm}
          />
        }
        isPending={isPending}
        isError={isError}
        errorMessage={messageOf(error, 'Erro ao carregar usuários.')}
        emptyMessage={term ? 'Nenhum usuário encontrado.' : 'Nenhum usuário disponível.'}
        shown={users.length}
        total={total}
        noun={{ one: 'usuário', many: 'usuários' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <UsersTable
          users={users}
          currentUserId={me?.id}
          onEdit={setEditing}
          onRole={owner ? setRoleOf : undefined}
          onDelete={owner ? setDeleting : undefined}
          onResetTwoFactor={owner ? setResetting : undefined}
        />
      </ListPage>
      {editing && <UserFormModal key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {roleOf && <UserRoleModal key={roleOf.id} user={roleOf} onClose={() => setRoleOf(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirmar Exclusão"
        message={deleting ? `Tem certeza de que deseja excluir o usuário "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title="Redefinir a verificação em duas etapas?"
        message={
          resetting
            ? `O celular cadastrado por "${resetting.name}" deixa de valer e as sessões abertas dessa pessoa são encerradas. ` +
              'Ela entra de novo com a senha e, se o perfil exigir, configura um novo celular.'
            : undefined
        }
        confirmLabel="Redefinir"
        cancelLabel="Cancelar"
        loading={reset.isPending}
        onConfirm={confirmReset}
      />
    </>
  );
}

export { AdminUsersPage as Component };
