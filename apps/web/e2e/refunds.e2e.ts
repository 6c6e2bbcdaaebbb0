import { describe, expect, test } from 'vitest';
import { call, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';
import { paidOrder } from './support/orders-api';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

describe('reembolso', () => {
  test('o admin reembolsa parte de um pedido pago no cartão e o cliente vê o reembolso na página do pedido', async () => {
    const customer = await createCustomer();
    const { orderId } = await paidOrder(customer.session.token, 2);

    const admin = await newPage({ session: await loginAsAdmin(), viewport: DESKTOP });
    await admin.goto('/adminSales');
    // The sandbox serves payments here: every page says so.
    await admin.getByRole('note').getByText('nenhum pagamento é real', { exact: false }).waitFor();
    const row = await revealRow(admin, `#${orderId}`);
    await row.getByRole('button', { name: `Ver pedido #${orderId}` }).click();
    const detail = admin.getByRole('dialog', { name: `Pedido #${orderId}` });
    await detail.getByText('Nenhum reembolso.').waitFor();
    await detail.getByRole('button', { name: 'Reembolsar' }).click();
    // The whole rest by default; the admin gives back one of the two units.
    const amount = detail.getByLabel('Valor do reembolso');
    expect(await amount.inputValue()).toMatch(/^R\$ \d/);
    await amount.click();
    await admin.keyboard.press('ControlOrMeta+a');
    await admin.keyboard.press('Backspace');
    await amount.pressSequentially('42,50');
    await amount.blur();
    expect(await amount.inputValue()).toBe('R$ 42,50');
    await detail.getByLabel('Motivo').fill('Um item chegou com defeito');
    await detail.getByRole('button', { name: 'Reembolsar' }).click();
    const confirm = admin.getByRole('dialog', { name: `Reembolsar R$ 42,50 do pedido #${orderId}?` });
    await confirm.getByRole('button', { name: 'Reembolsar' }).click();
    await admin.getByText('Reembolso feito! O cliente foi avisado.').first().waitFor();
    const history = detail.getByRole('list', { name: `Reembolsos do pedido #${orderId}` });
    await history.getByText('Reembolsado').waitFor();
    await history.getByText('R$ 42,50').waitFor();
    await detail.getByText(/Parcialmente reembolsado/).waitFor();
    await expectNoSeriousA11yIssues(admin, '/adminSales (reembolso)');

    const shop = await newPage({ session: customer.session, viewport: PHONE });
    await shop.goto(`/orders/${orderId}`);
    await shop.locator('.order-badge', { hasText: 'Parcialmente reembolsado' }).waitFor();
    await shop.getByRole('list', { name: 'Reembolsos' }).getByText('Reembolso de R$ 42,50').waitFor();
    await shop.getByRole('note').getByText('nenhum pagamento é real', { exact: false }).waitFor();
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(shop, '/orders/{id} com reembolso (360 px)');
    // Told by message too (the order's outbox entry).
    const refunds = await call<{ status: string }[]>(`/orders/${orderId}/refunds`, {
      token: (await loginAsAdmin()).token,
    });
    expect(refunds.data.map((refund) => refund.status)).toEqual(['concluido']);
  });
});
