import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { productsQueryOptions } from '../../../api/catalog';
import { HomeSection } from './home-section';
import { LoadError } from './load-error';
import { ProductCard } from './product-card';
import './product-strip.css';

const SHOWN = 8;

/**
 * A row of products on /home, swiped sideways on a phone; the same request as /products' first
 * page, so opening 'Ver todos' costs nothing more.
 */
export function ProductStrip() {
  const { data, isPending, isError, refetch } = useInfiniteQuery(productsQueryOptions({ kind: 'all' }));
  const products = data?.pages[0]?.data.slice(0, SHOWN) ?? [];
  if (!isPending && !isError && products.length === 0) return null;

  return (
    <HomeSection title="Produtos">
      {isError && !data ? (
        <LoadError what="os produtos" onRetry={() => void refetch()} />
      ) : (
        <>
          <ul className="product-strip" aria-busy={isPending}>
            {products.map((product) => (
              <li key={product.id} className="product-strip__item">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <Link className="product-strip__all" to="/products">
            Ver todos os produtos
          </Link>
        </>
      )}
    </HomeSection>
  );
}
