import type { Employee, EmployeeBody } from '@petshop/domain';
import { apiRequest, getData, invalidate, pagedQueryOptions, saveTo } from '../lib/api-client';

export const adminEmployeesKey = ['admin-employees'] as const;

/** Who performs a service, for the booking form. */
export const serviceEmployeesQueryOptions = (serviceId: number) => ({
  queryKey: ['employers', 'service', serviceId],
  queryFn: getData<Employee[]>(`/employers/service/${serviceId}?limit=200`),
});

/** Admin: every employee, 20 at a time. */
export const adminEmployeesQueryOptions = () => pagedQueryOptions<Employee>(adminEmployeesKey, '/employers');

export interface SaveEmployeeInput {
  /** Absent: a new employee. */
  id?: number | undefined;
  body: EmployeeBody;
}

export const saveEmployeeMutation = () => ({
  mutationFn: ({ id, body }: SaveEmployeeInput) => saveTo<Employee>('/employers', id, body),
  onSuccess: invalidate(adminEmployeesKey),
});

export const deleteEmployeeMutation = () => ({
  mutationFn: (id: number) => apiRequest<unknown>(`/employers/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(adminEmployeesKey),
});
