import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { tooManyRequests } from '../../lib/app-error';
import type { Budget, RateLimiter } from '../../lib/rate-limiter';
import { sha256 } from '../../lib/sealed';

/** Password and Google sign-in share the per-IP budget and this answer. */
export const tooManyLogins = () =>
  tooManyRequests('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');

export interface LoginThrottle {
  limiter: RateLimiter;
  config: Pick<Config, 'LOGIN_MAX_ATTEMPTS' | 'LOGIN_ACCOUNT_MAX_ATTEMPTS' | 'LOGIN_IP_MAX_ATTEMPTS'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Keys and logs name an account by a digest of its e-mail, never the address itself. */
const accountTag = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 16);

type Limit = 'pair' | 'account' | 'ip';

/**
 * The failed-login budgets of one sign-in: a few per account and IP together (the attacker's own
 * back-off), many per account from anywhere (other addresses cannot lock the owner out for long),
 * many per IP (a carrier NAT puts a whole town behind one address). Google sign-in has no account
 * before its token is verified, so only the IP budget applies to it.
 */
export function loginAttempt(throttle: LoginThrottle, email: string | undefined, ip: string) {
  const account = email === undefined ? undefined : accountTag(email);
  const limits = new Map<string, Limit>();
  const budgets: Budget[] = [];
  const add = (limit: Limit, key: string, max: number) => {
    limits.set(key, limit);
    budgets.push({ key, max });
  };
  if (account) {
    add('pair', `login:pair:${account}:${ip}`, throttle.config.LOGIN_MAX_ATTEMPTS);
    add('account', `login:account:${account}`, throttle.config.LOGIN_ACCOUNT_MAX_ATTEMPTS);
  }
  add('ip', `login:ip:${ip}`, throttle.config.LOGIN_IP_MAX_ATTEMPTS);
  const keysOf = (wanted: (limit: Limit) => boolean) =>
    budgets.map((b) => b.key).filter((k) => wanted(limits.get(k) as Limit));

  return {
    /**
     * Counts this attempt before anything is checked, in one atomic step with the decision, so
     * attempts sent together cannot all pass on the same count. Over a budget: 429.
     */
    async take() {
      const attempt = await throttle.limiter.attempt(budgets);
      for (const key of attempt.filled) {
        const limit = limits.get(key);
        throttle.log.warn({ limit, ip, account: limit === 'ip' ? undefined : account }, 'login limit reached');
      }
      if (!attempt.allowed) throw tooManyLogins();
    },
    /** The attempt was legitimate: its counts go back, and the pair starts afresh. */
    async succeeded() {
      await Promise.all([
        throttle.limiter.refund(keysOf((limit) => limit !== 'pair')),
        ...keysOf((limit) => limit === 'pair').map((key) => throttle.limiter.reset(key)),
      ]);
    },
    /** Not a guess at all (e.g. Google's key set was unreachable): only the count goes back. */
    async void() {
      await throttle.limiter.refund(budgets.map((b) => b.key));
    },
  };
}
