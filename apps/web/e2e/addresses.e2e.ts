import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const card = (page: Page) => page.getByRole('region', { name: 'Endereços Salvos' });

async function fillNewAddress(page: Page) {
  await card(page).getByRole('button', { name: 'Adicionar endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Endereço' });
  await dialog.waitFor();
  const cep = dialog.getByLabel('CEP');
  await cep.pressSequentially('01310100');
  await expect.poll(() => cep.inputValue()).toBe('01310-100');
  await dialog.getByLabel('Rua').fill('Avenida Paulista');
  await dialog.getByLabel('Número').fill('1578');
  await dialog.getByLabel('Bairro').fill('Bela Vista');
  await dialog.getByLabel('Complemento').fill('Apto 12');
  await dialog.getByLabel('Estado').selectOption({ label: 'São Paulo (SP)' });
  await dialog.getByLabel('Cidade').selectOption({ label: 'São Paulo' });
  return dialog;
}

describe('endereços salvos', () => {
  test('em 360 px o CEP preenche rua, bairro, estado e cidade', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/user');
    await card(page).getByText('Nenhum endereço cadastrado.').waitFor();
    await card(page).getByRole('button', { name: 'Adicionar endereço' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Endereço' });
    await dialog.getByLabel('CEP').pressSequentially('20040002');
    await dialog.getByText('Endereço preenchido pelo CEP. Confira e informe o número.').waitFor();
    await expect.poll(() => dialog.getByLabel('Rua').inputValue()).toBe('Avenida Rio Branco');
    expect(await dialog.getByLabel('Bairro').inputValue()).toBe('Centro');
    expect(await dialog.getByLabel('Estado').inputValue()).toBe('33');
    await expect.poll(() => dialog.getByLabel('Cidade').inputValue()).toBe('3304557');
    await expectNoSeriousA11yIssues(page, '/user (endereço)');
    await dialog.getByLabel('Número').fill('156');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = card(page).getByRole('listitem');
    await item.getByText('Avenida Rio Branco, 156').waitFor();
    expect(await item.textContent()).toContain('Centro, Rio de Janeiro - RJ');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  test('adicionar escolhendo estado e cidade, editar e excluir', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/user');
    await card(page).getByText('Nenhum endereço cadastrado.').waitFor();

    await card(page).getByRole('button', { name: 'Adicionar endereço' }).click();
    const empty = page.getByRole('dialog', { name: 'Adicionar Endereço' });
    expect(await empty.getByLabel('Cidade').isDisabled()).toBe(true);
    await empty.getByRole('button', { name: 'Salvar' }).click();
    await empty.getByText('Todos os campos obrigatórios devem ser preenchidos.').waitFor();
    await empty.getByRole('button', { name: 'Cancelar' }).click();
    await empty.waitFor({ state: 'detached' });

    const dialog = await fillNewAddress(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Endereço cadastrado com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const item = card(page).getByRole('listitem');
    await item.getByText('São Paulo - SP').waitFor();
    expect(await item.textContent()).toContain('CEP 01310-100');
    expect(await item.textContent()).toContain('Avenida Paulista, 1578, Apto 12');
    expect(await item.textContent()).toContain('Bela Vista, São Paulo - SP');

    await card(page).getByRole('button', { name: 'Editar endereço nº 1578, Apto 12, São Paulo' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Endereço' });
    await edit.waitFor();
    await expect.poll(() => edit.getByLabel('CEP').inputValue()).toBe('01310-100');
    await expect.poll(() => edit.getByLabel('Estado').inputValue()).toBe('35');
    await edit.getByLabel('Cidade').selectOption({ label: 'São Paulo' });
    await edit.getByLabel('Estado').selectOption({ label: 'Rio de Janeiro (RJ)' });
    await expect.poll(() => edit.getByLabel('Cidade').inputValue()).toBe('');
    await edit.getByLabel('Cidade').selectOption({ label: 'Niterói' });
    await edit.getByLabel('CEP').fill('');
    await edit.getByLabel('CEP').pressSequentially('24020000');
    await edit.getByLabel('Rua').fill('Rua da Conceição');
    await edit.getByLabel('Bairro').fill('Centro');
    await edit.getByLabel('Número').fill('200');
    await edit.getByLabel('Complemento').fill('');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Endereço atualizado com sucesso!').waitFor();
    await edit.waitFor({ state: 'detached' });
    await item.getByText('Centro, Niterói - RJ').waitFor();

    await page.reload();
    await card(page).getByText('Centro, Niterói - RJ').waitFor();
    await card(page).getByRole('button', { name: 'Excluir endereço nº 200, Niterói' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir endereço' });
    await confirm.getByRole('button', { name: 'Não' }).waitFor();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Endereço deletado com sucesso!').waitFor();
    await card(page).getByText('Nenhum endereço cadastrado.').waitFor();
  });

  test('a 360 px o formulário de endereço é utilizável e nada transborda', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/user');
    await card(page).getByText('Nenhum endereço cadastrado.').waitFor();
    const dialog = await fillNewAddress(page);
    const save = dialog.getByRole('button', { name: 'Salvar' });
    const box = await save.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await save.click();
    await page.getByText('Endereço cadastrado com sucesso!').waitFor();
    await card(page).getByText('Bela Vista, São Paulo - SP').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
