import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { productWriteBody } from '@petshop/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** One tag per domain, in the order a reader meets them. */
const TAGS = [
  { name: 'Autenticação', description: 'Entrar, Google, verificação em duas etapas, recuperar e trocar a senha.' },
  { name: 'Usuários', description: 'Contas, preferências de mensagens e dados da LGPD.' },
  { name: 'Catálogo', description: 'Produtos, categorias, espécies e fotos.' },
  { name: 'Carrinho', description: 'O carrinho do cliente.' },
  { name: 'Pagamentos', description: 'Pagar o carrinho, Pix e o ambiente de testes.' },
  { name: 'Pedidos', description: 'Pedidos do cliente e a administração de pedidos.' },
  { name: 'Caixa', description: 'O caixa da loja (PDV): sessões, vendas no balcão e devoluções.' },
  { name: 'Entrega', description: 'Frete por UF e a tabela de fretes.' },
  { name: 'Endereços', description: 'Endereços do cliente.' },
  { name: 'Localidades', description: 'Estados, cidades e CEP.' },
  { name: 'Serviços', description: 'Serviços oferecidos (banho, tosa, consulta…).' },
  { name: 'Funcionários', description: 'Funcionários, seus serviços e horários.' },
  { name: 'Agendamentos', description: 'Agendar, remarcar e a agenda da equipe.' },
  { name: 'Lojas', description: 'Lojas, endereço e horário de funcionamento.' },
  { name: 'Estoque', description: 'Estoque por loja, movimentações, ajustes e transferências.' },
  { name: 'Compras', description: 'Fornecedores, pedidos de compra, lotes com validade e sugestões de reposição.' },
  { name: 'Pets', description: 'Pets e sua carteira de saúde.' },
  { name: 'Planos e assinaturas', description: 'Planos de banho e tosa recorrentes, assinaturas e o Pix Automático.' },
  { name: 'Pacotes', description: 'Pacotes de serviços pré-pagos e os créditos de cada pet.' },
  { name: 'Mensagens', description: 'E-mails e WhatsApp enviados pela loja.' },
  { name: 'Relatórios', description: 'Números da loja para a administração.' },
  { name: 'Auditoria', description: 'Cada alteração feita pela equipe, com antes e depois.' },
  { name: 'Operação', description: 'Saúde do serviço.' },
];

/**
 * SPEC puts the customer's 'order of a payment' (GET, by payment id) at the place of the admin's
 * order moves (PUT/DELETE, by order id). The router tells them apart by method; the document names
 * the parameter once, so the three are one path.
 */
const SAME_PATH: Record<string, { url: string; param: [string, string] }> = {
  '/api/orders/:paymentId': { url: '/api/orders/:id', param: ['paymentId', 'id'] },
};

/**
 * A named schema is written both as the server reads it (`…Input`) and as it answers; the error
 * body is only ever answered, so the unused variant is dropped.
 */
function withoutUnusedSchemas(
  document: ReturnType<typeof jsonSchemaTransformObject>,
): ReturnType<typeof jsonSchemaTransformObject> {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify(document);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}

/** productWriteBody's preprocess: SPEC's camelCase stands in when the snake_case field is absent. */
const REFERENCE_ALIASES = [
  ['category_id', 'categoryId'],
  ['species_id', 'speciesId'],
] as const;

interface ObjectSchema {
  properties: Record<string, object>;
  required: string[];
  allOf?: object[];
}

/**
 * zod documents only what productWriteBody's preprocess yields (category_id/species_id), but
 * POST/PUT /products also read SPEC's categoryId/speciesId: the document lists both spellings and
 * asks for one of each pair, so a typed client can send either without a cast.
 */
function withReferenceAliases(body: ObjectSchema): ObjectSchema {
  for (const [snake, camel] of REFERENCE_ALIASES) {
    body.properties[camel] = {
      ...body.properties[snake],
      description: `O mesmo que ${snake}, lido quando ${snake} não vem (${snake} prevalece).`,
    };
  }
  const aliased = new Set<string>(REFERENCE_ALIASES.map(([snake]) => snake));
  body.required = body.required.filter((name) => !aliased.has(name));
  body.allOf = REFERENCE_ALIASES.map((pair) => ({ anyOf: pair.map((name) => ({ required: [name] })) }));
  return body;
}

type Operations = Record<
  string,
  Record<
    string,
    { requestBody?: { required?: boolean; content?: Record<string, { schema?: { nullable?: boolean } }> } }
  >
>;

/**
 * @fastify/swagger marks every body required, but a `.nullish()` zod body (DELETE /user/{id}'s
 * optional `cancelOpenOrders`) is also valid when no body is sent: the document says so, so a
 * generated client may leave it out.
 */
function withOptionalNullableBodies(
  document: ReturnType<typeof jsonSchemaTransformObject>,
): ReturnType<typeof jsonSchemaTransformObject> {
  const paths = (document as { paths?: Operations }).paths ?? {};
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    const body = operation.requestBody;
    if (body?.content?.['application/json']?.schema?.nullable) body.required = false;
  }
  return document;
}

/**
 * OpenAPI generated from the same zod schemas that validate; UI at /api/docs, the document at
 * /api/docs/json (written to apps/api/openapi.json by `npm run openapi`).
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pet shop API', version: '1.0.0', description: 'API da loja e agendamentos (pt-BR).' },
      // Relative: the paths already carry /api, and the document is served by the instance it describes.
      servers: [{ url: '/', description: 'Esta instância' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          pixWebhookSecret: {
            type: 'apiKey',
            in: 'query',
            name: 'hmac',
            description: 'PIX_WEBHOOK_SECRET, appended by the PSP to the registered webhook URL',
          },
          cardWebhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-signature',
            description:
              'ts=…,v1=…: HMAC-SHA256 with CARD_WEBHOOK_SECRET over "id:{data.id};request-id:{x-request-id};ts:{ts};"',
          },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      if (input.schema?.body === productWriteBody) withReferenceAliases(output.schema.body as ObjectSchema);
      const same = SAME_PATH[input.url];
      if (!same) return output;
      const [from, to] = same.param;
      const params = output.schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      if (params?.properties?.[from]) {
        const { [from]: schema, ...rest } = params.properties;
        params.properties = { ...rest, [to]: schema };
        params.required = params.required?.map((name) => (name === from ? to : name));
      }
      return { ...output, url: same.url };
    },
    transformObject: (input) => withOptionalNullableBodies(withoutUnusedSchemas(jsonSchemaTransformObject(input))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
