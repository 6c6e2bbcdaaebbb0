import type { PublicUser } from '@petshop/domain';
import { IconButton } from '../../../../components/ui/icon-button';
import { EditIcon, TrashIcon } from '../../../../components/ui/icons';
import '../../../../components/ui/data-table.css';

interface UsersTableProps {
  users: PublicUser[];
  /** The signed-in admin: their own row cannot be deleted from here. */
  currentUserId: number | undefined;
  onEdit: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
}

/** Nome, E-mail; rows become stacked cards at 600 px or narrower. */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Nome</th>
          <th scope="col">E-mail</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <th scope="row" data-label="Nome">
              {user.name}
            </th>
            <td data-label="E-mail">{user.email}</td>
            <td className="data-table__actions">
              <IconButton aria-label={`Editar ${user.name}`} onClick={() => onEdit(user)}>
                <EditIcon />
              </IconButton>
              {user.id !== currentUserId && (
                <IconButton aria-label={`Excluir ${user.name}`} variant="danger" onClick={() => onDelete(user)}>
                  <TrashIcon />
                </IconButton>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
