import type { Appointment } from '@petshop/domain';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, EditIcon } from '../../../components/ui/icons';
import { appointmentWhen } from './appointment-when';
import './appointments-table.css';

interface AppointmentsTableProps {
  appointments: Appointment[];
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}

/** The customer's table on /user: a table on wide screens; stacked labelled rows on a phone (CSS only). */
export function AppointmentsTable({ appointments, onEdit, onCancel }: AppointmentsTableProps) {
  return (
    <table className="appointments-table">
      <thead>
        <tr>
          <th scope="col">Data e Hora</th>
          <th scope="col">Serviço</th>
          <th scope="col">Funcionário</th>
          <th scope="col">Pet</th>
          <th scope="col">
            <span className="appointments-table__hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {appointments.map((appointment) => {
          const when = appointmentWhen(appointment);
          return (
            <tr key={appointment.id}>
              <th scope="row" data-label="Data e Hora">
                {when}
              </th>
              <td data-label="Serviço">{appointment.service.name}</td>
              <td data-label="Funcionário">{appointment.employer.name}</td>
              <td data-label="Pet">{appointment.pet.name}</td>
              <td className="appointments-table__actions">
                <IconButton aria-label={`Editar agendamento de ${when}`} onClick={() => onEdit(appointment)}>
                  <EditIcon />
                </IconButton>
                <IconButton
                  variant="danger"
                  aria-label={`Cancelar agendamento de ${when}`}
                  onClick={() => onCancel(appointment)}
                >
                  <CloseIcon />
                </IconButton>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
