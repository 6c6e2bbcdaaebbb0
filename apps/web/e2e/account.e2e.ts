import { describe, expect, test } from 'vitest';
import { setUpBrowser } from './support/browser';
import { newCustomer } from './support/fake-data';

const { newPage } = setUpBrowser();

describe('conta do cliente', () => {
  test('cadastro, login, edição dos dados pessoais e logout', async () => {
    const customer = newCustomer();
    const page = await newPage();

    await page.goto('/register');
    await page.getByRole('heading', { name: 'Crie sua conta!' }).waitFor();
    await page.getByLabel('E-mail').fill(customer.email);
    const cpf = page.getByLabel('CPF');
    await cpf.pressSequentially(customer.cpf);
    await expect
      .poll(() => cpf.inputValue())
      .toBe(
        `${customer.cpf.slice(0, 3)}.${customer.cpf.slice(3, 6)}.${customer.cpf.slice(6, 9)}-${customer.cpf.slice(9)}`,
      );
    await page.getByLabel('Nome').fill(customer.name);
    const phone = page.getByLabel('Telefone');
    await phone.pressSequentially(customer.phone);
    await expect
      .poll(() => phone.inputValue())
      .toBe(`(${customer.phone.slice(0, 2)}) ${customer.phone.slice(2, 7)}-${customer.phone.slice(7)}`);
    await page.getByLabel('Senha', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    // Signed in at once with what was just typed (SPEC: to /login).
    await page.waitForURL('**/home');
    await page.getByText('Cadastro realizado com sucesso!').waitFor();

    await page.getByRole('link', { name: 'Usuário' }).click();
    await page.waitForURL('**/user');
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
    expect(await page.getByText(customer.email).count()).toBe(1);

    await page.getByRole('button', { name: 'Editar dados pessoais' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atualizar dados pessoais' });
    await dialog.waitFor();
    const newName = `${customer.name} Atualizado`;
    await dialog.getByLabel('Nome').fill(newName);
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await page.getByText('Dados atualizados com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Entre em sua conta!' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
  });

  test('senha errada mostra a mensagem do servidor e permanece no login', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('cadastro com campo vazio pede para preencher todos os campos', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('E-mail').fill(newCustomer().email);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('Preencha todos os campos.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});
