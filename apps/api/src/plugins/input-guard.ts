import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error';

// C0 controls but tab, line feed and carriage return; DEL. PostgreSQL rejects NUL outright (22021).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const MESSAGE = 'Caracteres de controle não são permitidos.';

/** The path of the first string holding a control character, or undefined. */
function findControl(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = findControl(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every text that reaches a route (path, query string, JSON body) is free of control characters:
 * a pt-BR 400 naming the field, before any schema, service or query sees it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findControl(part, []);
      if (found) throw fieldError(found.join('.') || 'body', MESSAGE);
    }
  });
}
