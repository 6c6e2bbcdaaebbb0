import type { Product } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { productQueryOptions } from '../../../api/catalog';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError, messageOf } from '../../../lib/api-client';
import { ProductDetail } from '../components/product-detail';
import { parseId } from '../lib/parse-id';

/** The product a grid card put in navigation state, when it is the one the URL names. */
const productFromState = (state: unknown, id: number): Product | undefined => {
  if (typeof state !== 'object' || state === null || !('product' in state)) return undefined;
  const { product } = state;
  if (typeof product !== 'object' || product === null || !('id' in product)) return undefined;
  return product.id === id ? (product as Product) : undefined;
};

/** /products/:id — from navigation state when it matches, else from the API, so deep links work. */
export function Component() {
  const params = useParams();
  const location = useLocation();
  const id = parseId(params.id);
  const known = id === null ? undefined : productFromState(location.state, id);
  const {
    data: product,
    error,
    isPending,
    refetch,
  } = useQuery({ ...productQueryOptions(id ?? 0, known), enabled: id !== null });
  usePageTitle(product?.name);

  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <EmptyState message="Produto não encontrado" action={<ButtonLink to="/products">Ver produtos</ButtonLink>} />
    );
  }
  if (product) return <ProductDetail key={product.id} product={product} />;
  if (isPending) return <LoadingState />;
  return (
    <EmptyState
      message={messageOf(error, 'Não foi possível carregar o produto.')}
      action={<Button onClick={() => void refetch()}>Tentar novamente</Button>}
    />
  );
}
