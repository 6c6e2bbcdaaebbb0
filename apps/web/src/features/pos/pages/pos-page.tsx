import {
  type ClosingReport,
  formatMoney,
  type PosSaleView,
  type PosSession,
  type Product,
  type StoreView,
} from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { paymentsConfigQueryOptions, sandboxModeQueryOptions } from '../../../api/payments';
import { ApiError, api, messageOf } from '../../../lib/api-client';
import './pos-page.css';

interface Line {
  productId: number;
  name: string;
  price: number;
  quantity: number;
}

// Loaded on first use: a till that sells all day never downloads the return screen.
const PosReturn = lazy(() => import('../components/pos-return').then((m) => ({ default: m.PosReturn })));

const KEY_STORAGE = 'pos-sale-key';
const num = (value: string) => Number(value.replace(',', '.')) || 0;
const newKey = () => `venda-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The till: open the session, scan, take the payments, print the receipt, close with the report. */
export function Component() {
  const [session, setSession] = useState<PosSession | null | undefined>(undefined);
  const [error, setError] = useState('');
  const load = () =>
    api
      .get('/pos/sessions/current')
      .then((res) => setSession(res.data))
      .catch((e) => setError(messageOf(e, 'Não foi possível carregar o caixa.')));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once
  useEffect(() => {
    void load();
  }, []);
  if (error)
    return (
      <div role="alert" className="pos">
        {error}{' '}
        <button
          type="button"
          className="pos-big"
          onClick={() => {
            setError('');
            void load();
          }}
        >
          Tentar de novo
        </button>
      </div>
    );
  if (session === undefined) return <p className="pos">Carregando o caixa…</p>;
  if (session === null) return <OpenSession onOpen={setSession} />;
  return <Till session={session} onClosed={() => setSession(null)} />;
}

function OpenSession({ onOpen }: { onOpen: (s: PosSession) => void }) {
  const [stores, setStores] = useState<StoreView[]>([]);
  const [storeId, setStoreId] = useState('');
  const [cash, setCash] = useState('100');
  const [error, setError] = useState('');
  useEffect(() => {
    api.get('/stores').then((res) => {
      setStores(res.data);
      setStoreId(String(res.data[0]?.id ?? ''));
    });
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const res = await api.post('/pos/sessions', { body: { storeId: Number(storeId), openingCash: num(cash) } });
      onOpen(res.data);
    } catch (e) {
      setError(messageOf(e, 'Não foi possível abrir o caixa.'));
    }
  };
  return (
    <form className="pos pos-open" onSubmit={submit}>
      <h1>Abrir o caixa</h1>
      <label>
        Loja
        <select value={storeId} onChange={(e) => setStoreId(e.target.value)}>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Dinheiro na gaveta (R$)
        <input inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="pos-big">
        Abrir caixa
      </button>
    </form>
  );
}

function Till({ session, onClosed }: { session: PosSession; onClosed: () => void }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [code, setCode] = useState('');
  const [cpf, setCpf] = useState('');
  const [cash, setCash] = useState('');
  const [card, setCard] = useState('');
  const [cardType, setCardType] = useState<'Cartão de Débito' | 'Cartão de Crédito'>('Cartão de Débito');
  const [nsu, setNsu] = useState('');
  const [pix, setPix] = useState('');
  // A counter Pix is a charge at the shop's Pix PSP: no field for it where the shop offers no Pix.
  const pixOffered = useQuery(paymentsConfigQueryOptions()).data?.methods.includes('Pix') ?? true;
  const [message, setMessage] = useState('');
  const [sale, setSale] = useState<PosSaleView | null>(null);
  const [closing, setClosing] = useState(false);
  const [returning, setReturning] = useState(false);
  const scan = useRef<HTMLInputElement>(null);
  const total = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;

  const add = (product: Product) =>
    setLines((current) => {
      const same = current.find((l) => l.productId === product.id);
      if (same) return current.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
      return [...current, { productId: product.id, name: product.name, price: product.price, quantity: 1 }];
    });

  const onScan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const digits = code.trim();
    setCode('');
    if (!/^\d+$/.test(digits)) return;
    try {
      const found =
        digits.length === 13
          ? await api.get('/products/barcode/{ean}', { path: { ean: digits } })
          : await api.get('/products/{id}', { path: { id: Number(digits) } });
      add(found.data);
      setMessage('');
    } catch (e) {
      setMessage(messageOf(e, 'Produto não encontrado.'));
    }
  };

  // A Pix waiting: poll the sale until the bank pays it.
  useEffect(() => {
    if (sale?.status !== 'Aguardando pagamento') return;
    const timer = setInterval(async () => {
      const res = await api.get('/pos/sales/{id}', { path: { id: sale.id } }).catch(() => undefined);
      if (res && res.data.status !== 'Aguardando pagamento') setSale(res.data);
    }, 1500);
    return () => clearInterval(timer);
  }, [sale]);

  const finish = async () => {
    const payments = [
      ...(num(card) > 0 ? [{ method: cardType, amount: num(card), nsu }] : []),
      ...(num(pix) > 0 ? [{ method: 'Pix' as const, amount: num(pix) }] : []),
      ...(num(cash) > 0 ? [{ method: 'Dinheiro' as const, amount: num(cash) }] : []),
    ];
    // Kept until the sale is recorded: a retry after the network drops answers the same sale.
    const key = localStorage.getItem(KEY_STORAGE) ?? newKey();
    localStorage.setItem(KEY_STORAGE, key);
    try {
      const res = await api.post('/pos/sales', {
        headers: { 'idempotency-key': key },
        body: {
          sessionId: session.id,
          ...(cpf.trim() ? { cpf } : {}),
          items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          payments,
        },
      });
      localStorage.removeItem(KEY_STORAGE);
      setSale(res.data);
      setMessage('');
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) localStorage.removeItem(KEY_STORAGE);
      setMessage(messageOf(e, 'Sem conexão: tente de novo, a venda não será registrada duas vezes.'));
    }
  };

  const next = () => {
    setSale(null);
    setLines([]);
    setCash('');
    setCard('');
    setNsu('');
    setPix('');
    setCpf('');
    scan.current?.focus();
  };

  if (returning)
    return (
      <Suspense fallback={<p className="pos">Carregando a devolução…</p>}>
        <PosReturn onBack={() => setReturning(false)} />
      </Suspense>
    );
  if (closing) return <CloseSession session={session} onClosed={onClosed} onBack={() => setClosing(false)} />;
  const waitingPix = sale?.status === 'Aguardando pagamento' ? sale.payments.find((p) => p.pix)?.pix : undefined;
  if (waitingPix)
    return (
      <div className="pos-pix" role="dialog" aria-label="Pix do caixa">
        <h1>Pague com Pix</h1>
        <img src={waitingPix.pixQrCode} alt="QR Code do Pix" />
        <p className="pos-pix-code">{waitingPix.pixCode}</p>
        <p role="status">Aguardando o pagamento…</p>
        <SandboxPay txid={waitingPix.txid} />
        <button
          type="button"
          className="pos-big"
          onClick={async () =>
            sale && setSale((await api.post('/pos/sales/{id}/cancel', { path: { id: sale.id } })).data)
          }
        >
          Cancelar venda
        </button>
      </div>
    );
  if (sale) return <Receipt sale={sale} onNext={next} />;

  return (
    <div className="pos">
      <header className="pos-head">
        <h1>Caixa #{session.id}</h1>
        <div className="pos-actions">
          <button type="button" className="pos-big" onClick={() => setReturning(true)}>
            Devolução
          </button>
          <button type="button" className="pos-big" onClick={() => setClosing(true)}>
            Fechar caixa
          </button>
        </div>
      </header>
      <label className="pos-scan">
        Código de barras ou código do produto
        <input
          ref={scan}
          // biome-ignore lint/a11y/noAutofocus: the till's scanner types here
          autoFocus
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onScan}
        />
      </label>
      {message && <p role="alert">{message}</p>}
      {lines.length === 0 ? (
        <p>Nenhum item. Passe o leitor no código de barras.</p>
      ) : (
        <ul className="pos-lines" aria-label="Itens da venda">
          {lines.map((l) => (
            <li key={l.productId}>
              <span>
                {l.quantity} × {l.name}
              </span>
              <span>{formatMoney(l.price * l.quantity)}</span>
              <button
                type="button"
                onClick={() => setLines(lines.filter((x) => x !== l))}
                aria-label={`Remover ${l.name}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="pos-total">Total: {formatMoney(total)}</p>
      <fieldset className="pos-pay">
        <legend>Pagamento</legend>
        <label>
          Dinheiro recebido (R$)
          <input inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} />
        </label>
        <label>
          Cartão
          <select value={cardType} onChange={(e) => setCardType(e.target.value as typeof cardType)}>
            <option>Cartão de Débito</option>
            <option>Cartão de Crédito</option>
          </select>
        </label>
        <label>
          Valor no cartão (R$)
          <input inputMode="decimal" value={card} onChange={(e) => setCard(e.target.value)} />
        </label>
        <label>
          NSU
          <input value={nsu} onChange={(e) => setNsu(e.target.value)} />
        </label>
        {pixOffered && (
          <label>
            Valor no Pix (R$)
            <input inputMode="decimal" value={pix} onChange={(e) => setPix(e.target.value)} />
          </label>
        )}
        <label>
          CPF na nota (opcional)
          <input inputMode="numeric" value={cpf} onChange={(e) => setCpf(e.target.value)} />
        </label>
      </fieldset>
      <button type="button" className="pos-big pos-finish" disabled={lines.length === 0} onClick={finish}>
        Finalizar venda
      </button>
    </div>
  );
}

