import type { Product } from '@petshop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminProductsPage } from './admin-products-page';

const racao: Product = {
  id: 7,
  name: 'Ração Premium',
  description: 'Para cães adultos',
  price: 1234.5,
  stock: 12,
  category_id: 1,
  species_id: 2,
  url: '',
  barcode: null,
  categories: { name: 'Alimentação' },
  species: { name: 'Cachorro' },
};

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers by method and path; records every call. */
function serve(products: Product[], onWrite?: (method: string, url: string, body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET' && onWrite) return onWrite(method, url, init?.body ? JSON.parse(String(init.body)) : null);
    const one = /^\/api\/products\/(\d+)$/.exec(url);
    if (one) {
      const found = products.find((product) => product.id === Number(one[1]));
      return found ? json(200, { data: found }) : json(404, { message: 'Produto não encontrado.', code: 'NOT_FOUND' });
    }
    if (url.startsWith('/api/products'))
      return json(200, { data: products, meta: { total: products.length, limit: 20, offset: 0 } });
    if (url === '/api/categories') return json(200, { data: [{ id: 1, name: 'Alimentação' }] });
    if (url === '/api/species') return json(200, { data: [{ id: 2, name: 'Cachorro' }] });
    return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
  });
}

const renderPage = (path = '/adminProducts') =>
  renderRoutes(
    [
      {
        path: '/adminProducts',
        element: (
          <>
            <AdminProductsPage />
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );

describe('AdminProductsPage', () => {
  test('lista nome, preço em R$ e estoque', async () => {
    serve([racao]);
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'Ração Premium' })).closest('tr');
    if (!row) throw new Error('sem linha');
    expect(within(row).getByText('R$ 1.234,50')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
  });

  test('lista vazia mostra "Nenhum produto disponível."', async () => {
    serve([]);
    renderPage();
    await screen.findByText('Nenhum produto disponível.');
  });

  test('cadastra com preço e estoque numéricos, avisa e recarrega a lista', async () => {
    const writes: unknown[] = [];
    serve([], (_method, _url, body) => {
      writes.push(body);
      return json(201, { data: racao, message: 'Produto cadastrado com sucesso!' });
    });
    const person = userEvent.setup();
    renderPage();
    await screen.findByText('Nenhum produto disponível.');
    await person.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Produto' });
    await person.type(within(dialog).getByLabelText('Nome'), 'Ração Premium');
    await person.type(within(dialog).getByLabelText('Preço (R$)'), '1234.5');
    await person.type(within(dialog).getByLabelText('Estoque'), '1a2');
    expect((within(dialog).getByLabelText('Estoque') as HTMLInputElement).value).toBe('12');
    await within(dialog).findByRole('option', { name: 'Alimentação' });
    await person.selectOptions(within(dialog).getByLabelText('Categoria'), '1');
    await person.selectOptions(within(dialog).getByLabelText('Espécie'), '2');
    const listCallsBefore = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products?')).length;
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await screen.findByText('Produto cadastrado com sucesso!');
    expect(writes).toEqual([
      { name: 'Ração Premium', description: '', price: 1234.5, stock: 12, category_id: 1, species_id: 2, url: '' },
    ]);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products?')).length).toBeGreaterThan(
        listCallsBefore,
      ),
    );
  });

  test('erro do servidor ao cadastrar mostra a mensagem dele', async () => {
    serve([], () => json(409, { message: 'Já existe um produto com esse nome.', code: 'CONFLICT' }));
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Adicionar Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Produto' });
    await person.type(within(dialog).getByLabelText('Nome'), 'Ração');
    await person.type(within(dialog).getByLabelText('Preço (R$)'), '10');
    await person.type(within(dialog).getByLabelText('Estoque'), '1');
    await within(dialog).findByRole('option', { name: 'Alimentação' });
    await person.selectOptions(within(dialog).getByLabelText('Categoria'), '1');
    await person.selectOptions(within(dialog).getByLabelText('Espécie'), '2');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Já existe um produto com esse nome.');
  });

  test('edita enviando categoryId e speciesId, como o formulário do SPEC', async () => {
    const writes: { method: string; url: string; body: unknown }[] = [];
    serve([racao], (method, url, body) => {
      writes.push({ method, url, body });
      return json(200, { data: { ...racao, price: 99.9 }, message: 'Produto atualizado com sucesso!' });
    });
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Editar Ração Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    const price = within(dialog).getByLabelText('Preço (R$)');
    await person.clear(price);
    await person.type(price, '99.9');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Produto atualizado com sucesso!');
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: '/api/products/7',
        body: {
          name: 'Ração Premium',
          description: 'Para cães adultos',
          price: 99.9,
          stock: 12,
          categoryId: 1,
          speciesId: 2,
          url: '',
        },
      },
    ]);
  });

  test('?edit={id} (o link do estoque baixo do painel) abre o formulário do produto; fechar limpa o endereço', async () => {
    serve([racao]);
    const person = userEvent.setup();
    const router = renderPage('/adminProducts?edit=7');
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    expect((within(dialog).getByLabelText('Estoque') as HTMLInputElement).value).toBe('12');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/products/7')).toBe(true);
    await person.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  test('?edit de um produto que não existe avisa e mostra só a lista', async () => {
    serve([racao]);
    const router = renderPage('/adminProducts?edit=99');
    await screen.findByText('Produto não encontrado.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('categorias que não carregam mostram "Erro ao carregar categorias ou espécies."', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/products')) return json(200, { data: [], meta: { total: 0, limit: 20, offset: 0 } });
      return json(500, { message: '', code: 'INTERNAL' });
    });
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Adicionar Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Produto' });
    await within(dialog).findByText('Erro ao carregar categorias ou espécies.');
    expect(within(dialog).getByRole('option', { name: 'Nenhuma categoria disponível' })).toBeTruthy();
  });
});
