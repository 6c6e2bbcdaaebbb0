import { z } from 'zod';
import { isEan13 } from '../ean';
import { PRODUCT_SORTS } from '../product-sorts';
import { paginationQuery, requiredText } from './common';
import { money } from './money';

const price = money('Informe um preço válido.', {
  tooSmall: 'O preço não pode ser negativo.',
  tooLarge: 'Preço acima do permitido.',
});

const catalogRef = (message: string) => z.number({ error: message }).int(message).positive(message);

/** Empty, an http(s) address or a path on this site ('/images/racao.png'). */
const imageUrl = z
  .string()
  .trim()
  .max(2048, 'Endereço da imagem muito longo.')
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//i.test(v), 'Informe um endereço de imagem válido.')
  .default('');

export const productBody = z.object({
  name: requiredText('Informe o nome do produto.', 120),
  description: z.string().trim().max(5000, 'Descrição muito longa.').default(''),
  price,
  stock: z
    .number({ error: 'Informe o estoque.' })
    .int('O estoque deve ser um número inteiro.')
    .min(0, 'O estoque não pode ser negativo.')
    .max(1_000_000, 'Estoque acima do permitido.'),
  category_id: catalogRef('Selecione uma categoria.'),
  species_id: catalogRef('Selecione uma espécie.'),
  url: imageUrl,
  /** EAN-13; null takes it off, absent keeps what the product has */
  barcode: z
    .string({ error: 'Informe um código de barras válido.' })
    .trim()
    .regex(/^[0-9]{13}$/, 'O código de barras (EAN-13) tem 13 dígitos.')
    .refine(isEan13, 'Código de barras inválido: o dígito verificador não confere.')
    .nullable()
    .optional(),
});
export type ProductBody = z.input<typeof productBody>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What POST/PUT /products accept: productBody, where the admin edit form's categoryId/speciesId
 * stand in for category_id/species_id when those are absent (snake_case wins).
 */
export const productWriteBody = z.preprocess(
  (value) =>
    isRecord(value)
      ? {
          ...value,
          category_id: value.category_id === undefined ? value.categoryId : value.category_id,
          species_id: value.species_id === undefined ? value.speciesId : value.species_id,
        }
      : value,
  productBody,
);

export const searchParams = z.object({
  name: z.string().max(100, 'Busca muito longa.'),
});

const optionalId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).optional();

/** Every product list (all, a search, a category, a species): a page, narrowed and ordered. */
export const productListQuery = paginationQuery.extend({
  categoryId: optionalId('Categoria inválida.'),
  speciesId: optionalId('Espécie inválida.'),
  sort: z.enum(PRODUCT_SORTS, { error: 'Ordenação inválida: use name, price-asc ou price-desc.' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const product = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stock: z.number(),
  category_id: z.number(),
  species_id: z.number(),
  url: z.string(),
  barcode: z.string().nullable(),
  categories: z.object({ name: z.string() }),
  species: z.object({ name: z.string() }),
});
export type Product = z.infer<typeof product>;

/** `GET /products/barcode/{ean}`: 13 digits with a valid check digit. */
export const eanParam = z.object({
  ean: z
    .string()
    .regex(/^[0-9]{13}$/, 'O código de barras (EAN-13) tem 13 dígitos.')
    .refine(isEan13, 'Código de barras inválido: o dígito verificador não confere.'),
});

export const namedEntity = z.object({ id: z.number(), name: z.string() });
export type NamedEntity = z.infer<typeof namedEntity>;

export const service = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** the smallest of `prices` */
  price: z.number(),
  prices: z.object({ Pequeno: z.number(), Médio: z.number(), Grande: z.number() }),
  durationMinutes: z.number(),
});
export type Service = z.infer<typeof service>;

/** What the photo upload answers: the 640 px address and the srcset of every width. */
export const uploadedProductImage = z.object({
  /** The 640 px version: what the product's `url` keeps. */
  url: z.string(),
  srcSet: z.string(),
});
export type UploadedProductImage = z.infer<typeof uploadedProductImage>;
