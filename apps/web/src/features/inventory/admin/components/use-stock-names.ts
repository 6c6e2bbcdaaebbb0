import { useQuery } from '@tanstack/react-query';
import { productChoicesQueryOptions } from '../../../../api/inventory';
import { storesQueryOptions } from '../../../../api/stores';

/** The products and stores the forms offer, and their names by id for the tables. */
export function useStockNames() {
  const products = useQuery(productChoicesQueryOptions());
  const stores = useQuery(storesQueryOptions());
  const productNames = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const storeNames = new Map((stores.data ?? []).map((s) => [s.id, s.name]));
  return {
    products: products.data ?? [],
    stores: stores.data ?? [],
    productName: (id: number) => productNames.get(id) ?? `Produto #${id}`,
    storeName: (id: number) => storeNames.get(id) ?? `Loja #${id}`,
  };
}

export type StockNames = ReturnType<typeof useStockNames>;
