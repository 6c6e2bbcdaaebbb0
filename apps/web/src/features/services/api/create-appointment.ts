import type { Appointment } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKey } from './get-availability';

/** Sent as chosen: the server checks everything and its message is shown (SPEC section 5). */
export interface BookingRequest {
  service_id: number;
  employer_id: number | undefined;
  pet_id: number | undefined;
  appointment_date: string;
  appointment_time: string;
}

export const createAppointment = (body: BookingRequest) =>
  apiRequest<Appointment>('/appointments', { method: 'POST', body });

export const useCreateAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKey }),
        queryClient.invalidateQueries({ queryKey: ['appointments'] }),
      ]);
    },
  });
};