/** Sandbox only: the customer's bank paying the QR, as on the shop's Pix dialog (hidden elsewhere). */
function SandboxPay({ txid }: { txid: string }) {
  const sandbox = useQuery(sandboxModeQueryOptions());
  const [state, setState] = useState<'idle' | 'paying' | 'paid' | 'error'>('idle');
  if (sandbox.data !== true) return null;
  const pay = async () => {
    setState('paying');
    try {
      await api.post('/sandbox/pix/{txid}/pay', { path: { txid } });
      setState('paid');
    } catch {
      setState('error');
    }
  };
  return (
    <>
      <button type="button" className="pos-big" onClick={pay} disabled={state === 'paying' || state === 'paid'}>
        Simular pagamento (ambiente de testes)
      </button>
      {state === 'error' && <p role="alert">Não foi possível simular o pagamento. Tente de novo.</p>}
    </>
  );
}

function Receipt({ sale, onNext }: { sale: PosSaleView; onNext: () => void }) {
  return (
    <div className="pos">
      <section className="pos-receipt" aria-label="Comprovante">
        <h2>PetCare — Comprovante</h2>
        <p>
          Venda #{sale.id} · {new Date(sale.createdAt).toLocaleString('pt-BR')}
        </p>
        {sale.cpf && <p>CPF: {sale.cpf}</p>}
        <ul>
          {sale.items.map((i) => (
            <li key={i.id}>
              {i.quantity} × {i.name} <span>{formatMoney(i.total)}</span>
            </li>
          ))}
        </ul>
        {sale.discount > 0 && <p>Desconto: {formatMoney(sale.discount)}</p>}
        <p>
          <strong>Total: {formatMoney(sale.total)}</strong>
        </p>
        {sale.payments.map((p) => (
          <p key={p.id}>
            {p.method}: {formatMoney(p.received ?? p.amount)}
            {p.nsu ? ` (NSU ${p.nsu})` : ''}
          </p>
        ))}
        <p>Troco: {formatMoney(sale.change)}</p>
        <p>Situação: {sale.status}</p>
      </section>
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="pos-big" onClick={onNext}>
          Nova venda
        </button>
      </div>
    </div>
  );
}

