import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { api, call, createCustomer, login, loginAsAdmin } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';

const { newPage } = setUpBrowser();

const loginStatus = async (email: string, password: string) =>
  (await call('/auth/login', { method: 'POST', body: { email, password } })).status;

describe('conta e privacidade', () => {
  test('altera a senha em /user: a nova entra, a antiga não', async () => {
    const customer = await createCustomer();
    const page = await newPage({ session: customer.session });
    await page.goto('/user');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar senha' });
    await dialog.getByLabel('Senha atual').fill('senha-errada-000');
    await dialog.getByLabel('Nova senha', { exact: true }).fill('nova-senha-e2e-1');
    await dialog.getByLabel('Confirme a nova senha').fill('nova-senha-e2e-1');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Senha atual incorreta.').first().waitFor();

    await dialog.getByLabel('Senha atual').fill(customer.password);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Senha alterada com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect(await loginStatus(customer.email, customer.password)).toBe(401);
    await login(customer.email, 'nova-senha-e2e-1');
    // This tab got the new token: it stays logged in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
  });

  test('baixa os dados da conta em JSON e escolhe receber WhatsApp (360 px)', async () => {
    const customer = await createCustomer();
    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    const whatsapp = page.getByLabel('Receber avisos por WhatsApp');
    await whatsapp.check();
    await page.getByText('Preferências salvas!').waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar meus dados' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`petcare-meus-dados-${customer.session.user.id}.json`);
    const file = await download.path();
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(data.profile).toMatchObject({ email: customer.email, whatsappOptIn: true });
    expect(data.messages[0]).toMatchObject({ kind: 'account-created' });
  });

  test("'Esqueci minha senha' no login responde o mesmo para qualquer e-mail", async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('E-mail').fill(`ninguem.${Date.now()}@exemplo.com.br`);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').filter({ hasText: 'Se houver uma conta com este e-mail' }).waitFor();
  });

  test("o admin vê as mensagens em 'Mensagens', filtradas por situação", async () => {
    const customer = await createCustomer();
    const admin = await loginAsAdmin();
    // The welcome e-mail leaves the outbox within seconds; then it is listed as sent.
    await waitForMail(customer.email, 'Bem-vindo(a) à PetCare!');
    await expect
      .poll(async () => {
        const sent = await call<{ recipient: string }[]>('/admin/messages?status=enviada&limit=50', {
          token: admin.token,
        });
        return sent.data.some((m) => m.recipient === customer.email);
      })
      .toBe(true);
    const page = await newPage({ session: admin });
    await page.goto('/admin');
    await page
      .getByRole('link', { name: /Mensagens/ })
      .first()
      .click();
    await page.waitForURL('**/adminMessages');
    await page.getByRole('heading', { level: 1, name: 'Mensagens' }).waitFor();
    await page.getByLabel('Situação').selectOption('enviada');
    await page.getByRole('cell', { name: customer.email }).first().waitFor();
    await page.getByLabel('Situação').selectOption('falhou');
    await page.getByText('Nenhuma mensagem com estes filtros.').waitFor();
  });

  test('exclui a própria conta em /user: sai da loja e não entra mais', async () => {
    const customer = await createCustomer();
    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await loginStatus(customer.email, customer.password)).toBe(201);

    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await dialog.getByRole('button', { name: 'Excluir conta' }).click();
    await page.getByText('Sua conta foi excluída.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await loginStatus(customer.email, customer.password)).toBe(401);
    // The old token is dead too: /user sends the visitor away.
    const again = await newPage({ session: customer.session });
    await again.goto('/user');
    await again.waitForURL('**/error');
  });

  test('com um pedido aguardando pagamento, a exclusão nomeia o pedido e só segue quando o cliente cancela (360 px)', async () => {
    const customer = await createCustomer();
    const token = customer.session.token;
    const [product] = await api<{ id: number }[]>('/products?limit=1');
    await api('/carts/add', { method: 'POST', token, body: { productId: product?.id, quantity: 1 } });
    const { cart } = await api<{ cart: { id: number } }>('/carts', { token });
    const placed = await api<{ order: { id: number } }>('/payments/pay', {
      method: 'POST',
      token,
      body: { cartId: cart.id, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' },
    });

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir minha conta' })
      .getByRole('button', { name: 'Excluir conta' })
      .click();
    const open = page.getByRole('dialog', { name: 'Você tem pedidos em andamento' });
    await open.getByText(`pedido nº ${placed.order.id}`, { exact: false }).first().waitFor();
    // Refused: the account and the order are as they were.
    expect(await loginStatus(customer.email, customer.password)).toBe(201);

    await open.getByRole('button', { name: 'Cancelar pedidos e excluir' }).click();
    await page.getByText('Sua conta foi excluída.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await loginStatus(customer.email, customer.password)).toBe(401);
    const admin = await loginAsAdmin();
    const orders = await api<{ orderId: number; status: string }[]>('/orders/all/users?limit=200', {
      token: admin.token,
    });
    expect(orders.find((order) => order.orderId === placed.order.id)?.status).toBe('Cancelado');
  });

  test('esqueceu a senha: o e-mail traz o link, a nova senha entra e o link não vale de novo (360 px)', async () => {
    const customer = await createCustomer();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').filter({ hasText: 'Se houver uma conta com este e-mail' }).waitFor();

    const mail = await waitForMail(customer.email, 'Redefinição de senha');
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s\])>]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-pelo-email-1');
    await page.getByLabel('Confirme a nova senha').fill('senha-nova-pelo-email-1');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha redefinida com sucesso!').waitFor();
    await page.waitForURL('**/home');

    expect(await loginStatus(customer.email, customer.password)).toBe(401);
    expect(await loginStatus(customer.email, 'senha-nova-pelo-email-1')).toBe(201);
    // Single use: the same link again is refused.
    const again = await newPage({ viewport: PHONE });
    await again.goto(link ?? '');
    await again.getByLabel('Nova senha', { exact: true }).fill('outra-senha-qualquer-2');
    await again.getByLabel('Confirme a nova senha').fill('outra-senha-qualquer-2');
    await again.getByRole('button', { name: 'Salvar nova senha' }).click();
    await again.getByText('Link de redefinição inválido ou expirado. Peça um novo.').first().waitFor();
    expect(await loginStatus(customer.email, 'outra-senha-qualquer-2')).toBe(401);
  });
});
