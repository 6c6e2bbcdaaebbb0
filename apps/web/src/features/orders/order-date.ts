import { formatDateTime } from '@petshop/domain';

/** ISO timestamp -> 'dd/mm/aaaa' of the business time zone (an order at 23:30 in São Paulo keeps its day). */
export const formatOrderDate = (iso: string) => formatDateTime(iso).slice(0, 10);
