import { type Product, productImageSrcSet } from '@petshop/domain';
import { PawIcon } from '../../../components/ui/icons';
import './product-image.css';

interface ProductImageProps {
  product: Pick<Product, 'name' | 'url'>;
  className?: string;
  lazy?: boolean;
  /** How wide the picture is drawn, for the browser to pick an uploaded photo's width. */
  sizes?: string;
}

/** The 400x400 product picture, or a paw when the product has none. */
export function ProductImage({
  product,
  className,
  lazy = false,
  sizes = '(max-width: 600px) 50vw, 280px',
}: ProductImageProps) {
  const classes = ['product-image', className ?? ''].filter(Boolean).join(' ');
  if (!product.url) {
    return (
      <span className={`${classes} product-image--empty`}>
        <PawIcon size={64} />
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={product.url}
      srcSet={productImageSrcSet(product.url)}
      sizes={productImageSrcSet(product.url) ? sizes : undefined}
      alt={product.name}
      width={400}
      height={400}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  );
}
