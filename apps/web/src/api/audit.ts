import type { AuditEntry } from '@petshop/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, apiRequest, nextOffset } from '../lib/api-client';

export interface AuditFilters {
  entity?: string | undefined;
  entityId?: string | undefined;
  userId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const auditKey = ['admin-audit'] as const;

/** Admin: the audit trail, newest first, 20 at a time. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...auditKey, filters],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(pageParam) });
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      return apiRequest<AuditEntry[]>(`/admin/audit?${query}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
