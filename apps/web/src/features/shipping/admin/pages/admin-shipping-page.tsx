import { useQuery } from '@tanstack/react-query';
import { shippingTableQueryOptions } from '../../../../api/shipping';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { ShippingTableForm } from '../components/shipping-table-form';
import './admin-shipping-page.css';

/** /adminShipping: the delivery fee and time per UF and the free-shipping threshold. */
export function AdminShippingPage() {
  const table = useQuery(shippingTableQueryOptions());
  return (
    <div className="admin-shipping-page">
      <h1 className="admin-shipping-page__title">Fretes</h1>
      <p className="admin-shipping-page__intro">
        O frete de cada pedido vem desta tabela, pela UF do endereço de entrega. Estados desmarcados não recebem
        entregas; nesses casos o cliente pode retirar na loja.
      </p>
      {table.isPending ? (
        <LoadingState />
      ) : table.isError ? (
        <EmptyState
          message={messageOf(table.error, 'Erro ao buscar a tabela de fretes.')}
          action={<Button onClick={() => void table.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <ShippingTableForm table={table.data} />
      )}
    </div>
  );
}

export { AdminShippingPage as Component };
