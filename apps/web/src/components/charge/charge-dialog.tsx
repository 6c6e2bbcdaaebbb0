import {
  BOLETO_WAITING_MESSAGE,
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
import { Button } from '../ui/button';
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
  expiresAt?: string | undefined;
  dueDate?: string | undefined;
}

interface ChargeDialogProps {
  charge: Charge;
  /** the server's message for a new order; the default one otherwise */
  message?: string | undefined;
  /** 2 s after the money arrives */
  onPaid: () => void;
  onClose: () => void;
}

/** SPEC section 9: the customer reads the outcome for 2 seconds before moving on. */
const PAID_DELAY_MS = 2000;

const ddmmyyyy = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');

/** The Pix QR code and copia e cola (or the boleto line), followed until the bank pays or the charge ends. */
export function ChargeDialog({ charge, message, onPaid, onClose }: ChargeDialogProps) {
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
        <Button variant={waiting ? 'secondary' : 'primary'} onClick={onClose}>
          {waiting ? 'Fechar' : 'Ver meus pedidos'}
        </Button>
      }
    >
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
          {charge.boletoCode && <PaymentCode label="Linha digitável do boleto" code={charge.boletoCode} />}
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
