import {
  type CustomerOrderDetail,
  DELIVERY_METHOD,
  formatDateTime,
  formatMoney,
  ORDER_STATUS,
  PAYMENT_STATUS,
} from '@petshop/domain';

const isCard = (order: CustomerOrderDetail) => order.paymentMethod.startsWith('Cartão');
const ddmmyyyy = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');

/** What happens next to the order, in one or two sentences, from the customer's side. */
export function nextStep(order: CustomerOrderDetail): string {
  const pickup = order.deliveryMethod === DELIVERY_METHOD.pickup;
  const pendingRefund = order.refunds.find((refund) => refund.status === 'pendente');
  switch (order.status) {
    case ORDER_STATUS.awaitingPayment:
      if (order.paymentMethod === 'Pix')
        return order.expiresAt
          ? `Pague o Pix até ${formatDateTime(order.expiresAt)} para confirmar o pedido.`
          : 'Pague o Pix para confirmar o pedido.';
      if (order.paymentMethod === 'Boleto')
        return `Pague o boleto${order.dueDate ? ` até ${ddmmyyyy(order.dueDate)}` : ''}; o banco confirma em até 3 dias úteis.`;
      return order.challengeUrl
        ? 'Seu banco pede uma confirmação do pagamento: toque em "Confirmar no banco".'
        : 'O pagamento está em análise pela operadora do cartão. Avisaremos assim que for aprovado.';
    case ORDER_STATUS.processing:
      return pickup
        ? 'Pagamento confirmado. Estamos separando seu pedido e avisaremos quando estiver pronto para retirada.'
        : 'Pagamento confirmado. Estamos separando seu pedido e avisaremos quando ele for enviado.';
    case ORDER_STATUS.shipped:
      return 'Seu pedido está a caminho do endereço de entrega.';
    case ORDER_STATUS.readyForPickup:
      return 'Seu pedido está pronto: retire-o na loja com um documento com foto.';
    case ORDER_STATUS.delivered:
      return 'Pedido entregue. Obrigado pela compra!';
    case ORDER_STATUS.cancelled:
      if (pendingRefund)
        return `Pedido cancelado. O reembolso de ${formatMoney(pendingRefund.amount)} está em andamento${isCard(order) ? ' e aparece na fatura do cartão em até 2 faturas' : ''}.`;
      if (order.refundedValue > 0) return `Pedido cancelado. ${formatMoney(order.refundedValue)} foram reembolsados.`;
      if (order.paymentStatus === PAYMENT_STATUS.expired)
        return `O prazo para pagar ${order.paymentMethod === 'Pix' ? 'o Pix' : 'o boleto'} terminou e o pedido foi cancelado. Você pode tentar de novo.`;
      return 'Pedido cancelado.';
  }
}
