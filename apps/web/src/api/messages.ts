import { queryOptions } from '@tanstack/react-query';
import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Query } from '../lib/typed-api';

export type MessageFilters = Pick<Query<'get', '/admin/messages'>, 'status' | 'channel'>;

export const adminMessagesKey = ['admin-messages'] as const;

/** Admin: the outbox, newest first (the server's order), 20 at a time. */
export const adminMessagesQueryOptions = (filters: MessageFilters) =>
  pagedQueryOptions([...adminMessagesKey, filters], (page, signal) =>
    api.get('/admin/messages', {
      query: { ...page, status: filters.status || undefined, channel: filters.channel || undefined },
      signal,
    }),
  );

export const resendMessageMutation = () => ({
  mutationFn: (id: number) => api.post('/admin/messages/{id}/resend', { path: { id } }),
  onSuccess: invalidate(adminMessagesKey),
});

/** Admin: one message as it is (or would be) sent; without SMTP, the development mailbox. */
export const adminMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminMessagesKey, 'content', id],
    queryFn: getData('/admin/messages/{id}', { path: { id } }),
  });
