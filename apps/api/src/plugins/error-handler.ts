import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

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

/** PostgreSQL constraint errors that reach the handler mean a rule was broken by a concurrent request. */
const pgCodes: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'CONFLICT', message: 'Este registro já existe.' },
  '23503': { status: 409, code: 'CONFLICT', message: 'Registro relacionado inexistente ou em uso.' },
  '23514': { status: 409, code: 'CONFLICT', message: 'A operação viola uma regra de consistência.' },
  '22003': { status: 400, code: 'BAD_REQUEST', message: 'Valor numérico fora do permitido.' },
};

/** A unique index lost a race with a parallel request: say which value is taken. */
const uniqueMessages: Record<string, { code: string; message: string }> = {
  users_email_lower_active_uq: { code: 'EMAIL_TAKEN', message: 'Este e-mail já está cadastrado.' },
  users_cpf_active_uq: { code: 'CPF_TAKEN', message: 'Este CPF já está cadastrado.' },
};

/** The PostgreSQL error behind a driver or ORM error (drizzle wraps it in `cause`). */
const pgError = (error: unknown): { code: string; constraint?: string } | undefined => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

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
    const pg = pgError(error);
    const unique = pg?.code === '23505' && pg.constraint ? uniqueMessages[pg.constraint] : undefined;
    const pgKnown = unique ? { status: 409, ...unique } : pg ? pgCodes[pg.code] : undefined;
    if (pgKnown) {
      request.log.warn({ err: error }, 'constraint violation');
      return reply.status(pgKnown.status).send({ message: pgKnown.message, code: pgKnown.code });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Requisição inválida.', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: 'Erro interno. Tente novamente mais tarde.',
      code: 'INTERNAL_ERROR',
      requestId: request.id,
    });
  });
}
