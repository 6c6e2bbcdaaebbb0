import { keepPreviousData } from '@tanstack/react-query';
import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Body, Data, Query } from '../lib/typed-api';

/** The shop's product grids; the admin list; one product. */
export const productsKey = ['products'] as const;
export const adminProductsKey = ['admin-products'] as const;

export type Product = Data<'get', '/products/{id}'>;

/** Which products a grid shows: everything, one category, one species or a name search. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'category'; id: number }
  | { kind: 'specie'; id: number }
  | { kind: 'search'; name: string };

/** What narrows and orders any grid (the API's productListQuery). */
export type ProductFilters = Omit<Query<'get', '/products'>, 'limit' | 'offset'>;

export const PRODUCTS_PAGE_SIZE = 24;

type Page = { limit: number; offset: number };

const productsPage = (scope: ProductScope, filters: ProductFilters, page: Page, signal: AbortSignal) => {
  const query = { ...filters, ...page };
  switch (scope.kind) {
    case 'all':
      return api.get('/products', { query, signal });
    case 'category':
      return api.get('/products/category/{id}', { path: { id: scope.id }, query, signal });
    case 'specie':
      return api.get('/products/specie/{id}', { path: { id: scope.id }, query, signal });
    case 'search':
      return api.get('/products/search/{name}', { path: { name: scope.name }, query, signal });
  }
};

export const productsQueryOptions = (scope: ProductScope, filters: ProductFilters = {}) =>
  pagedQueryOptions(
    [...productsKey, scope, filters],
    (page, signal) => productsPage(scope, filters, page, signal),
    PRODUCTS_PAGE_SIZE,
  );

/** `known` is the product the grid handed over in navigation state, so no request is needed. */
export const productQueryOptions = (id: number, known?: Product) => ({
  queryKey: ['product', id],
  queryFn: getData('/products/{id}', { path: { id } }),
  initialData: known,
});

export const categoriesQueryOptions = () => ({
  queryKey: ['categories'],
  queryFn: getData('/categories'),
  staleTime: 5 * 60_000,
});

export const speciesQueryOptions = () => ({
  queryKey: ['species'],
  queryFn: getData('/species'),
  staleTime: 5 * 60_000,
});

/** Admin: 20 at a time; a term searches names as the shop's search does (case and accents ignored). */
export const adminProductsQueryOptions = (term = '') => ({
  ...pagedQueryOptions([...adminProductsKey, term], (query, signal) =>
    productsPage(term ? { kind: 'search', name: term } : { kind: 'all' }, {}, query, signal),
  ),
  placeholderData: keepPreviousData,
});

type ProductBody = Body<'post', '/products'>;

/** The admin edit form object: SPEC names the references categoryId and speciesId. */
export type ProductEditBody = Omit<ProductBody, 'category_id' | 'species_id'> & {
  categoryId: number;
  speciesId: number;
};

export interface SaveProductInput {
  /** Absent: a new product. */
  id?: number | undefined;
  body: ProductBody | ProductEditBody;
}

/** After a change: the admin list and the shop's grids. */
export const saveProductMutation = () => ({
  mutationFn: ({ id, body }: SaveProductInput) =>
    id === undefined ? api.post('/products', { body }) : api.put('/products/{id}', { path: { id }, body }),
  onSuccess: invalidate(adminProductsKey, productsKey),
});

const UPLOAD_TIMEOUT_MS = 60_000;

/** Sends a photo; the answer's `url` goes into the product form. Nothing is cached until the product is saved. */
export const uploadProductImageMutation = () => ({
  mutationFn: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (await api.post('/products/images', { form, timeoutMs: UPLOAD_TIMEOUT_MS })).data;
  },
});

/** A product that orders or carts refer to is archived instead (`archived: true`). */
export const deleteProductMutation = () => ({
  mutationFn: (id: number) => api.delete('/products/{id}', { path: { id } }),
  onSuccess: invalidate(adminProductsKey, productsKey),
});
