import type { PosSaleView } from '@petshop/domain';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Receipt } from './receipt';

const sale: PosSaleView = {
  id: 31,
  sessionId: 3,
  storeId: 1,
  status: 'Concluída',
  customerId: null,
  cpf: null,
  items: [],
  subtotal: 10,
  discount: 0,
  total: 10,
  change: 0,
  payments: [],
  // 22:30 of 1 December in São Paulo; already 2 December in Tokyo and in UTC.
  createdAt: '2026-12-02T01:30:00Z',
  completedAt: '2026-12-02T01:30:00Z',
};

describe('the till receipt', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // The till's clock set to another zone: Node reads TZ again when it changes.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  test('prints the sale time in São Paulo time whatever the device zone', () => {
    expect(new Date(sale.createdAt).getHours()).toBe(10);
    render(<Receipt sale={sale} onNext={() => {}} />);
    expect(screen.getByText('Venda #31 · 01/12/2026 22:30')).toBeTruthy();
  });
});
