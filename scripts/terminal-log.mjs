// What `npm start` shows of the API's JSON log on a terminal: one readable line per record that
// a person needs, nothing of the per-request chatter unless LOG_LEVEL=debug (or trace).

const LEVEL_LABEL = { 40: 'aviso', 50: 'erro', 60: 'fatal' };

/** Records a person at the terminal never needs: Fastify's own listening lines (the banner says it). */
const hidden = [/^Server listening at /];

/**
 * One JSON log line → the text to print, or null to print nothing. A line that is not JSON (the
 * start banner, a stack trace on stderr) is printed as it is.
 */
export function terminalLine(line, { verbose = false } = {}) {
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof record !== 'object' || record === null || typeof record.msg !== 'string') return line;
  const isRequestLog = 'req' in record || 'res' in record || 'responseTime' in record;
  if (!verbose && (isRequestLog || record.level < 30)) return null;
  if (hidden.some((pattern) => pattern.test(record.msg))) return null;
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const label = LEVEL_LABEL[record.level];
  const detail = record.err?.message ?? record.error ?? '';
  const request = isRequestLog && record.req ? ` ${record.req.method} ${record.req.url}` : '';
  const status = isRequestLog && record.res ? ` ${record.res.statusCode}` : '';
  return `${time}  ${label ? `${label}: ` : ''}${record.msg}${request}${status}${detail ? ` (${detail})` : ''}`;
}

/** Text on a terminal, JSON when piped to a file or a log collector; LOG_FORMAT=json|text decides instead. */
export function wantsText(env = process.env, stdout = process.stdout) {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'text') return true;
  return Boolean(stdout.isTTY);
}
