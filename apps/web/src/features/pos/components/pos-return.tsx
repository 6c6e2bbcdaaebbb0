import { formatMoney, type PosReturnView, type PosSaleView } from '@petshop/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { api, messageOf } from '../../../lib/api-client';
import { leftOf, type ReturnPick, refundPreview, returnBody } from './return-preview';

const newKey = () => `devolucao-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const KIND_LABELS = { produto: 'Produto', servico: 'Serviço', pacote: 'Pacote' } as const;

/** 'Devolução' at the till: find the sale by its number, pick what comes back, confirm, print. */
export function PosReturn({ onBack }: { onBack: () => void }) {
  const [number, setNumber] = useState('');
  const [sale, setSale] = useState<PosSaleView | null>(null);
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState('');
  const [result, setResult] = useState<PosReturnView | null>(null);

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    const id = Number(number.replace(/\D/g, ''));
    if (!id) {
      setLookupError('Informe o número da venda (está no comprovante).');
      return;
    }
    setLooking(true);
    setLookupError('');
    setSale(null);
    try {
      setSale((await api.get('/pos/sales/{id}', { path: { id } })).data);
    } catch (e) {
      setLookupError(messageOf(e, 'Não foi possível buscar a venda.'));
    } finally {
      setLooking(false);
    }
  };

  if (result && sale) return <ReturnReceipt sale={sale} result={result} onBack={onBack} />;
  return (
    <div className="pos">
      <header className="pos-head">
        <h1>Devolução</h1>
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar ao caixa
        </button>
      </header>
      <form className="pos-return-find" onSubmit={find} aria-label="Buscar venda">
        <label className="pos-scan">
          Número da venda
          <input
            // biome-ignore lint/a11y/noAutofocus: the till's first field, as the scanner's is
            autoFocus
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </label>
        <button type="submit" className="pos-big" disabled={looking}>
          Buscar venda
        </button>
      </form>
      {looking && <p role="status">Buscando a venda…</p>}
      {lookupError && (
        <div role="alert" className="pos-return-error">
          <p>{lookupError}</p>
          <button type="button" className="pos-big" onClick={() => void find()}>
            Tentar de novo
          </button>
        </div>
      )}
      {sale && <ReturnPicker key={sale.id} sale={sale} onReturned={setResult} />}
    </div>
  );
}

function ReturnPicker({ sale, onReturned }: { sale: PosSaleView; onReturned: (r: PosReturnView) => void }) {
  const [pick, setPick] = useState<ReturnPick>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  // One key per confirmed choice: a retry after a dropped answer returns the same devolução, never a second.
  const key = useRef('');
  const body = returnBody(sale, pick);
  const preview = refundPreview(sale, body);
  const change = (next: ReturnPick) => {
    setPick(next);
    key.current = '';
    setError('');
  };
  const setUnits = (itemId: number, left: number, units: number) =>
    change({ ...pick, [itemId]: Math.max(0, Math.min(left, Number.isFinite(units) ? units : 0)) });

  const send = async () => {
    if (!key.current) key.current = newKey();
    setSending(true);
    setError('');
    try {
      const res = await api.post('/pos/sales/{id}/returns', {
        path: { id: sale.id },
        headers: { 'idempotency-key': key.current },
        body,
      });
      onReturned(res.data);
    } catch (e) {
      setError(messageOf(e, 'Sem conexão: tente de novo, a devolução não será registrada duas vezes.'));
    } finally {
      setSending(false);
    }
  };

  if (sale.status !== 'Concluída')
    return (
      <p role="alert">
        A venda #{sale.id} está {sale.status.toLowerCase()}: só uma venda concluída pode ter devolução.
      </p>
    );
  return (
    <section className="pos-return" aria-label={`Venda #${sale.id}`}>
      <h2>
        Venda #{sale.id} · {new Date(sale.createdAt).toLocaleString('pt-BR')} · {formatMoney(sale.total)}
      </h2>
      <ul className="pos-return-lines" aria-label="Itens da venda para devolver">
        {sale.items.map((item) => {
          const left = leftOf(item);
          const units = pick[item.id] ?? 0;
          return (
            <li key={item.id}>
              <span>
                <strong>{item.name}</strong>
                <br />
                {KIND_LABELS[item.kind]} · vendido: {item.quantity}
                {item.returnedQuantity > 0 ? ` · já devolvido: ${item.returnedQuantity}` : ''}
              </span>
              {left === 0 ? (
                <span>Já devolvido</span>
              ) : item.kind === 'produto' ? (
                <span className="pos-return-units">
                  <button
                    type="button"
                    aria-label={`Uma unidade a menos de ${item.name}`}
                    disabled={units === 0}
                    onClick={() => setUnits(item.id, left, units - 1)}
                  >
                    −
                  </button>
                  <label>
                    <span className="visually-hidden">
                      Devolver unidades de {item.name} (até {left})
                    </span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      value={units}
                      onChange={(e) => setUnits(item.id, left, Math.trunc(Number(e.target.value)))}
                    />
                  </label>
                  <button
                    type="button"
                    aria-label={`Uma unidade a mais de ${item.name}`}
                    disabled={units >= left}
                    onClick={() => setUnits(item.id, left, units + 1)}
                  >
                    +
                  </button>
                </span>
              ) : (
                <label className="pos-return-whole">
                  <input
                    type="checkbox"
                    checked={units > 0}
                    onChange={(e) => change({ ...pick, [item.id]: e.target.checked ? left : 0 })}
                  />
                  Devolver {item.name} inteiro
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <p className="pos-total">A devolver: {formatMoney(preview.total)}</p>
      <button
        type="button"
        className="pos-big pos-finish"
        disabled={body.items.length === 0}
        onClick={() => setConfirming(true)}
      >
        Revisar devolução
      </button>
      <Modal
        open={confirming}
        onOpenChange={(open) => !sending && setConfirming(open)}
        title={`Confirmar a devolução da venda #${sale.id}`}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={sending}>
              Voltar
            </Button>
            <Button onClick={() => void send()} loading={sending}>
              {error ? 'Tentar de novo' : 'Confirmar devolução'}
            </Button>
          </>
        }
      >
        <ul aria-label="O que volta">
          {sale.items
            .filter((item) => (pick[item.id] ?? 0) > 0 && leftOf(item) > 0)
            .map((item) => (
              <li key={item.id}>
                {Math.min(pick[item.id] ?? 0, leftOf(item))} × {item.name}
              </li>
            ))}
        </ul>
        <p>
          <strong>Total: {formatMoney(preview.total)}</strong>
        </p>
        <ul aria-label="Valor devolvido por forma de pagamento">
          {preview.refunds.map((r) => (
            <li key={r.method}>
              {r.method}: {formatMoney(r.amount)}
            </li>
          ))}
        </ul>
        {error && <p role="alert">{error}</p>}
      </Modal>
    </section>
  );
}

function ReturnReceipt({ sale, result, onBack }: { sale: PosSaleView; result: PosReturnView; onBack: () => void }) {
  const nameOf = (saleItemId: number) => sale.items.find((i) => i.id === saleItemId)?.name ?? `Item ${saleItemId}`;
  return (
    <div className="pos">
      <p role="status">Devolução registrada.</p>
      <section className="pos-receipt" aria-label="Comprovante de devolução">
        <h2>PetCare — Devolução</h2>
        <p>
          Devolução #{result.id} da venda #{result.saleId} · {new Date(result.createdAt).toLocaleString('pt-BR')}
        </p>
        <ul>
          {result.items.map((i) => (
            <li key={`${i.saleItemId}-${i.productId ?? ''}`}>
              {i.quantity} × {nameOf(i.saleItemId)} <span>{formatMoney(i.amount)}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>Total devolvido: {formatMoney(result.total)}</strong>
        </p>
        {result.refunds.map((r) => (
          <p key={r.method}>
            {r.method}: {formatMoney(r.amount)}
          </p>
        ))}
      </section>
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar ao caixa
        </button>
      </div>
    </div>
  );
}
