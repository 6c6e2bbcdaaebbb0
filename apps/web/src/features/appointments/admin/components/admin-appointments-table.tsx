import type { Appointment, StaffAppointment } from '@petshop/domain';
import { type AppointmentColumn, AppointmentsTable } from '../../components/appointments-table';
import { CustomerPhone } from './customer-phone';

const staffColumns: AppointmentColumn<StaffAppointment>[] = [
  {
    label: 'Cliente',
    cell: ({ customer }) => (
      <>
        {customer.name}
        <br />
        <CustomerPhone phone={customer.phone} />
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
