import { useQuery } from '@tanstack/react-query';
import { productStockQueryOptions } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';

/** The admin product view's stock per store ('Loja principal: 5 · Loja Centro: 2'). */
export function ProductStockByStore({ productId }: { productId: number }) {
  const stock = useQuery(productStockQueryOptions(productId));
  return (
    <div className="field" aria-live="polite">
      <span className="field__label">Estoque por loja</span>
      {stock.isPending ? (
        <span>Carregando...</span>
      ) : stock.isError ? (
        <span>
          Não foi possível carregar o estoque por loja.{' '}
          <Button variant="ghost" onClick={() => void stock.refetch()}>
            Tentar de novo
          </Button>
        </span>
      ) : (
        <ul className="product-stock-by-store">
          {stock.data.map((row) => (
            <li key={row.storeId}>
              {row.storeName}: <strong>{row.quantity}</strong>
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">O estoque acima é o total das lojas; uma mudança nele vale para a loja principal.</p>
    </div>
  );
}
