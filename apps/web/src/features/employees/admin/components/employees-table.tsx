import { type Employee, formatPhone } from '@petshop/domain';
import { IconButton } from '../../../../components/ui/icon-button';
import { CalendarIcon, EditIcon, TrashIcon } from '../../../../components/ui/icons';
import '../../../../components/ui/data-table.css';

interface EmployeesTableProps {
  employees: Employee[];
  onEdit: (employee: Employee) => void;
  onSchedule: (employee: Employee) => void;
  onDelete: (employee: Employee) => void;
}

/** Nome, Telefone, Cargo; rows become stacked cards at 600 px or narrower. */
export function EmployeesTable({ employees, onEdit, onSchedule, onDelete }: EmployeesTableProps) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Nome</th>
          <th scope="col">Telefone</th>
          <th scope="col">Cargo</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {employees.map((employee) => (
          <tr key={employee.id}>
            <th scope="row" data-label="Nome">
              {employee.name}
            </th>
            <td data-label="Telefone">{employee.phone ? formatPhone(employee.phone) : '—'}</td>
            <td data-label="Cargo">{employee.position}</td>
            <td className="data-table__actions">
              <IconButton aria-label={`Editar ${employee.name}`} onClick={() => onEdit(employee)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`Horários de ${employee.name}`} onClick={() => onSchedule(employee)}>
                <CalendarIcon />
              </IconButton>
              <IconButton aria-label={`Excluir ${employee.name}`} variant="danger" onClick={() => onDelete(employee)}>
                <TrashIcon />
              </IconButton>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
