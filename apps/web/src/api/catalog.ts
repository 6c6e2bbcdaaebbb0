import type { NamedEntity, Product, ProductBody, UploadedProductImage } from '@petshop/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { apiRequest, getData, invalidate, pagedQueryOptions, saveTo } from '../lib/api-client';

/** The shop's product grids; the admin list; one product. */
export const productsKey = ['products'] as const;
export const adminProductsKey = ['admin-products'] as const;

/** Which products a grid shows: everything, one category, one species or a name search. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'category'; id: number }
  | { kind: 'specie'; id: number }
  | { kind: 'search'; name: string };

export const PRODUCTS_PAGE_SIZE = 24;

const scopePath = (scope: ProductScope): string => {
  switch (scope.kind) {
    case 'all':
      return '/products';
    case 'category':
      return `/products/category/${scope.id}`;
    case 'specie':
      return `/products/specie/${scope.id}`;
    case 'search':
      return `/products/search/${encodeURIComponent(scope.name)}`;
  }
};

export const productsQueryOptions = (scope: ProductScope) =>
  pagedQueryOptions<Product>([...productsKey, scope], scopePath(scope), PRODUCTS_PAGE_SIZE);

/** `known` is the product the grid handed over in navigation state, so no request is needed. */
export const productQueryOptions = (id: number, known?: Product) => ({
  queryKey: ['product', id],
  queryFn: getData<Product>(`/products/${id}`),
  initialData: known,
});

export const categoriesQueryOptions = () => ({
  queryKey: ['categories'],
  queryFn: getData<NamedEntity[]>('/categories'),
  staleTime: 5 * 60_000,
});

export const speciesQueryOptions = () => ({
  queryKey: ['species'],
  queryFn: getData<NamedEntity[]>('/species'),
  staleTime: 5 * 60_000,
});

/** Admin: 20 at a time; a term searches names as the shop's search does (case and accents ignored). */
export const adminProductsQueryOptions = (term = '') => ({
  ...pagedQueryOptions<Product>(
    [...adminProductsKey, term],
    term ? `/products/search/${encodeURIComponent(term)}` : '/products',
  ),
  placeholderData: keepPreviousData,
});

/** The admin edit form object: SPEC names the references categoryId and speciesId. */
export interface ProductEditBody {
  name: string;
  description: string;
  price: number;
  stock: number;
  categoryId: number;
  speciesId: number;
  url: string;
}

export interface SaveProductInput {
  /** Absent: a new product. */
  id?: number | undefined;
  body: ProductBody | ProductEditBody;
}

/** After a change: the admin list and the shop's grids. */
export const saveProductMutation = () => ({
  mutationFn: ({ id, body }: SaveProductInput) => saveTo<Product>('/products', id, body),
  onSuccess: invalidate(adminProductsKey, productsKey),
});

const UPLOAD_TIMEOUT_MS = 60_000;

/** Sends a photo; the answer's `url` goes into the product form. Nothing is cached until the product is saved. */
export const uploadProductImageMutation = () => ({
  mutationFn: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const response = await apiRequest<UploadedProductImage>('/products/images', {
      method: 'POST',
      body: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    return response.data;
  },
});

/** A product that orders or carts refer to is archived instead (`archived: true`). */
export const deleteProductMutation = () => ({
  mutationFn: (id: number) => apiRequest<{ id: number; archived: boolean }>(`/products/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(adminProductsKey, productsKey),
});
