import { type CartItem, formatMoney } from '@petshop/domain';
import { IconButton } from '../../../components/ui/icon-button';
import { MinusIcon, PawIcon, PlusIcon } from '../../../components/ui/icons';
import { lineTotal } from '../cart-totals';
import './cart-line.css';

interface CartLineProps {
  item: CartItem;
  /** False once the cart holds the maximum: the plus button is then disabled and hidden. */
  canAdd: boolean;
  busy: boolean;
  onIncrease: () => void;
  /** At quantity 1 this removes the line. */
  onDecrease: () => void;
}

export function CartLine({ item, canAdd, busy, onIncrease, onDecrease }: CartLineProps) {
  return (
    <li className="cart-line">
      {item.url ? (
        <img className="cart-line__image" src={item.url} alt="" width={72} height={72} />
      ) : (
        <span className="cart-line__image cart-line__image--empty">
          <PawIcon size={32} />
        </span>
      )}
      <div className="cart-line__info">
        <span className="cart-line__name">{item.productName}</span>
        <span className="cart-line__unit">{formatMoney(item.productPrice)} cada</span>
      </div>
      <div className="cart-line__quantity">
        <IconButton aria-label={`Diminuir quantidade de ${item.productName}`} disabled={busy} onClick={onDecrease}>
          <MinusIcon />
        </IconButton>
        <span className="cart-line__count">
          <span className="visually-hidden">Quantidade: </span>
          {item.quantity}
        </span>
        <IconButton
          aria-label={`Aumentar quantidade de ${item.productName}`}
          className={canAdd ? undefined : 'cart-line__plus--hidden'}
          disabled={busy || !canAdd}
          onClick={onIncrease}
        >
          <PlusIcon />
        </IconButton>
      </div>
      <span className="cart-line__total">{formatMoney(lineTotal(item))}</span>
    </li>
  );
}
