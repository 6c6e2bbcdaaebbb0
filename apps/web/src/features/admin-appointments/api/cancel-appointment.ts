import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminAppointmentsQueryKey } from './get-admin-appointments';

export const cancelAppointment = (id: number) => apiRequest<unknown>(`/appointments/${id}`, { method: 'DELETE' });

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAppointmentsQueryKey }),
  });
}
