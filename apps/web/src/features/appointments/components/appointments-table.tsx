import { APPOINTMENT_STATUS, type Appointment } from '@petshop/domain';
import type { ReactNode } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, EditIcon } from '../../../components/ui/icons';
import { appointmentWhen } from './appointment-when';
import '../../../components/ui/data-table.css';

/** A column after Pet: its name (also the cell's label when rows are stacked) and what each row shows in it. */
export interface AppointmentColumn<T extends Appointment> {
  label: string;
  cell: (appointment: T) => ReactNode;
}

interface AppointmentsTableProps<T extends Appointment> {
  appointments: T[];
  onEdit: (appointment: T) => void;
  onCancel: (appointment: T) => void;
  /**
   * The staff's list: a framed table of its own (the customer's rows sit inside a card), the pet's
   * size, the service named in the buttons, and Editar/Cancelar only while the appointment is scheduled.
   */
  staff?: boolean;
  /** Columns after Pet (the staff's Cliente and Status). */
  columns?: AppointmentColumn<T>[];
}

/** Data e Hora, Serviço, Funcionário, Pet and `columns`; rows become stacked labelled cards at 600 px or narrower (CSS only). */
export function AppointmentsTable<T extends Appointment>({
  appointments,
  onEdit,
  onCancel,
  staff = false,
  columns = [],
}: AppointmentsTableProps<T>) {
  const labels = ['Data e Hora', 'Serviço', 'Funcionário', 'Pet', ...columns.map((column) => column.label)];
  return (
    <table className={staff ? 'data-table' : 'data-table data-table--plain'}>
      <thead>
        <tr>
          {labels.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {appointments.map((appointment) => {
          const when = appointmentWhen(appointment);
          const service = appointment.service.name || 'Serviço não especificado';
          const which = staff ? `${service} em ${when}` : when;
          return (
            <tr key={appointment.id}>
              <th scope="row" data-label="Data e Hora">
                {when}
              </th>
              <td data-label="Serviço">{service}</td>
              <td data-label="Funcionário">{appointment.employer.name || 'Funcionário não especificado'}</td>
              <td data-label="Pet">
                {appointment.pet.name}
                {staff && ` (${appointment.pet.size})`}
              </td>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(appointment)}
                </td>
              ))}
              <td className="data-table__actions">
                {(!staff || appointment.status === APPOINTMENT_STATUS.scheduled) && (
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
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
