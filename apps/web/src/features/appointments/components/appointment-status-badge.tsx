import { APPOINTMENT_STATUS, type AppointmentStatus } from '@petshop/domain';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const TONE: Record<AppointmentStatus, StatusTone> = {
  [APPOINTMENT_STATUS.scheduled]: 'progress',
  [APPOINTMENT_STATUS.inProgress]: 'waiting',
  [APPOINTMENT_STATUS.done]: 'done',
  [APPOINTMENT_STATUS.noShow]: 'problem',
  [APPOINTMENT_STATUS.cancelled]: 'closed',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <StatusBadge tone={TONE[status]}>{status}</StatusBadge>;
}
