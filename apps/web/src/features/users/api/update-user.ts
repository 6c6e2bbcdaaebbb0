import type { PublicUser, UpdateUserBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveUser } from '../../../lib/session';
import { userQueryKey } from './get-user';

export interface UpdateUserInput {
  id: number;
  body: UpdateUserBody;
}

export async function updateUser({ id, body }: UpdateUserInput) {
  return apiRequest<PublicUser>(`/user/${id}`, { method: 'PUT', body });
}

/** On success the stored user is replaced (SPEC section 4) and the cached copy too. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ data }) => {
      saveUser(data);
      queryClient.setQueryData(userQueryKey(data.id), data);
    },
  });
}
