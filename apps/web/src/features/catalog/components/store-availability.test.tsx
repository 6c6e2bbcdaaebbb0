import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { StoreAvailability } from './store-availability';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const store = (id: number, name: string) => ({ id, name, pickup: true, active: true, main: id === 1, hours: [] });

function serve(stores: unknown[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/stores') return json(200, { data: stores });
    if (url === '/api/products/5/stock') {
      return json(200, {
        data: [
          { storeId: 1, storeName: 'Loja principal', quantity: 0 },
          { storeId: 2, storeName: 'Loja Moema', quantity: 4 },
          { storeId: 3, storeName: 'Loja fechada', quantity: 9 },
        ],
      });
    }
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

describe('StoreAvailability', () => {
  test('com várias lojas ativas, diz em quais o produto está disponível', async () => {
    serve([store(1, 'Loja principal'), store(2, 'Loja Moema')]);
    renderWithQueries(<StoreAvailability productId={5} />);
    expect(await screen.findByText('Disponível na Loja Moema')).toBeTruthy();
    expect(screen.getByText('Esgotado na Loja principal')).toBeTruthy();
    expect(screen.queryByText(/Loja fechada/)).toBeNull();
  });

  test('com uma só loja, não mostra nada nem pede o estoque por loja', async () => {
    serve([store(1, 'Loja principal')]);
    const { container } = renderWithQueries(<StoreAvailability productId={5} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/products/5/stock');
  });
});
