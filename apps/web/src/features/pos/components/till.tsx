import { formatMoney, type PosSession } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { paymentsConfigQueryOptions } from '../../../api/payments';
import { posSaleQueryOptions } from '../../../api/pos';
import { CloseSession } from './close-session';
import { PaymentFields } from './payment-fields';
import { PixWait } from './pix-wait';
import { Receipt } from './receipt';
import { type Line, SaleLines, Scanner, totalOf, withOneMore } from './sale-lines';
import { EMPTY_PAYMENT, useSaleForm } from './use-sale-form';

// Loaded on first use: a till that sells all day never downloads the return screen.
const PosReturn = lazy(() => import('./pos-return').then((m) => ({ default: m.PosReturn })));

// The literal, not the domain's constant: its module holds the zod schemas the first load goes without.
const WAITING = 'Aguardando pagamento';

/** An open session: scan, take the payments, print the receipt; the return and closing screens from here. */
export function Till({ session }: { session: PosSession }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [saleId, setSaleId] = useState<number>();
  const [screen, setScreen] = useState<'sale' | 'closing' | 'returning'>('sale');
  const [scanError, setScanError] = useState('');
  const scan = useRef<HTMLInputElement>(null);
  const pixOffered = useQuery(paymentsConfigQueryOptions()).data?.methods.includes('Pix') ?? true;
  // A Pix waiting: the sale is asked again until the bank pays it.
  const sale = useQuery({
    ...posSaleQueryOptions(saleId),
    refetchInterval: (query) => (query.state.data?.status === WAITING ? 1500 : false),
  }).data;
  const form = useSaleForm(session.id, lines, (sold) => setSaleId(sold.id));

  const next = () => {
    setSaleId(undefined);
    setLines([]);
    form.set(EMPTY_PAYMENT);
    scan.current?.focus();
  };

  if (screen === 'returning')
    return (
      <Suspense fallback={<p className="pos">Carregando a devolução…</p>}>
        <PosReturn onBack={() => setScreen('sale')} />
      </Suspense>
    );
  if (screen === 'closing') return <CloseSession session={session} onBack={() => setScreen('sale')} />;
  const waitingPix = sale?.status === WAITING ? sale.payments.find((p) => p.pix)?.pix : undefined;
  if (sale && waitingPix) return <PixWait sale={sale} pix={waitingPix} />;
  if (sale) return <Receipt sale={sale} onNext={next} />;

  const message = scanError || form.formError;
  return (
    <div className="pos">
      <header className="pos-head">
        <h1>Caixa #{session.id}</h1>
        <div className="pos-actions">
          <button type="button" className="pos-big" onClick={() => setScreen('returning')}>
            Devolução
          </button>
          <button type="button" className="pos-big" onClick={() => setScreen('closing')}>
            Fechar caixa
          </button>
        </div>
      </header>
      <Scanner
        scan={scan}
        onFound={(product) => {
          setLines((current) => withOneMore(current, product));
          setScanError('');
        }}
        onError={setScanError}
      />
      {message && <p role="alert">{message}</p>}
      <SaleLines lines={lines} onRemove={(line) => setLines(lines.filter((l) => l !== line))} />
      <p className="pos-total">Total: {formatMoney(totalOf(lines))}</p>
      <form className="pos-pay-form" onSubmit={form.onSubmit} aria-label="Pagamento da venda">
        <PaymentFields field={form.field} pixOffered={pixOffered} />
        <button type="submit" className="pos-big pos-finish" disabled={lines.length === 0 || form.submitting}>
          Finalizar venda
        </button>
      </form>
    </div>
  );
}
