import { APPOINTMENT_STATUS, type Appointment, formatPhone, type StaffAppointment } from '@petshop/domain';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, EditIcon } from '../../../components/ui/icons';
import { appointmentWhen } from './appointment-when';
import '../../../components/ui/data-table.css';

interface AdminAppointmentsTableProps {
  appointments: StaffAppointment[];
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}

/** The admin's table: Data e Hora, Serviço, Funcionário, Pet (with its size), Cliente (with a phone link), Status; rows become stacked cards at 600 px or narrower. */
export function AdminAppointmentsTable({ appointments, onEdit, onCancel }: AdminAppointmentsTableProps) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Data e Hora</th>
          <th scope="col">Serviço</th>
          <th scope="col">Funcionário</th>
          <th scope="col">Pet</th>
          <th scope="col">Cliente</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {appointments.map((appointment) => {
          const when = appointmentWhen(appointment);
          const service = appointment.service?.name || 'Serviço não especificado';
          return (
            <tr key={appointment.id}>
              <th scope="row" data-label="Data e Hora">
                {when}
              </th>
              <td data-label="Serviço">{service}</td>
              <td data-label="Funcionário">{appointment.employer?.name || 'Funcionário não especificado'}</td>
              <td data-label="Pet">
                {appointment.pet.name} ({appointment.pet.size})
              </td>
              <td data-label="Cliente">
                {appointment.customer.name}
                <br />
                <a href={`tel:+55${appointment.customer.phone}`}>{formatPhone(appointment.customer.phone)}</a>
              </td>
              <td data-label="Status">{appointment.status}</td>
              <td className="data-table__actions">
                {appointment.status === APPOINTMENT_STATUS.scheduled && (
                  <>
                    <IconButton
                      aria-label={`Editar agendamento de ${service} em ${when}`}
                      onClick={() => onEdit(appointment)}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Cancelar agendamento de ${service} em ${when}`}
                      variant="danger"
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
