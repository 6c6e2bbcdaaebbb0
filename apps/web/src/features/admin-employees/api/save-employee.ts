import type { Employee, EmployeeBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminEmployeesQueryKey } from './get-admin-employees';

export interface SaveEmployeeInput {
  /** Absent: a new employee. */
  id?: number | undefined;
  body: EmployeeBody;
}

export const saveEmployee = ({ id, body }: SaveEmployeeInput) =>
  id === undefined
    ? apiRequest<Employee>('/employers', { method: 'POST', body })
    : apiRequest<Employee>(`/employers/${id}`, { method: 'PUT', body });

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEmployeesQueryKey }),
  });
}
