import type { PublicUser } from '@petshop/domain';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { IconButton } from '../../../../components/ui/icon-button';
import { EditIcon, TrashIcon } from '../../../../components/ui/icons';

const columns: Column<PublicUser>[] = [
  { label: 'Nome', cell: (user) => user.name },
  { label: 'E-mail', cell: (user) => user.email },
];

interface UsersTableProps {
  users: PublicUser[];
  /** The signed-in admin: their own row cannot be deleted from here. */
  currentUserId: number | undefined;
  onEdit: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
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
          {user.id !== currentUserId && (
            <IconButton aria-label={`Excluir ${user.name}`} variant="danger" onClick={() => onDelete(user)}>
              <TrashIcon />
            </IconButton>
          )}
        </>
      )}
    />
  );
}
