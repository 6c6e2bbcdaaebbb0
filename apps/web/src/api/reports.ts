import type { ReportSummary, ReportSummaryQuery } from '@petshop/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { getData } from '../lib/api-client';

export const reportsKey = ['admin-reports'] as const;

/** Admin: the dashboard's figures for a period; the previous period's stay on screen while the next loads. */
export const reportSummaryQueryOptions = ({ from, to }: ReportSummaryQuery) => ({
  queryKey: [...reportsKey, 'summary', from, to],
  queryFn: getData<ReportSummary>(`/admin/reports/summary?${new URLSearchParams({ from, to })}`),
  placeholderData: keepPreviousData,
});
