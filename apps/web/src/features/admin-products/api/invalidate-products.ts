import type { QueryClient } from '@tanstack/react-query';
import { adminProductsQueryKey } from './get-admin-products';

/** After a change: this list, and the shop's product grids that share the cache. */
export const invalidateProducts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]);
