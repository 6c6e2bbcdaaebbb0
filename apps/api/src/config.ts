import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (entry: string) => {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
};

/**
 * Which hops of X-Forwarded-For are our own proxies: none (off), how many (a number) or their
 * addresses and ranges. The client is the last hop that is not one of them, so whatever a client
 * writes in the header itself changes nothing. 'true' (trust every hop) is refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === '0' || text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    if (text === 'true' || !entries.every(isAddressOrRange)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY é o número de proxies à frente da API (ex.: 1) ou os endereços/faixas deles ' +
          '(ex.: 10.0.0.5,172.16.0.0/12); "true" confiaria em qualquer X-Forwarded-For',
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL deve ser uma URL postgres://' }).optional(),
    /** the role that owns the tables: runs the migrations, then grants the app's role (DATABASE_URL) what it may do */
    DATABASE_OWNER_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_OWNER_URL deve ser uma URL postgres://' })
      .optional(),
    DATA_DIR: z.string().default(join(repoRoot, 'data')),
    UPLOADS_DIR: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter ao menos 32 caracteres').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN como 7d, 12h, 30m')
      .default('7d'),
    ADMIN_EMAIL: z.email('ADMIN_EMAIL deve ser um e-mail').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD deve ter ao menos 8 caracteres').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z.string().default('accounts.google.com,https://accounts.google.com'),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    SEED_DEMO: flag,
    TRUST_PROXY: trustProxy,
    WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
    /** admins and managers must sign in with a second factor (TOTP); unset: on in production only */
    STAFF_2FA_REQUIRED: z
      .enum(['1', '0', 'true', 'false'], { error: 'STAFF_2FA_REQUIRED é 1 ou 0' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
    LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    LOGIN_ACCOUNT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(100),
    LOGIN_IP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(300),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    /** an account past LOGIN_ACCOUNT_MAX_ATTEMPTS: one login from an unknown device per this many seconds */
    LOGIN_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).max(60).default(3),
    CEP_API_URL: z.url({ protocol: /^https?$/ }).default('https://brasilapi.com.br/api/cep/v2'),
    CEP_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    CEP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    APP_URL: z.url({ protocol: /^https?$/, error: 'APP_URL deve ser uma URL http(s)://' }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL deve ser uma URL smtp:// ou smtps://' }).optional(),
    MAIL_FROM: z.string().min(3).default('PetCare <nao-responda@petcare.local>'),
    WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'WHATSAPP_PHONE_NUMBER_ID são só dígitos').optional(),
    REMINDER_HOURS_BEFORE: z.coerce.number().int().min(1).max(168).default(24),
    /** a package credit comes back when its appointment is cancelled at least this long before it */
    CANCEL_MIN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** the longest a client may take to send a request's headers and its whole body */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN deve ter ao menos 16 caracteres').optional(),
    FORGOT_PASSWORD_MAX: z.coerce.number().int().positive().default(3),
    SIGNUP_IP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(30),
    // The PSP, on the Banco Central's API Pix v2; without PIX_API_URL the embedded sandbox PSP.
    PIX_API_URL: z.url({ protocol: /^https?$/, error: 'PIX_API_URL deve ser uma URL http(s)://' }).optional(),
    PIX_CLIENT_ID: z.string().min(1).optional(),
    PIX_CLIENT_SECRET: z.string().min(1).optional(),
    PIX_KEY: z.string().min(1).max(77).optional(),
    PIX_CERT_PATH: z.string().min(1).optional(),
    PIX_CERT_PASSWORD: z.string().optional(),
    PIX_WEBHOOK_SECRET: z.string().min(16, 'PIX_WEBHOOK_SECRET deve ter ao menos 16 caracteres').optional(),
    PIX_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    PIX_EXPIRATION_SECONDS: z.coerce.number().int().min(30).max(86_400).default(1800),
    BOLETO_DAYS_TO_PAY: z.coerce.number().int().min(1).max(60).default(3),
    /** how often pending charges are checked with the PSP, in case a webhook was lost */
    PIX_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    // The card and boleto PSP, on Mercado Pago's Payments API v1; without an access token the embedded sandbox.
    CARD_PSP_URL: z
      .url({ protocol: /^https?$/, error: 'CARD_PSP_URL deve ser uma URL http(s)://' })
      .default('https://api.mercadopago.com'),
    CARD_PSP_ACCESS_TOKEN: z.string().min(1).optional(),
    CARD_PSP_PUBLIC_KEY: z.string().min(1).optional(),
    CARD_WEBHOOK_SECRET: z.string().min(16, 'CARD_WEBHOOK_SECRET deve ter ao menos 16 caracteres').optional(),
    CARD_PSP_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    CARD_MAX_INSTALLMENTS: z.coerce.number().int().min(1).max(12).default(12),
    /** the smallest installment offered, in reais */
    CARD_MIN_INSTALLMENT: z.coerce.number().min(0).max(10_000).default(10),
    /** how often pending card payments and boletos are checked with the PSP */
    CARD_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /** production only: '1' lets the embedded sandboxes serve payments (every page says so) */
    PAYMENTS_SANDBOX: flag,
    /** what the shop offers: pix, boleto, credit, debit (comma separated) */
    PAYMENT_METHODS: z
      .string()
      .default('pix,boleto,credit,debit')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z.enum(['pix', 'boleto', 'credit', 'debit'], {
              error: 'PAYMENT_METHODS aceita pix, boleto, credit e debit',
            }),
          )
          .min(1, 'PAYMENT_METHODS precisa de ao menos um método'),
      ),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser informados juntos',
    path: ['ADMIN_EMAIL'],
  })
  .refine(
    (env) =>
      !env.PIX_API_URL || Boolean(env.PIX_CLIENT_ID && env.PIX_CLIENT_SECRET && env.PIX_KEY && env.PIX_WEBHOOK_SECRET),
    {
      message: 'PIX_API_URL pede PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY e PIX_WEBHOOK_SECRET',
      path: ['PIX_API_URL'],
    },
  )
  .refine((env) => !env.CARD_PSP_ACCESS_TOKEN || Boolean(env.CARD_PSP_PUBLIC_KEY && env.CARD_WEBHOOK_SECRET), {
    message: 'CARD_PSP_ACCESS_TOKEN pede CARD_PSP_PUBLIC_KEY e CARD_WEBHOOK_SECRET',
    path: ['CARD_PSP_ACCESS_TOKEN'],
  })
  .refine((env) => !env.DATABASE_OWNER_URL || Boolean(env.DATABASE_URL), {
    message: 'DATABASE_OWNER_URL pede DATABASE_URL (o papel do app, que não é dono de nada)',
    path: ['DATABASE_OWNER_URL'],
  })
  .refine((env) => Boolean(env.WHATSAPP_TOKEN) === Boolean(env.WHATSAPP_PHONE_NUMBER_ID), {
    message: 'WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID devem ser informados juntos',
    path: ['WHATSAPP_TOKEN'],
  });

