import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createCustomer } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('meus pets', () => {
  test('cadastrar, editar e excluir um pet', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/myPets');
    await page.getByText('Você ainda não cadastrou nenhum pet.').waitFor();

    await page.getByRole('button', { name: 'Cadastrar novo Pet' }).click();
    const create = page.getByRole('dialog', { name: 'Cadastrar Pet' });
    await create.waitFor();
    await expect.poll(() => create.getByLabel('Espécie').inputValue()).toBe('Cachorro');
    await expect.poll(() => create.getByLabel('Porte').inputValue()).toBe('Médio');
    await create.getByRole('button', { name: 'Cadastrar' }).click();
    await create.getByText('Informe o nome do pet.').waitFor();

    await create.getByLabel('Nome').fill('Rex');
    await create.getByLabel('Idade').fill('3');
    await create.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('Pet cadastrado com sucesso!').waitFor();
    await create.waitFor({ state: 'detached' });
    const rex = page.getByRole('button', { name: 'Editar Rex' });
    await rex.waitFor();
    expect(await rex.textContent()).toContain('Cachorro · Médio · 3 anos');

    await rex.click();
    const edit = page.getByRole('dialog', { name: 'Atualizar Pet' });
    await edit.waitFor();
    await expect.poll(() => edit.getByLabel('Nome').inputValue()).toBe('Rex');
    await edit.getByLabel('Nome').fill('Mimi');
    await edit.getByLabel('Idade').fill('1');
    await edit.getByLabel('Espécie').selectOption('Gato');
    await edit.getByLabel('Porte').selectOption('Pequeno');
    await edit.getByRole('button', { name: 'Atualizar' }).click();
    await page.getByText('Pet atualizado com sucesso!').waitFor();
    await edit.waitFor({ state: 'detached' });

    await page.reload();
    const mimi = page.getByRole('button', { name: 'Editar Mimi' });
    await mimi.waitFor();
    expect(await mimi.textContent()).toContain('Gato · Pequeno · 1 ano');
    expect(await page.getByRole('button', { name: 'Editar Rex' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Excluir Mimi' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir pet' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Pet deletado com sucesso!').waitFor();
    await page.getByText('Você ainda não cadastrou nenhum pet.').waitFor();
  });

  test('um filhote com data de nascimento aparece em meses, e um roedor é uma espécie', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/myPets');
    await page.getByRole('button', { name: 'Cadastrar novo Pet' }).click();
    const create = page.getByRole('dialog', { name: 'Cadastrar Pet' });
    await create.getByLabel('Nome').fill('Pipoca');
    await create.getByLabel('Espécie').selectOption('Roedor');
    await create.getByLabel('Porte').selectOption('Pequeno');
    // Five months ago, on the 1st (every month has one), in São Paulo's calendar.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [year, month] = today.split('-').map(Number) as [number, number];
    const born = new Date(Date.UTC(year, month - 1 - 5, 1)).toISOString().slice(0, 10);
    await create.getByLabel('Data de nascimento (opcional)').fill(born);
    await create.getByRole('button', { name: 'Cadastrar' }).click();
    await create.waitFor({ state: 'detached' });
    const pipoca = page.getByRole('button', { name: 'Editar Pipoca' });
    await pipoca.waitFor();
    expect(await pipoca.textContent()).toContain('Roedor · Pequeno · 5 meses');
  });

  test('a 360 px o formulário é utilizável e nada transborda', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/myPets');
    await page.getByRole('button', { name: 'Cadastrar novo Pet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar Pet' });
    await dialog.getByLabel('Nome').fill('Bolinha');
    await dialog.getByLabel('Idade').fill('7');
    await dialog.getByLabel('Porte').selectOption('Grande');
    const submit = dialog.getByRole('button', { name: 'Cadastrar' });
    const box = await submit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await submit.click();
    await page.getByText('Pet cadastrado com sucesso!').waitFor();
    await page.getByRole('button', { name: 'Editar Bolinha' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
