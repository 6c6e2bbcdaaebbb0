import nodemailer from 'nodemailer';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** the same for every try of one outbox message, so a receiver can tell a repeat (RFC 5322 Message-ID) */
  messageId?: string;
}

export interface WhatsappTemplateMessage {
  /** E.164 digits, e.g. 5511987654321 */
  to: string;
  name: string;
  language: string;
  params: string[];
}

/** `permanent`: retrying cannot help (the address was refused); otherwise it is tried again later. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface MailTransport {
  send(email: Email): Promise<void>;
  close(): void;
}

export interface WhatsappTransport {
  send(message: WhatsappTemplateMessage): Promise<void>;
}

/**
 * SMTP through a small nodemailer pool. The error kept (and logged) is the SMTP code and reply class,
 * never the server's text, which may quote the recipient's address.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      try {
        await transporter.sendMail({ from, ...email });
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
        throw new DeliveryError(`SMTP ${code ?? 'ERRO'}${responseCode ? ` ${responseCode}` : ''}`, permanent);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** WhatsApp Business Cloud API: POST {api}/{phone number id}/messages with an approved template. */
export function whatsappCloudTransport(options: {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  timeoutMs?: number;
}): WhatsappTransport {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/${options.phoneNumberId}/messages`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to,
            type: 'template',
            template: {
              name: message.name,
              language: { code: message.language },
              components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new DeliveryError('WhatsApp indisponível', false);
      }
      if (response.ok) return;
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: number } };
      // 4xx other than rate limiting is a refusal of this message (bad number, unknown template).
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(
        `WhatsApp HTTP ${response.status}${body.error?.code ? ` (código ${body.error.code})` : ''}`,
        permanent,
      );
    },
  };
}
