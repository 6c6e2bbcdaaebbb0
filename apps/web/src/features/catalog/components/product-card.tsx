import { formatMoney, type Product } from '@petshop/domain';
import { Link } from 'react-router';
import { ProductImage } from './product-image';
import './product-card.css';

/** A grid card; the product travels in navigation state so the detail page needs no request. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Link className="product-card" to={`/products/${product.id}`} state={{ product }}>
      <ProductImage className="product-card__image" product={product} lazy />
      <span className="product-card__name">{product.name}</span>
      <span className="product-card__price">{formatMoney(product.price)}</span>
      {product.stock === 0 && <span className="product-card__sold-out">Produto esgotado</span>}
    </Link>
  );
}
