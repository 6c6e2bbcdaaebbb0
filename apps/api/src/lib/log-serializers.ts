import type { FastifyRequest } from 'fastify';
import { pgErrorOf } from './pg-error';

/**
 * What the logs may say about an error: its kind, a message without the failed query's SQL and
 * parameters (Drizzle puts both, values included, in its message), the PostgreSQL code and
 * constraint, and the stack frames. Never parameters, hashes, CPFs, e-mails or tokens.
 */
export function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: 'Error', message: String(error), stack: '' };
  const pg = pgErrorOf(error);
  const inner = innermost(error);
  const message = /^Failed query:/.test(error.message) ? inner.message : error.message;
  return {
    type: error.name,
    message: redact(message),
    ...(pg ? { pgCode: pg.code, constraint: pg.constraint } : {}),
    stack: error.stack?.split('\n').slice(1).join('\n') ?? '',
  };
}

function innermost(error: Error): Error {
  let current: Error = error;
  for (let depth = 0; depth < 4 && current.cause instanceof Error; depth += 1) current = current.cause;
  return current;
}

const redact = (text: string) =>
  text
    .replace(/params:[\s\S]*$/i, 'params: [omitidos]')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/\$(scrypt|argon2)[^\s"']*/g, '[hash]')
    .replace(/\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g, '[cpf]');

/** A request in the log: method and path, never the query string (reset tokens, searches, CEPs). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    id: request.id,
    remoteAddress: request.ip,
  };
}
