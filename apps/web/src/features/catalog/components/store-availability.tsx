import { useQuery } from '@tanstack/react-query';
import { productStockQueryOptions, storesQueryOptions } from '../../../api/stores';
import { Button } from '../../../components/ui/button';
import './store-availability.css';

/**
 * With several active stores, where the product is on the shelf: 'Disponível na Loja Moema',
 * 'Esgotado na Loja principal'. A shop with one store shows nothing (its stock is the product's).
 */
export function StoreAvailability({ productId }: { productId: number }) {
  const stores = useQuery(storesQueryOptions());
  const several = (stores.data?.length ?? 0) > 1;
  const stock = useQuery(productStockQueryOptions(several ? productId : undefined));
  if (!several || stock.isPending) return null;
  if (stock.isError) {
    return (
      <p className="store-availability__error" role="alert">
        Não foi possível ver a disponibilidade nas lojas.{' '}
        <Button variant="ghost" onClick={() => void stock.refetch()}>
          Tentar novamente
        </Button>
      </p>
    );
  }
  const active = new Set(stores.data?.map((store) => store.id));
  const rows = stock.data.filter((row) => active.has(row.storeId));
  return (
    <ul className="store-availability" aria-label="Disponibilidade nas lojas">
      {rows.map((row) => (
        <li key={row.storeId} className={row.quantity > 0 ? 'store-availability__in' : 'store-availability__out'}>
          {row.quantity > 0 ? `Disponível na ${row.storeName}` : `Esgotado na ${row.storeName}`}
        </li>
      ))}
    </ul>
  );
}
