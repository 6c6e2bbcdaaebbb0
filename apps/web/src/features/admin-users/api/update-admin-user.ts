import type { PublicUser, UpdateUserBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getSession, saveUser } from '../../../lib/session';
import { adminUsersQueryKey } from './get-admin-users';

export interface UpdateAdminUserInput {
  id: number;
  body: UpdateUserBody;
}

export const updateAdminUser = ({ id, body }: UpdateAdminUserInput) =>
  apiRequest<PublicUser>(`/user/${id}`, { method: 'PUT', body });

/** An admin editing their own row also refreshes the stored user. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: async ({ data }) => {
      if (getSession().user?.id === data.id) saveUser(data);
      queryClient.setQueryData(['users', data.id], data);
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
}
