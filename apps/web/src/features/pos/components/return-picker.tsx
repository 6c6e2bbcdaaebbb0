import { formatDateTime, formatMoney, type PosReturnView, type PosSaleView } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { posReturnMutation } from '../../../api/pos';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { messageOf } from '../../../lib/api-client';
import { leftOf, type ReturnPick, refundPreview, returnBody } from './return-preview';

const newKey = () => `devolucao-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const KIND_LABELS = { produto: 'Produto', servico: 'Serviço', pacote: 'Pacote' } as const;

/** What comes back of a completed sale: units of its products, whole services and packages; confirmed in a dialog. */
export function ReturnPicker({ sale, onReturned }: { sale: PosSaleView; onReturned: (r: PosReturnView) => void }) {
  const [pick, setPick] = useState<ReturnPick>({});
  const [confirming, setConfirming] = useState(false);
  const returning = useMutation(posReturnMutation());
  // One key per confirmed choice: a retry after a dropped answer returns the same devolução, never a second.
  const key = useRef('');
  const body = returnBody(sale, pick);
  const preview = refundPreview(sale, body);
  const change = (next: ReturnPick) => {
    setPick(next);
    key.current = '';
    returning.reset();
  };
  const setUnits = (itemId: number, left: number, units: number) =>
    change({ ...pick, [itemId]: Math.max(0, Math.min(left, Number.isFinite(units) ? units : 0)) });

  const send = () => {
    if (!key.current) key.current = newKey();
    returning.mutate({ saleId: sale.id, body, idempotencyKey: key.current }, { onSuccess: onReturned });
  };
  const sending = returning.isPending;
  const error = returning.isError
    ? messageOf(returning.error, 'Sem conexão: tente de novo, a devolução não será registrada duas vezes.')
    : '';

  if (sale.status !== 'Concluída')
    return (
      <p role="alert">
        A venda #{sale.id} está {sale.status.toLowerCase()}: só uma venda concluída pode ter devolução.
      </p>
    );
  return (
    <section className="pos-return" aria-label={`Venda #${sale.id}`}>
      <h2>
        Venda #{sale.id} · {formatDateTime(sale.createdAt)} · {formatMoney(sale.total)}
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
            <Button onClick={send} loading={sending}>
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
