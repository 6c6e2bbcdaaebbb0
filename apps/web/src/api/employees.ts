import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Body } from '../lib/typed-api';
import { availabilityKey } from './appointments';

export const adminEmployeesKey = ['admin-employees'] as const;

/** Who performs a service, for the booking form. */
export const serviceEmployeesQueryOptions = (serviceId: number) => ({
  queryKey: ['employers', 'service', serviceId],
  queryFn: getData('/employers/service/{serviceId}', { path: { serviceId }, query: { limit: 200 } }),
});

/** Admin: every employee, 20 at a time. */
export const adminEmployeesQueryOptions = () =>
  pagedQueryOptions(adminEmployeesKey, (query, signal) => api.get('/employers', { query, signal }));

export interface SaveEmployeeInput {
  /** Absent: a new employee. */
  id?: number | undefined;
  body: Body<'post', '/employers'>;
}

export const saveEmployeeMutation = () => ({
  mutationFn: ({ id, body }: SaveEmployeeInput) =>
    id === undefined ? api.post('/employers', { body }) : api.put('/employers/{id}', { path: { id }, body }),
  onSuccess: invalidate(adminEmployeesKey),
});

export const deleteEmployeeMutation = () => ({
  mutationFn: (id: number) => api.delete('/employers/{id}', { path: { id } }),
  onSuccess: invalidate(adminEmployeesKey),
});

const scheduleKey = (id: number) => [...adminEmployeesKey, id, 'schedule'] as const;

/** Admin: an employee's working hours per weekday and days off (the default week if never set). */
export const employeeScheduleQueryOptions = (id: number) => ({
  queryKey: scheduleKey(id),
  queryFn: getData('/employers/{id}/schedule', { path: { id } }),
});

/** Replaces the whole schedule; the free slots shown anywhere are then stale. */
export const saveEmployeeScheduleMutation = (id: number) => ({
  mutationFn: (body: Body<'put', '/employers/{id}/schedule'>) =>
    api.put('/employers/{id}/schedule', { path: { id }, body }),
  onSuccess: invalidate(scheduleKey(id), availabilityKey),
});

/** Invites the employee to sign in (owner; a manager for reception and professionals of their stores). */
export const inviteEmployeeMutation = (id: number) => ({
  mutationFn: (body: Body<'post', '/employers/{id}/invite'>) =>
    api.post('/employers/{id}/invite', { path: { id }, body }),
  onSuccess: invalidate(adminEmployeesKey),
});
