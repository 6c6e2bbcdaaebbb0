import { eanParam, idParam, namedEntity, product, productListQuery, searchParams } from '@petshop/domain';
import type { Db } from '../../db/client';
import { envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import { markCatalogReads } from '../../plugins/catalog-cache';
import { publicRevalidate } from '../../plugins/conditional-get';
import * as service from './catalog.service';

const productList = { 200: listEnvelope(product), 400: errorBody } as const;
const filteredList = { ...productList, 404: errorBody } as const;
const namedList = listEnvelope(namedEntity);

/** Public catalogue reads: only products that are not archived. */
export const catalogRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  const tags = ['Catálogo'];
  app.addHook('onRequest', publicRevalidate);
  app.addHook('onRoute', markCatalogReads);

  app.get(
    '/products',
    {
      schema: {
        operationId: 'listProducts',
        tags,
        summary: 'Listar produtos',
        querystring: productListQuery,
        response: productList,
      },
    },
    async (request) => paged(await service.listAll(db, request.query), request.query),
  );

  app.get(
    '/products/search/:name',
    {
      schema: {
        operationId: 'searchProducts',
        tags,
        summary: 'Buscar produtos pelo nome: cada palavra, em qualquer ordem, sem diferenciar maiúsculas nem acentos',
        params: searchParams,
        querystring: productListQuery,
        response: productList,
      },
    },
    async (request) => paged(await service.search(db, request.params.name, request.query), request.query),
  );

  // An empty term ('/products/search/') loses its slash in the router: it lists everything.
  app.get(
    '/products/search',
    {
      schema: {
        operationId: 'searchProductsWithoutTerm',
        tags,
        summary: 'Busca vazia: todos os produtos',
        querystring: productListQuery,
        response: productList,
      },
    },
    async (request) => paged(await service.search(db, '', request.query), request.query),
  );

  app.get(
    '/products/category/:id',
    {
      schema: {
        operationId: 'listProductsByCategory',
        tags,
        summary: 'Listar produtos de uma categoria',
        params: idParam,
        querystring: productListQuery,
        response: filteredList,
      },
    },
    async (request) => paged(await service.listByCategory(db, request.params.id, request.query), request.query),
  );

  app.get(
    '/products/specie/:id',
    {
      schema: {
        operationId: 'listProductsBySpecies',
        tags,
        summary: 'Listar produtos de uma espécie',
        params: idParam,
        querystring: productListQuery,
        response: filteredList,
      },
    },
    async (request) => paged(await service.listBySpecies(db, request.params.id, request.query), request.query),
  );

  app.get(
    '/products/barcode/:ean',
    {
      schema: {
        operationId: 'getProductByBarcode',
        tags,
        summary: 'Ver o produto de um código de barras (EAN-13), como o leitor do caixa o lê',
        params: eanParam,
        response: { 200: envelope(product), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.getByBarcode(db, request.params.ean) }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        tags,
        summary: 'Ver um produto',
        params: idParam,
        response: { 200: envelope(product), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.getProduct(db, request.params.id) }),
  );

  app.get(
    '/categories',
    { schema: { operationId: 'listCategories', tags, summary: 'Listar categorias', response: { 200: namedList } } },
    async () => ({ data: await service.listCategories(db) }),
  );

  app.get(
    '/species',
    { schema: { operationId: 'listSpecies', tags, summary: 'Listar espécies', response: { 200: namedList } } },
    async () => ({
      data: await service.listSpecies(db),
    }),
  );
});
