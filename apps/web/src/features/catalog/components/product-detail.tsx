import {
  CART_LIMIT_MESSAGE,
  formatMoney,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_QUANTITY_MIN,
  type Product,
} from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { addCartItemMutation } from '../../../api/cart';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { CartIcon } from '../../../components/ui/icons';
import { messageOf } from '../../../lib/api-client';
import { authPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ProductDescription } from './product-description';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';
import { StoreAvailability } from './store-availability';
import './product-detail.css';

/** One toast for the cart buttons: a second tap replaces it instead of stacking another. */
const CART_TOAST = 'cart';

/** SPEC section 9: /cart opens 1 second after 'Comprar'. */
const REDIRECT_TO_CART_MS = 1000;

const isAllowedQuantity = (quantity: number) =>
  Number.isInteger(quantity) && quantity >= PRODUCT_QUANTITY_MIN && quantity <= PRODUCT_QUANTITY_MAX;

export function ProductDetail({ product }: { product: Product }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = useSession();
  const addToCart = useMutation(addCartItemMutation());
  const [quantity, setQuantity] = useState(PRODUCT_QUANTITY_MIN);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const soldOut = product.stock <= 0;
  const maxQuantity = Math.max(PRODUCT_QUANTITY_MIN, Math.min(PRODUCT_QUANTITY_MAX, product.stock));
  const busy = addToCart.isPending || redirecting;

  const add = async (): Promise<boolean> => {
    if (!token) {
      // A visitor logs in or registers first and comes back to this product.
      toast.info('Entre ou cadastre-se para comprar.', { id: CART_TOAST });
      navigate(authPath('/login', `${location.pathname}${location.search}`));
      return false;
    }
    if (!isAllowedQuantity(quantity)) {
      toast.error(CART_LIMIT_MESSAGE, { id: CART_TOAST });
      return false;
    }
    try {
      const response = await addToCart.mutateAsync({ productId: product.id, quantity });
      if (response.message) toast.success(response.message, { id: CART_TOAST });
      return true;
    } catch (error) {
      toast.error(messageOf(error, 'Erro ao adicionar ao carrinho'), { id: CART_TOAST });
      return false;
    }
  };

  const buy = async () => {
    if (!(await add())) return;
    setRedirecting(true);
    redirectTimer.current = window.setTimeout(() => navigate('/cart'), REDIRECT_TO_CART_MS);
  };

  return (
    <article className="product-detail">
      <ProductImage className="product-detail__image" product={product} sizes="(max-width: 768px) 100vw, 480px" />
      <div className="product-detail__info">
        <h1 className="product-detail__name">{product.name}</h1>
        <p className="product-detail__price">{formatMoney(product.price)}</p>
        <ul className="product-detail__labels" aria-label="Classificação">
          <li>
            <Link className="product-detail__label" to={`/products/category/${product.category_id}`}>
              Categoria: {product.categories.name}
            </Link>
          </li>
          <li>
            <Link className="product-detail__label" to={`/products/specie/${product.species_id}`}>
              Espécie: {product.species.name}
            </Link>
          </li>
        </ul>
        <ProductDescription text={product.description} />
        <StoreAvailability productId={product.id} />
        {soldOut ? (
          <p className="product-detail__sold-out">Produto esgotado</p>
        ) : (
          <div className="product-detail__actions">
            <QuantityStepper
              value={quantity}
              min={PRODUCT_QUANTITY_MIN}
              max={maxQuantity}
              onChange={setQuantity}
              disabled={busy}
            />
            <IconButton
              aria-label="Adicionar ao carrinho"
              className="product-detail__add"
              disabled={busy}
              onClick={() => void add()}
            >
              <CartIcon size={24} />
            </IconButton>
            <Button className="product-detail__buy" loading={busy} onClick={() => void buy()}>
              Comprar
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
