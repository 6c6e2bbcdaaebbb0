import { type Appointment, formatPhone, type StaffAppointment } from '@petshop/domain';
import { type AppointmentColumn, AppointmentsTable } from '../../components/appointments-table';

const staffColumns: AppointmentColumn<StaffAppointment>[] = [
  {
    label: 'Cliente',
    cell: ({ customer }) => (
      <>
        {customer.name}
        <br />
        <a href={`tel:+55${customer.phone}`}>{formatPhone(customer.phone)}</a>
      </>
    ),
  },
  { label: 'Status', cell: (appointment) => appointment.status },
];

interface AdminAppointmentsTableProps {
  appointments: StaffAppointment[];
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}

/** The admin's list: the shared appointments table with the pet's size, Cliente (with a phone link) and Status. */
export function AdminAppointmentsTable(props: AdminAppointmentsTableProps) {
  return <AppointmentsTable {...props} staff columns={staffColumns} />;
}
