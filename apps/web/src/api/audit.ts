import { api, pagedQueryOptions } from '../lib/api-client';
import type { Query } from '../lib/typed-api';

export type AuditFilters = Omit<Query<'get', '/admin/audit'>, 'limit' | 'offset'>;

export const auditKey = ['admin-audit'] as const;

/** Admin: the audit trail, newest first, 20 at a time ('' filters are left out). */
export const auditQueryOptions = (filters: AuditFilters) =>
  pagedQueryOptions([...auditKey, filters], (page, signal) => {
    const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
    return api.get('/admin/audit', { query: { ...page, ...set }, signal });
  });