function CloseSession({
  session,
  onClosed,
  onBack,
}: {
  session: PosSession;
  onClosed: () => void;
  onBack: () => void;
}) {
  const [counted, setCounted] = useState({ dinheiro: '', pix: '', credito: '', debito: '' });
  const [report, setReport] = useState<ClosingReport | null>(null);
  const [error, setError] = useState('');
  const keys = [
    ['dinheiro', 'Dinheiro'],
    ['pix', 'Pix'],
    ['credito', 'Cartão de crédito'],
    ['debito', 'Cartão de débito'],
  ] as const;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { dinheiro, pix, credito, debito } = counted;
      const body = { counted: { dinheiro: num(dinheiro), pix: num(pix), credito: num(credito), debito: num(debito) } };
      setReport((await api.post('/pos/sessions/{id}/close', { path: { id: session.id }, body })).data);
    } catch (e) {
      setError(messageOf(e, 'Não foi possível fechar o caixa.'));
    }
  };
  if (report)
    return (
      <div className="pos">
        <section className="pos-receipt" aria-label="Relatório de fechamento">
          <h2>Fechamento do caixa #{session.id}</h2>
          <table>
            <thead>
              <tr>
                <th>Forma</th>
                <th>Esperado</th>
                <th>Contado</th>
                <th>Diferença</th>
              </tr>
            </thead>
            <tbody>
              {keys.map(([k, name]) => (
                <tr key={k}>
                  <td>{name}</td>
                  <td>{formatMoney(report.expected[k])}</td>
                  <td>{formatMoney(report.counted[k])}</td>
                  <td>{formatMoney(report.difference[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <div className="pos-actions">
          <button type="button" className="pos-big" onClick={() => window.print()}>
            Imprimir
          </button>
          <button type="button" className="pos-big" onClick={onClosed}>
            Concluir
          </button>
        </div>
      </div>
    );
  return (
    <form className="pos pos-open" onSubmit={submit}>
      <h1>Fechar o caixa #{session.id}</h1>
      {keys.map(([k, name]) => (
        <label key={k}>
          {name} contado (R$)
          <input
            inputMode="decimal"
            value={counted[k]}
            onChange={(e) => setCounted({ ...counted, [k]: e.target.value })}
          />
        </label>
      ))}
      {error && <p role="alert">{error}</p>}
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar
        </button>
        <button type="submit" className="pos-big">
          Fechar caixa
        </button>
      </div>
    </form>
  );
}
