import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';

export type SandboxStatus =
  | 'approved'
  | 'pending'
  | 'in_process'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

export interface SandboxPayment {
  id: number;
  status: SandboxStatus;
  status_detail: string;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  payment_method_id: string;
  payment_type_id: string;
  external_reference: string | null;
  description: string;
  payer: unknown;
  card: { first_six_digits: string; last_four_digits: string; cardholder: { name: string } } | Record<string, never>;
  transaction_details: {
    installment_amount: number;
    total_paid_amount: number;
    net_received_amount: number;
    external_resource_url: string | null;
    digitable_line: string | null;
    barcode: { content: string } | null;
  };
  three_ds_info: { external_resource_url: string; creq: string } | null;
  refunds: { id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }[];
  notification_url: string | null;
  live_mode: false;
}

/** How the stand-in misbehaves, for tests of a PSP that is down, slow or loses its webhooks. */
export interface CardSandboxFaults {
  mode: 'ok' | 'down' | 'slow';
  slowMs: number;
  /** webhooks are not sent at all (the shop's reconciliation must find the change) */
  webhookLost: boolean;
}

export interface CardSandboxOptions {
  accessToken: string;
  publicKey: string;
  /** signs the webhooks (the shop's CARD_WEBHOOK_SECRET) */
  webhookSecret: string;
  /** used when a payment carries no notification_url */
  webhookUrl?: () => string | undefined;
  /** where this stand-in is reached from outside, for links it answers (boleto PDF, 3DS page) */
  publicUrl: () => string;
  /** signs card tokens, so any instance sharing it accepts them */
  tokenSecret: string;
  log?: FastifyBaseLogger;
}

export interface CardSandbox {
  /** The API: `/v1/...` plus the stand-in's own `/sandbox/...` controls; register under a prefix. */
  routes: FastifyPluginAsync;
  /** Moves a payment as the PSP would (a boleto paid, a pending card approved, a chargeback), then notifies. */
  settle(id: number, to: SandboxStatus, detail?: string): SandboxPayment | undefined;
  /** The payer's side: a pending boleto paid at a bank, or a 3-D Secure challenge passed. */
  payAsCustomer(id: string): 'paid' | 'unknown' | 'not-payable';
  payment(id: number): SandboxPayment | undefined;
  faults: CardSandboxFaults;
  /** Tests: how many POST /v1/payments created a payment (replays excluded). */
  paymentsCreated(): number;
  whenIdle(): Promise<void>;
}

/** What a card token carries, signed (the stand-in keeps no token store). */
export interface TokenData {
  /** bin and last four */
  b: string;
  l: string;
  /** cardholder name and CPF */
  n: string;
  c: string;
  /** expiry YYYY-MM */
  x: string;
  /** made at, ms */
  t: number;
  /** a nonce: two tokens of one card made in the same millisecond are two tokens, as at the PSP */
  r?: string;
}
