import type { Employee, EmployeeBody, EmployeeSchedule, StaffInvitation, StaffInviteBody } from '@petshop/domain';
import { apiRequest, getData, invalidate, pagedQueryOptions, saveTo } from '../lib/api-client';
import { availabilityKey } from './appointments';

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

const scheduleKey = (id: number) => [...adminEmployeesKey, id, 'schedule'] as const;

/** Admin: an employee's working hours per weekday and days off (the default week if never set). */
export const employeeScheduleQueryOptions = (id: number) => ({
  queryKey: scheduleKey(id),
  queryFn: getData<EmployeeSchedule>(`/employers/${id}/schedule`),
});

/** Replaces the whole schedule; the free slots shown anywhere are then stale. */
export const saveEmployeeScheduleMutation = (id: number) => ({
  mutationFn: (body: EmployeeSchedule) =>
    apiRequest<EmployeeSchedule>(`/employers/${id}/schedule`, { method: 'PUT', body }),
  onSuccess: invalidate(scheduleKey(id), availabilityKey),
});

/** Invites the employee to sign in (owner; a manager for reception and professionals of their stores). */
export const inviteEmployeeMutation = (id: number) => ({
  mutationFn: (body: StaffInviteBody) =>
    apiRequest<StaffInvitation>(`/employers/${id}/invite`, { method: 'POST', body }),
  onSuccess: invalidate(adminEmployeesKey),
});
