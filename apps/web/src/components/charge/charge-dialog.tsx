import {
  BOLETO_WAITING_MESSAGE,
  formatMoney,
  ORDER_STATUS,
  PAYMENT_STATUS,
  PAYMENT_SUCCESS_MESSAGE,
  PIX_WAITING_MESSAGE,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { orderByPaymentQueryOptions } from '../../api/orders';
import { sandboxModeQueryOptions, sandboxPayMutation } from '../../api/payments';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Button, buttonClassName } from '../ui/button';
import { Modal } from '../ui/modal';
import { ChargeCountdown } from './charge-countdown';
import { PaymentCode } from './payment-code';
import './charge-dialog.css';

/** What the customer needs to pay a Pix or a boleto: from the pay answer or from the order. */
export interface Charge {
  paymentId: number;
  txid?: string | undefined;
  pixCode?: string | undefined;
  pixQrCode?: string | undefined;
  boletoCode?: string | undefined;
  /** the PSP's PDF of the boleto */
  boletoUrl?: string | undefined;
  expiresAt?: string | undefined;
  dueDate?: string | undefined;
}

interface ChargeDialogProps {
  charge: Charge;
  /** shown at the top with the amount, so the customer knows what they are paying */
  orderId: number;
  amount: number;
  /** an expired charge: the order's products back into the cart, to pay again */
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
  /** the server's message for a new order; the default one otherwise */
  message?: string | undefined;
  /** 2 s after the money arrives */
  onPaid: () => void;
  onClose: () => void;
}

/** SPEC section 9: the customer reads the outcome for 2 seconds before moving on. */
const PAID_DELAY_MS = 2000;

/**
 * The linha digitável as a boleto prints it: three fields with a dot in each, the check digit and
 * the due-date factor with the amount (AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE).
 * Any other length is shown as it came.
 */
export function groupBoletoLine(code: string) {
  const d = code.replace(/\D/g, '');
  if (d.length !== 47) return code;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

const ddmmyyyy = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');

/** The Pix QR code and copia e cola (or the boleto line), followed until the bank pays or the charge ends. */
export function ChargeDialog({
  charge,
  orderId,
  amount,
  onRetry,
  retrying = false,
  message,
  onPaid,
  onClose,
}: ChargeDialogProps) {
  const isPix = Boolean(charge.pixCode);
  const order = useQuery(orderByPaymentQueryOptions(charge.paymentId));
  const sandbox = useQuery(sandboxModeQueryOptions());
  const simulate = useMutation(sandboxPayMutation());
  const status = order.data?.status ?? ORDER_STATUS.awaitingPayment;
  const paid = status === ORDER_STATUS.processing || status === ORDER_STATUS.delivered;
  const closed = status === ORDER_STATUS.cancelled;
  const waiting = !paid && !closed;

  useEffect(() => {
    if (!paid) return;
    const timer = window.setTimeout(onPaid, PAID_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paid, onPaid]);

  const expired = order.data?.paymentStatus === PAYMENT_STATUS.expired;
  const outcome = paid
    ? PAYMENT_SUCCESS_MESSAGE
    : closed
      ? expired
        ? `O prazo para pagar ${isPix ? 'este Pix' : 'este boleto'} terminou e o pedido foi cancelado.`
        : 'Este pedido foi cancelado e não pode mais ser pago.'
      : (message ?? (isPix ? PIX_WAITING_MESSAGE : BOLETO_WAITING_MESSAGE));

  const pay = () =>
    charge.txid &&
    simulate.mutate(charge.txid, {
      onSuccess: (response) => toast.success(response.message ?? 'Pagamento simulado.'),
      onError: (error) => toast.error(messageOf(error, 'Não foi possível simular o pagamento.')),
    });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={isPix ? 'Pagamento com Pix' : 'Pagamento com boleto'}
      footer={
        <>
          {expired && onRetry && (
            <Button onClick={onRetry} loading={retrying}>
              Tentar novamente
            </Button>
          )}
          <Button variant={waiting || (expired && onRetry) ? 'secondary' : 'primary'} onClick={onClose}>
            {waiting ? 'Fechar' : 'Ver pedido'}
          </Button>
        </>
      }
    >
      <p className="charge-dialog__order">
        Pedido <strong>#{orderId}</strong> — <strong>{formatMoney(amount)}</strong>
      </p>
      <p
        role="status"
        className={`charge-dialog__outcome charge-dialog__outcome--${paid ? 'paid' : closed ? 'closed' : 'waiting'}`}
      >
        {outcome}
      </p>
      {waiting && (
        <div className="charge-dialog__body">
          {charge.pixQrCode && (
            <img
              className="charge-dialog__qr"
              src={charge.pixQrCode}
              alt="QR Code do Pix: aponte a câmera do app do seu banco"
              width={220}
              height={220}
            />
          )}
          {charge.pixCode && <PaymentCode label="Pix copia e cola" code={charge.pixCode} />}
          {charge.boletoCode && (
            <PaymentCode
              label="Linha digitável do boleto"
              code={charge.boletoCode}
              shown={groupBoletoLine(charge.boletoCode)}
            />
          )}
          {charge.boletoUrl && (
            <a
              className={buttonClassName('secondary')}
              href={charge.boletoUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Baixar boleto (PDF)
            </a>
          )}
          {isPix && charge.expiresAt && <ChargeCountdown expiresAt={charge.expiresAt} />}
          {!isPix && charge.dueDate && (
            <p className="charge-dialog__countdown">
              Vencimento: <strong>{ddmmyyyy(charge.dueDate)}</strong>
            </p>
          )}
          {sandbox.data === true && charge.txid && (
            <Button variant="secondary" onClick={pay} loading={simulate.isPending} disabled={simulate.isSuccess}>
              Simular pagamento (ambiente de testes)
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
