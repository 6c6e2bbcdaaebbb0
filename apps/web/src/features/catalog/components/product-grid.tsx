import type { Product } from '@petshop/domain';
import { Skeleton } from '../../../components/ui/skeleton';
import { ProductCard } from './product-card';
import './product-grid.css';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6, 7, 8];

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while the first page loads. */
export function ProductGridSkeleton() {
  return (
    <div className="product-grid" aria-busy="true">
      <span className="visually-hidden" role="status">
        Carregando...
      </span>
      {SKELETON_CARDS.map((key) => (
        <div key={key} className="product-grid__skeleton">
          <Skeleton className="product-grid__skeleton-image" />
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="40%" />
        </div>
      ))}
    </div>
  );
}
