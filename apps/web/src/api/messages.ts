import type { AdminMessage, AdminMessageContent, MessageChannel, MessageStatus } from '@petshop/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, apiRequest, invalidate, nextOffset } from '../lib/api-client';

export interface MessageFilters {
  status?: MessageStatus | undefined;
  channel?: MessageChannel | undefined;
}

export const adminMessagesKey = ['admin-messages'] as const;

/** Admin: the outbox, newest first (the server's order), 20 at a time. */
export const adminMessagesQueryOptions = (filters: MessageFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminMessagesKey, filters],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(pageParam) });
      if (filters.status) query.set('status', filters.status);
      if (filters.channel) query.set('channel', filters.channel);
      return apiRequest<AdminMessage[]>(`/admin/messages?${query}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const resendMessageMutation = () => ({
  mutationFn: (id: number) => apiRequest<AdminMessage>(`/admin/messages/${id}/resend`, { method: 'POST' }),
  onSuccess: invalidate(adminMessagesKey),
});

/** Admin: one message as it is (or would be) sent; without SMTP, the development mailbox. */
export const adminMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminMessagesKey, 'content', id],
    queryFn: async ({ signal }) => (await apiRequest<AdminMessageContent>(`/admin/messages/${id}`, { signal })).data,
  });
