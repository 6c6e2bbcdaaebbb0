import type { Appointment, RescheduleBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKey } from './get-availability';

export const rescheduleAppointment = ({ id, ...body }: RescheduleBody & { id: number }) =>
  apiRequest<Appointment>(`/appointments/${id}`, { method: 'PUT', body });

export const useRescheduleAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['appointments'] }),
        queryClient.invalidateQueries({ queryKey: availabilityKey }),
      ]);
    },
  });
};
