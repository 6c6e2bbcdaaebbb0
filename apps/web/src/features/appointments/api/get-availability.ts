import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const availabilityKey = ['availability'] as const;

/** Free slots ('HH:MM') of an employee on a day. */
export const getAvailability = async (employerId: number, date: string, signal?: AbortSignal) =>
  (
    await apiRequest<string[]>(
      `/appointments/availability?employer_id=${employerId}&date=${encodeURIComponent(date)}`,
      {
        signal,
      },
    )
  ).data;

export const availabilityQueryOptions = (employerId: number, date: string) =>
  queryOptions({
    queryKey: [...availabilityKey, employerId, date],
    queryFn: ({ signal }) => getAvailability(employerId, date, signal),
    staleTime: 0,
  });

export const useAvailability = (employerId: number, date: string) =>
  useQuery({ ...availabilityQueryOptions(employerId, date), enabled: date !== '' });
