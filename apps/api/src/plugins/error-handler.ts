import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { databaseUnavailable, storageFull } from '../lib/database-unavailable';
import { PG_VIOLATION, pgErrorOf } from '../lib/pg-error';

type Detail = { field: string; message: string };

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'A requisição é grande demais.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Envie os dados em JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'O corpo da requisição está vazio.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Tamanho da requisição inválido.' },
};

/**
 * PostgreSQL errors no module claimed (see lib/pg-error): a rule was broken by a concurrent request.
 * Each module maps its own constraints to its own error before they get here.
 */
const pgCodes: Record<string, { status: number; code: string; message: string }> = {
  [PG_VIOLATION.unique]: { status: 409, code: 'CONFLICT', message: 'Este registro já existe.' },
  [PG_VIOLATION.exclusion]: { status: 409, code: 'CONFLICT', message: 'Este registro conflita com outro existente.' },
  [PG_VIOLATION.foreignKey]: { status: 409, code: 'CONFLICT', message: 'Registro relacionado inexistente ou em uso.' },
  [PG_VIOLATION.check]: { status: 409, code: 'CONFLICT', message: 'A operação viola uma regra de consistência.' },
  '22003': { status: 400, code: 'BAD_REQUEST', message: 'Valor numérico fora do permitido.' },
};

/**
 * What the router refuses before any route or hook runs (an undecodable path, a path segment
 * over Fastify's 100 characters): the same body and language as every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ message: 'O endereço da requisição é longo demais.', code: 'URI_TOO_LONG' });
  }
  return reply.status(400).send({ message: 'O endereço da requisição é inválido.', code: 'BAD_REQUEST' });
}

/** One error handler: every failure leaves as { message, code, details?, requestId? }. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Detail[] = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Valor inválido.',
      }));
      return reply.status(400).send({
        message: details[0]?.message ?? 'Dados inválidos.',
        code: 'VALIDATION_ERROR',
        details,
      });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.', code: 'TOO_MANY_REQUESTS' });
    }
    const pg = pgErrorOf(error);
    const pgKnown = pg ? pgCodes[pg.code] : undefined;
    if (pgKnown) {
      request.log.warn({ err: error }, 'constraint violation');
      return reply.status(pgKnown.status).send({ message: pgKnown.message, code: pgKnown.code });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Requisição inválida.', code: 'BAD_REQUEST' });
    }
    const full = storageFull(error);
    if (full) {
      request.log.error({ err: error }, 'disk full');
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({ message: full.message, code: full.code, requestId: request.id });
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ message: unavailable.message, code: unavailable.code, requestId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: 'Erro interno. Tente novamente mais tarde.',
      code: 'INTERNAL_ERROR',
      requestId: request.id,
    });
  });
}

const clientErrors: Record<string, { status: string; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'A requisição demorou demais para chegar. Tente novamente.',
  },
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'Os cabeçalhos da requisição são grandes demais.',
  },
};

/**
 * What the HTTP parser refuses before Fastify sees a request (headers or a body sent too slowly,
 * headers too large, a malformed request): the API's error body in pt-BR, then the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && clientErrors[error.code]) || {
    status: '400 Bad Request',
    code: 'BAD_REQUEST',
    message: 'A requisição é inválida.',
  };
  const body = JSON.stringify({ message: known.message, code: known.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
