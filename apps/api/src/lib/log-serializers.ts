import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { pgErrorOf } from './pg-error';

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  /** only the app's own messages: pt-BR sentences written here, never a driver's text ('' otherwise) */
  message: string;
  /** the first stack frame in the app's own source, e.g. modules/users/users.service.ts:68:5 ('' if none) */
  stack: string;
  /** SQLSTATE, errno name (ECONNREFUSED, ENOSPC) or library code (FST_ERR_…) */
  code?: string;
  /** the constraint a write broke: a schema name, never a value */
  constraint?: string;
  /** the kinds of the errors it wraps, outermost first (Drizzle wraps the driver's) */
  causes?: { type: string; code?: string; errno?: number }[];
}

const SOURCE_ROOT = /[\\/]apps[\\/]api[\\/]src[\\/]/;
const CODE = /^[A-Z0-9_]{2,40}$/;

/**
 * What the logs may say about any error: its kind, its code and where in our code it surfaced.
 * A driver's message or stack holds the failed SQL and its parameters (Drizzle prints `params:`
 * with the e-mail, CPF, phone and password hash of a sign-up), an SMTP reply can quote the
 * recipient and a PSP's the payer, so no message, stack line or property of theirs is kept.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const pg = pgErrorOf(error);
  const logged: LoggedError = {
    type: kindOf(error),
    message: error instanceof AppError ? error.message : '',
    stack: ownFrame(error) ?? '',
  };
  const code = pg?.code ?? codeOf(error);
  if (code) logged.code = code;
  if (pg?.constraint && /^[a-z0-9_]{1,63}$/.test(pg.constraint)) logged.constraint = pg.constraint;
  const causes = causesOf(error);
  if (causes.length > 0) logged.causes = causes;
  return logged;
}

function kindOf(error: Error): string {
  const name = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  return /^[\w$]{1,60}$/.test(name) ? name : 'Error';
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && CODE.test(code) ? code : undefined;
}

/** Emscripten's file-system errors (PGlite's disk) are not Errors: a name and an errno. */
const isErrorLike = (value: unknown): value is { name: string; cause?: unknown } =>
  value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).name === 'string');

function causesOf(error: Error) {
  const causes: { type: string; code?: string; errno?: number }[] = [];
  let current: unknown = error.cause;
  for (let depth = 0; isErrorLike(current) && depth < 4; depth += 1) {
    const code = codeOf(current);
    const { errno } = current as { errno?: unknown };
    causes.push({
      type: current instanceof Error ? kindOf(current) : /^\w{1,40}$/.test(current.name) ? current.name : 'Error',
      ...(code ? { code } : {}),
      ...(typeof errno === 'number' ? { errno } : {}),
    });
    current = current.cause;
  }
  return causes;
}

/**
 * The first frame of the app's own code, in this error's stack or its causes'. Frames are read only
 * from lines that start with "at", so a message that spans lines (SQL, parameters) is never taken.
 */
function ownFrame(error: Error): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    for (const line of (current.stack ?? '').split('\n')) {
      const frame = /^\s+at (?:.*? \()?(?:file:\/\/)?([^()\s]+):(\d+):(\d+)\)?$/.exec(line);
      if (!frame || !SOURCE_ROOT.test(frame[1] as string) || frame[1]?.includes('node_modules')) continue;
      const path = (frame[1] as string).split(SOURCE_ROOT).pop();
      return `${path}:${frame[2]}:${frame[3]}`;
    }
    current = current.cause;
  }
  return undefined;
}

/** A request in the log: method and path, never the query string (reset tokens, searches, CEPs). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    id: request.id,
    remoteAddress: request.ip,
  };
}
