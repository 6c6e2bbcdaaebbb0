import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminProductsQueryOptions } from '../../../../api/catalog';
import { productStockQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Select } from '../../../../components/ui/select';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';

/** A product's units in each store: choose the product, read the shelves. */
export function StoreStockCard() {
  const products = useInfiniteQuery(adminProductsQueryOptions());
  const [productId, setProductId] = useState('');
  const chosen = productId === '' ? undefined : Number(productId);
  const stock = useQuery(productStockQueryOptions(chosen));
  const list = products.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className="admin-stores-page__stock" aria-labelledby="store-stock-title">
      <h2 id="store-stock-title" className="admin-stores-page__subtitle">
        Estoque por loja
      </h2>
      <Select
        label="Produto"
        name="product"
        placeholder={products.isPending ? 'Carregando...' : 'Selecione um produto'}
        value={productId}
        onValueChange={setProductId}
        error={products.isError ? messageOf(products.error, 'Erro ao carregar produtos.') : undefined}
      >
        {list.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </Select>
      {products.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void products.fetchNextPage()}
          disabled={products.isFetchingNextPage}
        >
          Carregar mais produtos
        </Button>
      )}
      {chosen === undefined ? null : stock.isPending ? (
        <LoadingState />
      ) : stock.isError ? (
        <EmptyState
          message={messageOf(stock.error, 'Erro ao buscar o estoque do produto.')}
          action={<Button onClick={() => void stock.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <DataTable
          caption="Unidades em cada loja"
          rows={stock.data}
          rowKey={(row) => row.storeId}
          columns={[
            { label: 'Loja', cell: (row) => row.storeName },
            { label: 'Unidades', cell: (row) => row.quantity },
          ]}
        />
      )}
    </section>
  );
}
