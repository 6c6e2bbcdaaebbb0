import { type Appointment, formatMoney } from '@petshop/domain';
import { AppointmentStatusBadge } from './appointment-status-badge';
import type { AppointmentColumn } from './appointments-table';

/** What the customer's rows add after Pet: the status as a badge and the price kept at booking. */
export const customerColumns: AppointmentColumn<Appointment>[] = [
  { label: 'Status', cell: ({ status }) => <AppointmentStatusBadge status={status} /> },
  {
    label: 'Valor',
    // a package or plan credit paid it: the R$ 0,00 says why
    cell: ({ price, paidWith }) => (paidWith ? `${formatMoney(price)} (${paidWith})` : formatMoney(price)),
  },
];
