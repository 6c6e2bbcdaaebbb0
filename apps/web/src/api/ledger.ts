import { infiniteQueryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, api, nextOffset } from '../lib/api-client';
import type { Query } from '../lib/typed-api';

export type LedgerFilters = Omit<Query<'get', '/admin/payments'>, 'limit' | 'offset'>;

export const ledgerKey = ['admin-payments'] as const;

/**
 * Owner and managers: the payments ledger (web, counter and plans), newest first, 20 at a time;
 * each page's meta also carries the totals over every match.
 */
export const ledgerQueryOptions = (filters: LedgerFilters) =>
  infiniteQueryOptions({
    queryKey: [...ledgerKey, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get('/admin/payments', { query: { limit: ADMIN_PAGE_SIZE, offset: pageParam, ...filters }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
