import type { Appointment } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKey } from './get-availability';

export const cancelAppointment = (id: number) => apiRequest<Appointment>(`/appointments/${id}`, { method: 'DELETE' });

export const useCancelAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['appointments'] }),
        queryClient.invalidateQueries({ queryKey: availabilityKey }),
      ]);
    },
  });
};
