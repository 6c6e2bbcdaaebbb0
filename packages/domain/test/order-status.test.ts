import { describe, expect, it } from 'vitest';
import { canMoveOrder, nextOrderStatuses } from '../src/order-status';

describe('nextOrderStatuses', () => {
  it('sends a delivery through Enviado and a pickup through Pronto para retirada', () => {
    expect(nextOrderStatuses({ status: 'Processando', deliveryMethod: 'Entrega' })).toEqual(['Enviado', 'Cancelado']);
    expect(nextOrderStatuses({ status: 'Processando', deliveryMethod: 'Retirada na loja' })).toEqual([
      'Pronto para retirada',
      'Cancelado',
    ]);
    expect(nextOrderStatuses({ status: 'Enviado', deliveryMethod: 'Entrega' })).toEqual(['Entregue']);
    expect(nextOrderStatuses({ status: 'Pronto para retirada', deliveryMethod: 'Retirada na loja' })).toEqual([
      'Entregue',
    ]);
  });

  it('lets a waiting order only be paid or cancelled, never shipped unpaid', () => {
    for (const deliveryMethod of ['Entrega', 'Retirada na loja'] as const) {
      expect(nextOrderStatuses({ status: 'Aguardando pagamento', deliveryMethod })).toEqual([
        'Processando',
        'Cancelado',
      ]);
    }
    expect(canMoveOrder({ status: 'Aguardando pagamento', deliveryMethod: 'Entrega' }, 'Enviado')).toBe(false);
    expect(
      canMoveOrder({ status: 'Aguardando pagamento', deliveryMethod: 'Retirada na loja' }, 'Pronto para retirada'),
    ).toBe(false);
    expect(canMoveOrder({ status: 'Aguardando pagamento', deliveryMethod: 'Entrega' }, 'Entregue')).toBe(false);
  });

  it('ends at Entregue and Cancelado, and never skips a step', () => {
    expect(nextOrderStatuses({ status: 'Entregue', deliveryMethod: 'Entrega' })).toEqual([]);
    expect(nextOrderStatuses({ status: 'Cancelado', deliveryMethod: 'Retirada na loja' })).toEqual([]);
    expect(canMoveOrder({ status: 'Processando', deliveryMethod: 'Entrega' }, 'Entregue')).toBe(false);
    expect(canMoveOrder({ status: 'Enviado', deliveryMethod: 'Entrega' }, 'Cancelado')).toBe(false);
  });
});
