import { fetch } from 'undici';
import { PspRefusedError, PspUnavailableError } from './pix-api-client';

/** Mercado Pago's payment statuses (Payments API v1). */
export type MpStatus =
  | 'approved'
  | 'authorized'
  | 'pending'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

export interface MpPayment {
  id: number;
  status: MpStatus;
  /** e.g. accredited, pending_challenge, pending_waiting_payment, cc_rejected_insufficient_amount */
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded?: number;
  installments: number;
  payment_method_id: string;
  payment_type_id?: string;
  external_reference?: string | null;
  date_of_expiration?: string | null;
  card?: { first_six_digits?: string | null; last_four_digits?: string | null };
  transaction_details?: {
    installment_amount?: number | null;
    total_paid_amount?: number | null;
    /** boleto: the printable ticket */
    external_resource_url?: string | null;
    /** boleto: linha digitável */
    digitable_line?: string | null;
    barcode?: { content?: string | null } | null;
  };
  /** 3DS: where the customer's bank challenges them */
  three_ds_info?: { external_resource_url?: string; creq?: string } | null;
}

export interface MpPayer {
  email: string;
  first_name?: string;
  last_name?: string;
  identification: { type: 'CPF'; number: string };
  address?: {
    zip_code: string;
    street_name: string;
    street_number: string;
    neighborhood: string;
    city: string;
    federal_unit: string;
  };
}

export interface NewMpPayment {
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  payer: MpPayer;
  external_reference: string;
  notification_url?: string;
  /** cards */
  token?: string;
  installments?: number;
  issuer_id?: string;
  three_d_secure_mode?: 'optional' | 'not_supported';
  /** boleto: ISO 8601 with offset */
  date_of_expiration?: string;
}

export interface MpRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: string;
}

export interface MpPayerCost {
  installments: number;
  installment_rate: number;
  installment_amount: number;
  total_amount: number;
  recommended_message?: string;
}

/** An error body the PSP sent with a 4xx: `cause` lists what it did not accept. */
export class MpRequestError extends PspRefusedError {
  constructor(
    status: number,
    readonly detail: string,
  ) {
    super(status);
    this.name = 'MpRequestError';
  }
}

export interface MercadoPagoOptions {
  /** https://api.mercadopago.com, the sandbox, or a stand-in; a function when only known once the app listens */
  baseUrl: string | (() => string);
  accessToken: string;
  timeoutMs: number;
}

export interface MercadoPago {
  /** POST /v1/payments; the same key again answers the first payment, never a second charge. */
  createPayment(payment: NewMpPayment, idempotencyKey: string): Promise<MpPayment>;
  /** GET /v1/payments/{id}; undefined when the PSP does not know it. */
  getPayment(id: string): Promise<MpPayment | undefined>;
  /** GET /v1/payments/search?external_reference=: every payment made with our reference, newest first. */
  searchByReference(reference: string): Promise<MpPayment[]>;
  /** POST /v1/payments/{id}/refunds: the whole payment without `amount`. */
  refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<MpRefund>;
  /** GET /v1/payment_methods/installments: the payer costs of the first issuer answered. */
  installments(amount: number, paymentMethodId: string, bin?: string): Promise<MpPayerCost[]>;
  /** POST /v1/customers: a customer whose cards can be saved for later charges (plans). */
  createCustomer(email: string): Promise<{ id: string }>;
  /** POST /v1/customers/{id}/cards: saves the card behind a browser's card token. */
  saveCard(customerId: string, token: string): Promise<MpSavedCard>;
  /** POST /v1/card_tokens with card_id: a fresh token of a saved card, for one charge. */
  savedCardToken(customerId: string, cardId: string): Promise<string>;
}

export interface MpSavedCard {
  id: string;
  last_four_digits?: string;
  payment_method?: { id: string };
}

/** A client of Mercado Pago's Payments API v1 (bearer access token, JSON). */
export function createMercadoPago(options: MercadoPagoOptions): MercadoPago {
  const base = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()).replace(/\/+$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T | undefined> {
    let res: Awaited<ReturnType<typeof fetch>>;
    try {
      res = await fetch(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new PspUnavailableError('card PSP unreachable or too slow', { cause: error });
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    // A bad access token is the shop's configuration, not the customer's fault: a 503 like a PSP down.
    if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429) {
      await res.body?.cancel();
      throw new PspUnavailableError(`card PSP answered ${res.status}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new MpRequestError(res.status, text.slice(0, 500));
    }
    try {
      return (await res.json()) as T;
    } catch (error) {
      throw new PspUnavailableError('card PSP answered something that is not JSON', { cause: error });
    }
  }

  return {
    async createPayment(payment, idempotencyKey) {
      const created = await call<MpPayment>('POST', '/v1/payments', payment, idempotencyKey);
      if (!created) throw new PspUnavailableError('card PSP did not create the payment');
      return created;
    },
    getPayment: (id) => call<MpPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`),
    async searchByReference(reference) {
      const query = new URLSearchParams({
        external_reference: reference,
        sort: 'date_created',
        criteria: 'desc',
        limit: '30',
      });
      const answer = await call<{ results?: MpPayment[] }>('GET', `/v1/payments/search?${query}`);
      return answer?.results ?? [];
    },
    async refund(paymentId, amount, idempotencyKey) {
      const refund = await call<MpRefund>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        amount === undefined ? {} : { amount },
        idempotencyKey,
      );
      if (!refund) throw new MpRequestError(404, 'payment not found');
      return refund;
    },
    async createCustomer(email) {
      const customer = await call<{ id: string }>('POST', '/v1/customers', { email });
      if (!customer) throw new MpRequestError(404, 'customers not available');
      return customer;
    },
    async saveCard(customerId, token) {
      const card = await call<MpSavedCard>('POST', `/v1/customers/${encodeURIComponent(customerId)}/cards`, { token });
      if (!card) throw new MpRequestError(404, 'customer not found');
      return card;
    },
    async savedCardToken(customerId, cardId) {
      const token = await call<{ id: string }>('POST', '/v1/card_tokens', { card_id: cardId, customer_id: customerId });
      if (!token) throw new MpRequestError(404, 'card not found');
      return token.id;
    },
    async installments(amount, paymentMethodId, bin) {
      const query = new URLSearchParams({ amount: amount.toFixed(2), payment_method_id: paymentMethodId });
      if (bin) query.set('bin', bin);
      const answer = await call<{ payer_costs?: MpPayerCost[] }[]>('GET', `/v1/payment_methods/installments?${query}`);
      return answer?.[0]?.payer_costs ?? [];
    },
  };
}
