import { CART_MAX_ITEMS } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { addCartItemMutation, cartQueryOptions, clearCartMutation, removeCartItemMutation } from '../../../api/cart';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { CartIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cartTotal, totalQuantity } from '../cart-totals';
import { CartBar } from '../components/cart-bar';
import { CartLine } from '../components/cart-line';
import './cart-page.css';

/** The cart limit (400) and stock (409) answers explain themselves; anything else gets SPEC's text. */
const addErrorMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) && error.message
    ? error.message
    : 'Falha ao adicionar o item ao carrinho.';

export function Component() {
  const navigate = useNavigate();
  const cart = useQuery(cartQueryOptions());
  const add = useMutation(addCartItemMutation());
  const remove = useMutation(removeCartItemMutation());
  const clear = useMutation(clearCartMutation());
  const [confirmingClear, setConfirmingClear] = useState(false);

  useEffect(() => {
    if (cart.isError) toast.error('Falha ao carregar o carrinho.', { id: 'cart-load-error' });
  }, [cart.isError]);

  const items = cart.data?.items ?? [];
  const quantity = totalQuantity(items);
  const busy = add.isPending || remove.isPending || clear.isPending;

  const increase = (productId: number) =>
    add.mutate({ productId, quantity: 1 }, { onError: (error) => toast.error(addErrorMessage(error)) });
  const decrease = (productId: number) =>
    remove.mutate({ productId, quantity: 1 }, { onError: () => toast.error('Falha ao remover o item do carrinho.') });
  // Emptying a cart is one tap from losing what was picked: it asks first.
  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: () => setConfirmingClear(false),
      onError: () => toast.error('Falha ao limpar o carrinho.'),
    });
  const checkout = () => {
    if (items.length === 0) {
      window.alert('Por favor, adicione algum item ao carrinho antes de finalizar a compra.');
      return;
    }
    navigate('/payments');
  };

  return (
    <div className="cart-page">
      <h1 className="cart-page__title">Carrinho</h1>
      {cart.isPending ? (
        <LoadingState />
      ) : cart.isError && !cart.data ? (
        <EmptyState
          message="Falha ao carregar o carrinho."
          action={<Button onClick={() => void cart.refetch()}>Tentar novamente</Button>}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<CartIcon size={32} />} message="Seu carrinho está vazio." />
      ) : (
        <ul className="cart-page__lines" aria-busy={busy}>
          {items.map((item) => (
            <CartLine
              key={item.productId}
              item={item}
              canAdd={quantity < CART_MAX_ITEMS}
              busy={busy}
              onIncrease={() => increase(item.productId)}
              onDecrease={() => decrease(item.productId)}
            />
          ))}
        </ul>
      )}
      <CartBar
        total={cartTotal(items)}
        clearing={clear.isPending}
        canClear={items.length > 0 && !busy}
        onClear={() => setConfirmingClear(true)}
        onCheckout={checkout}
      />
      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        title="Limpar o carrinho?"
        message={quantity === 1 ? 'O item sairá do carrinho.' : `Os ${quantity} itens sairão do carrinho.`}
        confirmLabel="Limpar"
        cancelLabel="Manter itens"
        loading={clear.isPending}
        onConfirm={clearAll}
      />
    </div>
  );
}
