import type { PosSaleView } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { createPosSaleMutation, type PosSaleRequest } from '../../../api/pos';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { amountOf } from './amount';
import type { Line } from './sale-lines';
import { tillSchema } from './till-schema';

export const EMPTY_PAYMENT = { cash: '', card: '', cardType: 'Cartão de Débito', nsu: '', pix: '', cpf: '' };
export type PaymentValues = typeof EMPTY_PAYMENT;

const KEY_STORAGE = 'pos-sale-key';
const newKey = () => `venda-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The payments typed, as the sale's body lists them: only the methods given an amount. */
const paymentsOf = ({ cash, card, cardType, nsu, pix }: PaymentValues) => {
  const [inCash, onCard, byPix] = [amountOf(cash), amountOf(card), amountOf(pix)];
  return [
    ...(onCard === undefined ? [] : [{ method: cardType, amount: onCard, ...(nsu.trim() ? { nsu } : {}) }]),
    ...(byPix === undefined ? [] : [{ method: 'Pix', amount: byPix }]),
    ...(inCash === undefined ? [] : [{ method: 'Dinheiro', amount: inCash }]),
  ];
};

/** The sale's payment form: the domain's sale schema checks it before it goes, the server decides. */
export function useSaleForm(sessionId: number, lines: readonly Line[], onSold: (sale: PosSaleView) => void) {
  const create = useMutation(createPosSaleMutation());
  const send = async (body: PosSaleRequest['body']) => {
    // Kept until the sale is recorded: a retry after the network drops answers the same sale.
    const idempotencyKey = localStorage.getItem(KEY_STORAGE) ?? newKey();
    localStorage.setItem(KEY_STORAGE, idempotencyKey);
    try {
      const sale = await create.mutateAsync({ body, idempotencyKey });
      localStorage.removeItem(KEY_STORAGE);
      return sale;
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) localStorage.removeItem(KEY_STORAGE);
      throw e;
    }
  };
  return useSchemaForm({
    schema: tillSchema((schemas) => schemas.posSaleBody),
    initialValues: EMPTY_PAYMENT,
    toInput: (values) => ({
      sessionId,
      ...(values.cpf.trim() ? { cpf: values.cpf } : {}),
      items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      payments: paymentsOf(values),
    }),
    issues: 'form',
    submit: send,
    onSuccess: onSold,
    errorMessage: 'Sem conexão: tente de novo, a venda não será registrada duas vezes.',
    report: { toast: false },
  });
}
