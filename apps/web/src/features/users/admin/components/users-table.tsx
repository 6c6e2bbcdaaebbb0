import { isStaffRole, type PublicUser, ROLE_LABELS, type Role } from '@petshop/domain';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { IconButton } from '../../../../components/ui/icon-button';
import { BriefcaseIcon, EditIcon, ShieldIcon, TrashIcon } from '../../../../components/ui/icons';

const columns: Column<PublicUser>[] = [
  { label: 'Nome', cell: (user) => user.name },
  { label: 'E-mail', cell: (user) => user.email },
  { label: 'Perfil', cell: (user) => ROLE_LABELS[user.role as Role] ?? user.role },
];

interface UsersTableProps {
  users: PublicUser[];
  /** The signed-in admin: their own row cannot be deleted from here. */
  currentUserId: number | undefined;
  onEdit: (user: PublicUser) => void;
  /** The owner only: role and stores. */
  onRole?: ((user: PublicUser) => void) | undefined;
  onDelete?: ((user: PublicUser) => void) | undefined;
  /** The owner only, on another staff member's row: reset their two-factor sign-in (a lost phone). */
  onResetTwoFactor?: ((user: PublicUser) => void) | undefined;
}

export function UsersTable({ users, currentUserId, onEdit, onRole, onDelete, onResetTwoFactor }: UsersTableProps) {
  return (
    <DataTable
      rows={users}
      rowKey={(user) => user.id}
      columns={columns}
      actions={(user) => (
        <>
          <IconButton aria-label={`Editar ${user.name}`} onClick={() => onEdit(user)}>
            <EditIcon />
          </IconButton>
          {onRole && user.id !== currentUserId && (
            <IconButton aria-label={`Perfil de ${user.name}`} onClick={() => onRole(user)}>
              <BriefcaseIcon />
            </IconButton>
          )}
          {onResetTwoFactor && user.id !== currentUserId && isStaffRole(user.role) && (
            <IconButton
              aria-label={`Redefinir a verificação em duas etapas de ${user.name}`}
              onClick={() => onResetTwoFactor(user)}
            >
              <ShieldIcon />
            </IconButton>
          )}
          {onDelete && user.id !== currentUserId && (
            <IconButton aria-label={`Excluir ${user.name}`} variant="danger" onClick={() => onDelete(user)}>
              <TrashIcon />
            </IconButton>
          )}
        </>
      )}
    />
  );
}
