import { APPOINTMENT_STATUS, type Appointment } from '@petshop/domain';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, EditIcon } from '../../../components/ui/icons';
import { appointmentWhen } from './appointment-when';

export type { Column as AppointmentColumn } from '../../../components/ui/data-table';

const serviceName = (appointment: Appointment) => appointment.service.name || 'Serviço não especificado';

interface AppointmentsTableProps<T extends Appointment> {
  appointments: T[];
  /** Without `onEdit` and `onCancel` the rows have no buttons (the customer's history). */
  onEdit?: (appointment: T) => void;
  onCancel?: (appointment: T) => void;
  /**
   * The staff's list: a framed table of its own (the customer's rows sit inside a card), the pet's
   * size, the service named in the buttons, and Editar/Cancelar only while the appointment is scheduled.
   */
  staff?: boolean;
  /** Columns after Pet (the staff's Cliente and Status). */
  columns?: Column<T>[];
}

/** Data e Hora, Serviço, Funcionário, Pet and `columns`. */
export function AppointmentsTable<T extends Appointment>({
  appointments,
  onEdit,
  onCancel,
  staff = false,
  columns = [],
}: AppointmentsTableProps<T>) {
  const all: Column<T>[] = [
    { label: 'Data e Hora', cell: appointmentWhen },
    { label: 'Serviço', cell: serviceName },
    { label: 'Funcionário', cell: (appointment) => appointment.employer.name || 'Funcionário não especificado' },
    { label: 'Pet', cell: ({ pet }) => (staff ? `${pet.name} (${pet.size})` : pet.name) },
    ...columns,
  ];
  return (
    <DataTable
      plain={!staff}
      rows={appointments}
      rowKey={(appointment) => appointment.id}
      columns={all}
      actions={
        onEdit && onCancel
          ? (appointment) => {
              if (staff && appointment.status !== APPOINTMENT_STATUS.scheduled) return null;
              const when = appointmentWhen(appointment);
              const which = staff ? `${serviceName(appointment)} em ${when}` : when;
              return (
                <>
                  <IconButton aria-label={`Editar agendamento de ${which}`} onClick={() => onEdit(appointment)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    variant="danger"
                    aria-label={`Cancelar agendamento de ${which}`}
                    onClick={() => onCancel(appointment)}
                  >
                    <CloseIcon />
                  </IconButton>
                </>
              );
            }
          : undefined
      }
    />
  );
}
