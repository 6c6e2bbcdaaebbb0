import {
  type AdminOrder,
  formatDateTime,
  formatMoney,
  fromCents,
  PAYMENT_STATUS,
  type RefundView,
  toCents,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { confirmRefundMutation, orderRefundsQueryOptions, refundOrderMutation } from '../../../../api/orders';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { FormAlert } from '../../../../components/ui/form-alert';
import { MoneyInput } from '../../../../components/ui/money-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import './refund-panel.css';

/** Each refund's status as the payment statuses name it. */
export const REFUND_STATUS_LABEL = {
  pendente: 'Reembolso pendente',
  concluido: 'Reembolsado',
  falhou: 'Reembolso falhou',
} as const satisfies Record<RefundView['status'], string>;

const KIND_LABEL = {
  card: 'Estorno no cartão',
  pix: 'Devolução do Pix',
  manual: 'Transferência manual',
  cash: 'Dinheiro no balcão',
  terminal: 'Estorno na maquininha',
} as const satisfies Record<RefundView['kind'], string>;

const REFUNDABLE: readonly string[] = [
  PAYMENT_STATUS.approved,
  PAYMENT_STATUS.partiallyRefunded,
  PAYMENT_STATUS.refundPending,
  PAYMENT_STATUS.refundFailed,
];

/** What may still go back: what was paid less what was (or is being) refunded. */
export const refundableLeft = (order: AdminOrder) =>
  REFUNDABLE.includes(order.paymentStatus) || order.refundDue
    ? fromCents(Math.max(0, toCents(order.totalValue) - toCents(order.refundedValue)))
    : 0;

const newKey = () => `reembolso-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The admin's refunds of one order: the history with each status, 'Reembolsar' (the whole rest by
 * default, or part of it, with a reason, confirmed in a dialog), and the confirmation of a boleto's
 * refund made by transfer.
 */
export function RefundPanel({ order }: { order: AdminOrder }) {
  const history = useQuery(orderRefundsQueryOptions(order.orderId));
  const refund = useMutation(refundOrderMutation());
  const confirmTransfer = useMutation(confirmRefundMutation());
  const left = refundableLeft(order);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ amount: number; key: string } | null>(null);

  const start = () => {
    setAmount(left.toFixed(2));
    setReason('');
    setError(null);
    setOpen(true);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!amount || Number.isNaN(value) || value <= 0) return setError('Informe o valor do reembolso.');
    if (toCents(value) > toCents(left)) return setError(`O reembolso passa do valor pago: resta ${formatMoney(left)}.`);
    if (reason.trim().length < 3) return setError('Informe o motivo do reembolso.');
    setError(null);
    setAsking({ amount: value, key: newKey() });
  };

  const send = () => {
    if (!asking) return;
    const whole = toCents(asking.amount) === toCents(left);
    refund.mutate(
      {
        orderId: order.orderId,
        // The whole rest goes without an amount: the server refunds exactly what is left.
        body: whole ? { reason: reason.trim() } : { amount: asking.amount, reason: reason.trim() },
        idempotencyKey: asking.key,
      },
      {
        onSuccess: ({ message, data }) => {
          if (data.refund.status === 'falhou') toast.error(message ?? 'O PSP recusou o reembolso.');
          else toast.success(message ?? 'Reembolso registrado.');
          setOpen(false);
          void history.refetch();
        },
        onError: (failure) => setError(messageOf(failure, 'Não foi possível reembolsar.')),
        onSettled: () => setAsking(null),
      },
    );
  };

  const confirm = (refundId: number) =>
    confirmTransfer.mutate(
      { orderId: order.orderId, refundId },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Reembolso confirmado.');
          void history.refetch();
        },
        onError: (failure) => toast.error(messageOf(failure, 'Não foi possível confirmar o reembolso.')),
      },
    );

  const refunds = history.data ?? [];
  return (
    <section className="refund-panel" aria-labelledby={`refunds-${order.orderId}`}>
      <h3 id={`refunds-${order.orderId}`} className="refund-panel__heading">
        Reembolsos
      </h3>
      {history.isPending ? (
        <p>Carregando reembolsos...</p>
      ) : history.isError ? (
        <p>
          Não foi possível carregar os reembolsos.{' '}
          <Button variant="secondary" onClick={() => void history.refetch()}>
            Tentar novamente
          </Button>
        </p>
      ) : refunds.length === 0 ? (
        <p className="refund-panel__empty">Nenhum reembolso.</p>
      ) : (
        <ul className="refund-panel__list" aria-label={`Reembolsos do pedido #${order.orderId}`}>
          {refunds.map((row) => (
            <li key={row.id} className="refund-panel__item">
              <span className="refund-panel__amount">{formatMoney(row.amount)}</span>
              <span className={`refund-panel__status refund-panel__status--${row.status}`}>
                {REFUND_STATUS_LABEL[row.status]}
              </span>
              <span className="refund-panel__meta">
                {KIND_LABEL[row.kind]} · {formatDateTime(row.createdAt)} · {row.reason}
              </span>
              {row.kind === 'manual' && row.status === 'pendente' && (
                <Button
                  variant="secondary"
                  onClick={() => confirm(row.id)}
                  loading={confirmTransfer.isPending && confirmTransfer.variables?.refundId === row.id}
                >
                  Confirmar transferência
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {left > 0 && !open && (
        <Button variant="secondary" onClick={start}>
          Reembolsar
        </Button>
      )}
      {open && (
        <form className="refund-panel__form" onSubmit={review} noValidate>
          <Field label="Valor do reembolso" hint={`Até ${formatMoney(left)} (o total, por padrão).`}>
            {(control) => <MoneyInput {...control} value={amount} onValueChange={setAmount} />}
          </Field>
          <Field label="Motivo">
            {(control) => (
              <input
                {...control}
                className="field__control"
                value={reason}
                maxLength={300}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            )}
          </Field>
          {error && <FormAlert message={error} />}
          <div className="refund-panel__actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button type="submit">Reembolsar</Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(isOpen) => !isOpen && !refund.isPending && setAsking(null)}
        title={asking ? `Reembolsar ${formatMoney(asking.amount)} do pedido #${order.orderId}?` : ''}
        message={
          order.paymentMethod === 'Boleto'
            ? 'Boleto: o reembolso fica registrado para você transferir ao cliente e confirmar aqui.'
            : `O valor volta ao cliente pelo ${order.paymentMethod === 'Pix' ? 'Pix (devolução)' : 'cartão (estorno)'}, e ele é avisado.`
        }
        confirmLabel="Reembolsar"
        cancelLabel="Voltar"
        loading={refund.isPending}
        onConfirm={send}
      />
    </section>
  );
}
