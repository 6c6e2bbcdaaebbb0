import { describe, test } from 'vitest';
import { createCustomer, loginAsAdmin } from './support/api';
import { setUpBrowser } from './support/browser';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

describe('administração de usuários e funcionários', () => {
  test('o admin muda o nome de um cliente', async () => {
    const customer = await createCustomer();
    const page = await newPage({ session: await loginAsAdmin() });
    await page.goto('/adminUsers');
    const row = await revealRow(page, customer.email);
    await row.getByText(customer.name, { exact: true }).waitFor();

    await row.getByRole('button', { name: `Editar ${customer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
    const renamed = `${customer.name} Renomeado`;
    await dialog.getByLabel('Nome').fill(renamed);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Dados atualizados com sucesso!').waitFor();
    await row.getByText(renamed, { exact: true }).waitFor();

    await page.reload();
    await (await revealRow(page, customer.email)).getByText(renamed, { exact: true }).waitFor();
  });

  test('o admin cadastra, edita e exclui um funcionário', async () => {
    const name = `Funcionária Teste ${Date.now()}`;
    const page = await newPage({ session: await loginAsAdmin() });
    await page.goto('/adminEmployers');
    await page.getByRole('heading', { name: 'Funcionários', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Adicionar Funcionário' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Adicionar Funcionário' });
    await addDialog.getByLabel('Nome').fill(name);
    await addDialog.getByLabel('Telefone').pressSequentially('11987654321');
    await addDialog.getByLabel('Cargo').fill('Tosadora');
    await addDialog.getByLabel('Serviço').selectOption({ label: 'Tosa' });
    await addDialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Funcionário cadastrado com sucesso!').waitFor();
    await addDialog.waitFor({ state: 'detached' });

    const row = await revealRow(page, name);
    await row.getByText('(11) 98765-4321').waitFor();
    await row.getByText('Tosadora').waitFor();

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar Funcionário' });
    await editDialog.getByLabel('Cargo').fill('Tosadora sênior');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await row.getByText('Tosadora sênior').waitFor();

    await row.getByRole('button', { name: `Excluir ${name}` }).click();
    await page.getByRole('dialog', { name: 'Confirmação de Exclusão' }).getByRole('button', { name: 'Sim' }).click();
    await row.waitFor({ state: 'detached' });
  });
});
