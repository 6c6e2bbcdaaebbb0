import { AppError } from './app-error';

/** Server going away, refusing or dropping connections (class 08, 57P0x, too many connections). */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
/** statement_timeout and lock_timeout tripped */
const TIMED_OUT = new Set(['57014', '55P03']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const POOL_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|not queryable|Cannot use a pool after calling end/i;

/**
 * The database could not answer (down, restarting, out of connections, too slow): a 503 the
 * client may retry, not a 500. Looks through the error and its causes (Drizzle wraps pg's).
 */
export function databaseUnavailable(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && TIMED_OUT.has(code)) {
      return new AppError(
        503,
        'DB_TIMEOUT',
        'O banco de dados demorou demais para responder. Tente novamente em instantes.',
      );
    }
    if (
      (typeof code === 'string' && (UNAVAILABLE.has(code) || NETWORK.has(code))) ||
      (typeof message === 'string' && POOL_MESSAGES.test(message))
    ) {
      return new AppError(503, 'DB_UNAVAILABLE', 'Banco de dados indisponível. Tente novamente em instantes.');
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's disk_full, and the system's "no space" and "over quota" / "file too large" errors. */
const FULL = new Set(['53100', 'ENOSPC', 'EDQUOT', 'EFBIG']);
const EMSCRIPTEN_ENOSPC = 51;

/**
 * The disk is full (the database's, or the uploads'): a pt-BR 503, not a 500. What failed was
 * rolled back or removed before this answer, so nothing is left half-written.
 */
export function storageFull(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, name, errno } = current as { code?: unknown; name?: unknown; errno?: unknown };
    // PGlite's disk goes through Emscripten's file system, whose errors carry its own errno numbers.
    const emscriptenFull = name === 'ErrnoError' && errno === EMSCRIPTEN_ENOSPC;
    if ((typeof code === 'string' && FULL.has(code)) || emscriptenFull) {
      return new AppError(
        503,
        'DISK_FULL',
        'O servidor está sem espaço para guardar dados. Nada foi salvo; tente novamente mais tarde.',
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
