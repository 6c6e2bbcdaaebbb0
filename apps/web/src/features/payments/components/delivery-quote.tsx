import { formatMoney, type ShippingQuote } from '@petshop/domain';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';

interface DeliveryQuoteProps {
  subtotal: number;
  /** undefined while nothing is known (no address chosen yet, or loading) */
  quote: ShippingQuote | undefined;
  pickup: boolean;
  loading: boolean;
  error: unknown;
  onChoosePickup: () => void;
}

const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** Products, the fee and the order's total as the server will charge them. */
export function DeliveryQuote({ subtotal, quote, pickup, loading, error, onChoosePickup }: DeliveryQuoteProps) {
  if (error) {
    return (
      <div className="payment-dialog__note" role="alert">
        <p>{messageOf(error, 'Não foi possível calcular o frete. Tente novamente.')}</p>
        <Button variant="secondary" onClick={onChoosePickup}>
          Retirar na loja
        </Button>
      </div>
    );
  }
  const fee = pickup ? 0 : quote?.price;
  return (
    <dl className="payment-dialog__totals" aria-live="polite" aria-busy={loading}>
      <div>
        <dt>Produtos</dt>
        <dd>{formatMoney(subtotal)}</dd>
      </div>
      <div>
        <dt>Frete</dt>
        <dd>
          {fee === undefined
            ? loading
              ? 'Calculando...'
              : 'Escolha um endereço'
            : fee === 0
              ? 'Grátis'
              : formatMoney(fee)}
          {!pickup && quote ? ` · entrega em até ${days(quote.days)}` : ''}
        </dd>
      </div>
      <div className="payment-dialog__total">
        <dt>Total do pedido</dt>
        <dd>{fee === undefined ? '—' : formatMoney(subtotal + fee)}</dd>
      </div>
    </dl>
  );
}
