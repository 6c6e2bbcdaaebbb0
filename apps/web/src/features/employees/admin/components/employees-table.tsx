import { type Employee, formatPhone } from '@petshop/domain';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { IconButton } from '../../../../components/ui/icon-button';
import { CalendarIcon, EditIcon, MailIcon, TrashIcon } from '../../../../components/ui/icons';

const columns: Column<Employee>[] = [
  { label: 'Nome', cell: (employee) => employee.name },
  { label: 'Telefone', cell: (employee) => (employee.phone ? formatPhone(employee.phone) : '—') },
  { label: 'Cargo', cell: (employee) => employee.position },
];

interface EmployeesTableProps {
  employees: Employee[];
  onEdit: (employee: Employee) => void;
  onSchedule: (employee: Employee) => void;
  onInvite: (employee: Employee) => void;
  onDelete: (employee: Employee) => void;
}

export function EmployeesTable({ employees, onEdit, onSchedule, onInvite, onDelete }: EmployeesTableProps) {
  return (
    <DataTable
      rows={employees}
      rowKey={(employee) => employee.id}
      columns={columns}
      actions={(employee) => (
        <>
          <IconButton aria-label={`Editar ${employee.name}`} onClick={() => onEdit(employee)}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`Horários de ${employee.name}`} onClick={() => onSchedule(employee)}>
            <CalendarIcon />
          </IconButton>
          <IconButton aria-label={`Convidar ${employee.name} para entrar`} onClick={() => onInvite(employee)}>
            <MailIcon />
          </IconButton>
          <IconButton aria-label={`Excluir ${employee.name}`} variant="danger" onClick={() => onDelete(employee)}>
            <TrashIcon />
          </IconButton>
        </>
      )}
    />
  );
}
