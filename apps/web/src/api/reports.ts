import type { ReportSummaryQuery } from '@petshop/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { getData } from '../lib/api-client';

export const reportsKey = ['admin-reports'] as const;

/**
 * Admin and managers: the dashboard's figures for a period, of one store (`storeId`) or of every
 * store the caller has (their sum); the previous figures stay on screen while the next load.
 */
export const reportSummaryQueryOptions = ({ from, to, storeId }: ReportSummaryQuery) => ({
  queryKey: [...reportsKey, 'summary', from, to, storeId ?? 'all'],
  queryFn: getData('/admin/reports/summary', {
    query: { from, to, storeId },
  }),
  placeholderData: keepPreviousData,
});