export type Env = z.infer<typeof envSchema>;
export type Config = Env & {
  STAFF_2FA_REQUIRED: boolean;
  JWT_SECRET: string;
  APP_URL: string;
  UPLOADS_DIR: string;
  PIX_WEBHOOK_SECRET: string;
  CARD_WEBHOOK_SECRET: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; on error names each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing = productionPaymentGaps(env);
  if (missing.length > 0) {
    throw new ConfigError(
      `Configuração inválida para produção: nenhum pagamento de verdade sem um PSP configurado.\n${missing
        .map((line) => `  - ${line}`)
        .join(
          '\n',
        )}\n  (PAYMENTS_SANDBOX=1 liga o ambiente de testes de propósito; PAYMENT_METHODS escolhe os métodos.)`,
    );
  }
  const jwtSecret = env.JWT_SECRET ?? persistentSecret(env.DATA_DIR);
  return {
    ...env,
    JWT_SECRET: jwtSecret,
    STAFF_2FA_REQUIRED: env.STAFF_2FA_REQUIRED ?? env.NODE_ENV === 'production',
    // Sandbox mode: the embedded PSP and the webhook share a secret derived from the app's own.
    PIX_WEBHOOK_SECRET: env.PIX_WEBHOOK_SECRET ?? derivedSecret(jwtSecret, 'pix-webhook'),
    CARD_WEBHOOK_SECRET: env.CARD_WEBHOOK_SECRET ?? derivedSecret(jwtSecret, 'card-webhook'),
    // An in-memory database keeps no folder of its own; its uploads go to the system's temporary one.
    UPLOADS_DIR:
      env.UPLOADS_DIR ??
      (env.DATA_DIR.startsWith('memory://') ? join(tmpdir(), 'petshop-uploads') : join(env.DATA_DIR, 'uploads')),
    // Links in messages point here (no trailing slash).
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}

/**
 * In production every payment method offered needs a real PSP and its webhook secret, unless the
 * sandbox is asked for by name: a shop never takes sandbox 'payments' for real orders by accident.
 */
function productionPaymentGaps(env: Env): string[] {
  if (env.NODE_ENV !== 'production' || env.PAYMENTS_SANDBOX) return [];
  const gaps: string[] = [];
  const methods = new Set(env.PAYMENT_METHODS);
  if (methods.has('pix')) {
    for (const name of [
      'PIX_API_URL',
      'PIX_CLIENT_ID',
      'PIX_CLIENT_SECRET',
      'PIX_KEY',
      'PIX_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) gaps.push(`${name}: o Pix é oferecido (PAYMENT_METHODS) e não há PSP Pix configurado`);
    }
  }
  if (methods.has('credit') || methods.has('debit') || methods.has('boleto')) {
    for (const name of ['CARD_PSP_ACCESS_TOKEN', 'CARD_PSP_PUBLIC_KEY', 'CARD_WEBHOOK_SECRET'] as const) {
      if (!env[name])
        gaps.push(`${name}: cartão ou boleto é oferecido (PAYMENT_METHODS) e não há PSP de cartão configurado`);
    }
  }
  return gaps;
}

export const derivedSecret = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest('base64url');

/** Without JWT_SECRET, a random secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
