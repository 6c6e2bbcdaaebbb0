import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { cartCountQueryOptions } from '../../api/cart';
import { CartIcon } from '../../components/ui/icons';

const label = (count: number) =>
  count === 0 ? 'Carrinho, vazio' : `Carrinho, ${count} ${count === 1 ? 'item' : 'itens'}`;

/** In the customer's bar at every width; the count follows every cart change (the mutations rewrite the cache). */
export function CartButton() {
  const { data: count } = useQuery(cartCountQueryOptions());
  return (
    <NavLink
      to="/cart"
      className="site-header__link site-header__icon-link site-header__cart"
      aria-label={count === undefined ? 'Carrinho' : label(count)}
      title="Carrinho"
    >
      <CartIcon size={24} />
      {count !== undefined && count > 0 && (
        <span className="site-header__count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  );
}
