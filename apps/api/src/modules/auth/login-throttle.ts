import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { tooManyRequests } from '../../lib/app-error';
import type { Budget, RateLimiter } from '../../lib/rate-limiter';
import { accountTag } from './device-token';

/** Password and Google sign-in share the per-IP budget and this answer. */
export const tooManyLogins = () =>
  tooManyRequests('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');

const slowedDown = (seconds: number) =>
  tooManyRequests(
    `Esta conta recebeu muitas tentativas de login. Tente de novo em ${seconds} segundos, ` +
      'entre por um aparelho onde já entrou antes ou use o link que enviamos ao seu e-mail.',
  );

export interface LoginThrottle {
  limiter: RateLimiter;
  config: Pick<
    Config,
    'LOGIN_MAX_ATTEMPTS' | 'LOGIN_ACCOUNT_MAX_ATTEMPTS' | 'LOGIN_IP_MAX_ATTEMPTS' | 'LOGIN_SLOWDOWN_SECONDS'
  >;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type Limit = 'pair' | 'account' | 'ip' | 'device';

/**
 * The failed-login budgets of one sign-in.
 * - From a device where the account signed in before (`deviceId`, from its signed cookie): only
 *   that device's own few attempts. Nothing an attacker does elsewhere reaches it.
 * - From any other device: a few per account and address together (the guesser's own back-off),
 *   many per address (a carrier NAT puts a whole town behind one), and many per account from
 *   anywhere. Past the account's budget its unknown devices are slowed to one attempt per
 *   LOGIN_SLOWDOWN_SECONDS instead of locked out, and the owner is sent an unlock link.
 * Google sign-in has no account before its token is verified, so only the address budget applies.
 */
export function loginAttempt(throttle: LoginThrottle, email: string | undefined, ip: string, deviceId?: string) {
  const { config } = throttle;
  const account = email === undefined ? undefined : accountTag(email);
  const limits = new Map<string, Limit>();
  const budgets: Budget[] = [];
  const add = (limit: Limit, key: string, max: number) => {
    limits.set(key, limit);
    budgets.push({ key, max });
  };
  if (account && deviceId) add('device', `login:device:${account}:${deviceId}`, config.LOGIN_MAX_ATTEMPTS);
  else {
    if (account) add('pair', `login:pair:${account}:${ip}`, config.LOGIN_MAX_ATTEMPTS);
    add('ip', `login:ip:${ip}`, config.LOGIN_IP_MAX_ATTEMPTS);
  }
  const accountKey = account && !deviceId ? `login:account:${account}` : undefined;
  let accountCounted = false;
  const warnFilled = (filled: string[]) => {
    for (const key of filled) {
      const limit = limits.get(key);
      throttle.log.warn({ limit, ip, account: limit === 'ip' ? undefined : account }, 'login limit reached');
    }
  };

  return {
    /**
     * Counts this attempt before anything is checked, in one atomic step with the decision, so
     * attempts sent together cannot all pass on the same count. Over a budget of the attempt's own
     * device or address: 429. Resolves `underAttack` when the account's budget is full (this attempt
     * then took the account's slow lane).
     */
    async take(): Promise<{ underAttack: boolean }> {
      const attempt = await throttle.limiter.attempt(budgets);
      warnFilled(attempt.filled);
      if (!attempt.allowed) throw tooManyLogins();
      if (!accountKey) return { underAttack: false };
      const onAccount = await throttle.limiter.attempt([{ key: accountKey, max: config.LOGIN_ACCOUNT_MAX_ATTEMPTS }]);
      if (onAccount.allowed) {
        accountCounted = true;
        limits.set(accountKey, 'account');
        warnFilled(onAccount.filled);
        return { underAttack: false };
      }
      const slot = Math.floor(Date.now() / (config.LOGIN_SLOWDOWN_SECONDS * 1000));
      const lane = await throttle.limiter.attempt([{ key: `login:slow:${account}:${slot}`, max: 1 }]);
      if (!lane.allowed) throw slowedDown(config.LOGIN_SLOWDOWN_SECONDS);
      return { underAttack: true };
    },
    /** The attempt was legitimate: its counts go back, and the device or pair starts afresh. */
    async succeeded() {
      const shared = budgets.filter((b) => limits.get(b.key) === 'ip').map((b) => b.key);
      if (accountCounted && accountKey) shared.push(accountKey);
      const own = budgets.filter((b) => ['pair', 'device'].includes(limits.get(b.key) as Limit)).map((b) => b.key);
      await Promise.all([throttle.limiter.refund(shared), ...own.map((key) => throttle.limiter.reset(key))]);
    },
    /** Not a guess at all (e.g. Google's key set was unreachable): only the count goes back. */
    async void() {
      await throttle.limiter.refund(budgets.map((b) => b.key));
    },
  };
}
