import type { Appointment, RescheduleBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminAppointmentsQueryKey } from './get-admin-appointments';

export interface RescheduleInput {
  id: number;
  body: RescheduleBody;
}

export const rescheduleAppointment = ({ id, body }: RescheduleInput) =>
  apiRequest<Appointment>(`/appointments/${id}`, { method: 'PUT', body });

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAppointmentsQueryKey }),
  });
}
