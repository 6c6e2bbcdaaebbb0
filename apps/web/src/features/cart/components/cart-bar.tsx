import { formatMoney } from '@petshop/domain';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import './cart-bar.css';

interface CartBarProps {
  total: number;
  clearing: boolean;
  canClear: boolean;
  onClear: () => void;
  onCheckout: () => void;
}

/** Publishes the bar's height as --cart-bar-height, so the page and the toasts keep clear of it. */
function useBarHeight() {
  const barRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--cart-bar-height', `${bar.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cart-bar-height');
    };
  }, []);
  return barRef;
}

/** The bar fixed to the bottom of the cart page. */
export function CartBar({ total, clearing, canClear, onClear, onCheckout }: CartBarProps) {
  const barRef = useBarHeight();
  return (
    <section className="cart-bar" ref={barRef} aria-label="Resumo do carrinho">
      <div className="cart-bar__inner">
        <p className="cart-bar__total">
          Total: <strong>{formatMoney(total)}</strong>
        </p>
        <div className="cart-bar__actions">
          <Button
            className="cart-bar__button"
            variant="secondary"
            loading={clearing}
            disabled={!canClear}
            onClick={onClear}
          >
            Limpar Carrinho
          </Button>
          <ButtonLink className="cart-bar__button" variant="secondary" to="/products">
            Adicionar novo item
          </ButtonLink>
          <Button className="cart-bar__button cart-bar__checkout" onClick={onCheckout}>
            Finalizar compra
          </Button>
        </div>
      </div>
    </section>
  );
}
