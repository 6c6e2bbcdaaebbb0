import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unseal } from '../../lib/sealed';
import type { MessageChannel, MessageKind, PayloadByKind } from './message-kinds';
import * as sending from './message-sending.repository';
import * as repo from './messages.repository';
import { toHtml, toText } from './templates/layout';
import { messageContent, whatsappTemplate } from './templates/message-content';
import {
  DeliveryError,
  type MailTransport,
  smtpTransport,
  type WhatsappTransport,
  whatsappCloudTransport,
} from './transports';

/** Transient failures are tried again after 30 s, 1, 2, 4… minutes (at most 30); then the message has failed. */
export const MAX_ATTEMPTS = 12;
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 1800);

/**
 * What the modules that wrote the messages say at sending time, given by whoever builds the delivery
 * (the outbox reads no other module's tables). A change that bypassed the module's service is caught here.
 */
export interface DeliveryGuards {
  /** whether the user still takes WhatsApp messages (opted in, account not deleted) */
  takesWhatsapp(db: Db, userId: number): Promise<boolean>;
  /** per kind: why a message written earlier should no longer go (pt-BR, kept as its last error) */
  stillStands: { [K in MessageKind]?: (db: Db, payload: PayloadByKind[K]) => Promise<string | undefined> };
}

export interface DeliveryOptions {
  db: Db;
  guards: DeliveryGuards;
  config: Pick<Config, 'APP_URL' | 'JWT_SECRET'>;
  log: FastifyBaseLogger;
  /** absent: e-mails stay in the outbox (development mailbox) */
  mail?: MailTransport;
  /** absent: WhatsApp is off and its messages are cancelled */
  whatsapp?: WhatsappTransport;
  batchSize?: number;
  concurrency?: number;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
}

/** One outbox row, one Message-ID: `<mensagem-42@loja.exemplo.com.br>`. */
const outboxMessageId = (id: number, appUrl: string) => `<mensagem-${id}@${new URL(appUrl).hostname}>`;

export type MessageDelivery = ReturnType<typeof createMessageDelivery>;

/**
 * The instance a run sends for (the job runner's owner key, held while the instance lives). Its
 * claims carry the key; a run frees the claims of instances that are gone, so a sender killed with
 * a batch in hand delays those messages by seconds, not by the two minutes of the lease.
 */
export interface LeaseOwner {
  key: number;
  /** of these owner keys, the ones whose instance is gone */
  gone(keys: number[]): Promise<Set<number>>;
}

/** Transports from the configuration: SMTP with SMTP_URL, WhatsApp with its token and number id. */
export function transportsFromConfig(config: Config) {
  return {
    mail: config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined,
    whatsapp:
      config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? whatsappCloudTransport({
            apiUrl: config.WHATSAPP_API_URL,
            token: config.WHATSAPP_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          })
        : undefined,
  };
}

/**
 * Sends what is due, a batch at a time, until nothing is due (or `maxBatches`). Safe to run on every
 * instance at once: each message is claimed by one sender.
 */
export function createMessageDelivery(options: DeliveryOptions) {
  const { db, config, log, mail, whatsapp, guards } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 3;
  const channels: MessageChannel[] = mail ? ['email', 'whatsapp'] : ['whatsapp'];
  let heldLoggedUpTo = 0;
  // Held e-mails are announced once: those of earlier runs were announced by them.
  const heldSince = new Date();
  /** channels whose waiting messages were already brought forward in this run */
  const woken = new Set<MessageChannel>();

  async function logHeldEmails() {
    for (const held of await repo.heldEmails(db, heldLoggedUpTo, heldSince)) {
      log.info({ messageId: held.id, kind: held.kind }, 'e-mail retido na caixa de saída (SMTP_URL não configurado)');
      heldLoggedUpTo = held.id;
    }
  }

  async function stillWanted(m: sending.ClaimedMessage): Promise<string | undefined> {
    if (m.channel === 'whatsapp') {
      if (!whatsapp) return 'WhatsApp não configurado.';
      if (!(await guards.takesWhatsapp(db, m.userId ?? 0))) return 'Cliente não aceita mais mensagens por WhatsApp.';
    }
    const stands = guards.stillStands[m.kind] as
      | ((db: Db, payload: PayloadByKind[MessageKind]) => Promise<string | undefined>)
      | undefined;
    return stands?.(db, m.payload as unknown as PayloadByKind[MessageKind]);
  }

  async function send(m: sending.ClaimedMessage) {
    const payload = m.payload as unknown as PayloadByKind[MessageKind];
    if (m.channel === 'whatsapp') {
      if (!whatsapp) throw new DeliveryError('WhatsApp não configurado.', true);
      await whatsapp.send({ to: m.recipient, ...whatsappTemplate(m.kind, payload) });
      return;
    }
    if (!mail) throw new DeliveryError('SMTP não configurado.', false);
    let resetToken: string | undefined;
    if (m.kind === 'password-reset' || m.kind === 'account-unlock' || m.kind === 'staff-invite') {
      const sealed = (payload as PayloadByKind['password-reset' | 'account-unlock' | 'staff-invite']).sealedToken;
      resetToken = sealed ? unseal(config.JWT_SECRET, sealed) : undefined;
      if (!resetToken) throw new DeliveryError('Link de redefinição indisponível.', true);
    }
    const content = messageContent(m.kind, payload, { appUrl: config.APP_URL, resetToken });
    await mail.send({
      to: m.recipient,
      subject: content.subject,
      text: toText(content),
      html: toHtml(content),
      messageId: outboxMessageId(m.id, config.APP_URL),
    });
  }

  /**
   * Claims of instances that died are due again, unless the message was already handed to its
   * server: that one may have arrived, and is never sent twice by itself (at most once per event).
   */
  async function freeLeasesOfDead(owner: LeaseOwner | undefined) {
    const holders = owner ? await sending.leaseOwners(db, owner.key) : [];
    const gone = owner && holders.length > 0 ? [...(await owner.gone(holders))] : [];
    const interrupted = await sending.settleInterrupted(db, gone);
    if (interrupted.length > 0) {
      log.warn({ messageIds: interrupted.map((m) => m.id) }, 'messages cut mid-send marked falhou, not sent again');
    }
    if (gone.length === 0) return;
    await sending.releaseLeasesOf(db, gone);
    log.warn({ owners: gone }, 'messages claimed by a stopped instance handed back to the outbox');
  }

  async function deliverOne(m: sending.ClaimedMessage, down: Set<MessageChannel>, result: DeliveryResult) {
    if (down.has(m.channel)) {
      // The server refused a connection moments ago: wait with it instead of spending an attempt.
      await sending.markRetry(db, m, `${sending.SERVER_DOWN}: aguardando a volta.`, backoffSeconds(1), false);
      result.retried += 1;
      return;
    }
    const unwanted = await stillWanted(m);
    if (unwanted) {
      await sending.markFinal(db, m, 'cancelada', unwanted);
      result.cancelled += 1;
      return;
    }
    // Lost the lease meanwhile (another sender settled it): not ours to send.
    if (!(await sending.markSending(db, m))) return;
    try {
      await send(m);
    } catch (error) {
      const reason = error instanceof DeliveryError ? error : new DeliveryError('Erro inesperado no envio', false);
      if (!(error instanceof DeliveryError)) log.error({ err: error, messageId: m.id }, 'message delivery crashed');
      if (reason.permanent || m.attempts >= MAX_ATTEMPTS) {
        await sending.markFinal(db, m, 'falhou', reason.message);
        result.failed += 1;
      } else {
        const serverDown = /ECONNECTION|ETIMEDOUT|ESOCKET|EDNS|indisponível/.test(reason.message);
        if (serverDown) down.add(m.channel);
        const error = serverDown ? `${sending.SERVER_DOWN}: ${reason.message}` : reason.message;
        await sending.markRetry(db, m, error, backoffSeconds(m.attempts));
        result.retried += 1;
      }
      log.warn({ messageId: m.id, kind: m.kind, channel: m.channel, error: reason.message }, 'message not delivered');
      return;
    }
    await sending.markSent(db, m);
    result.sent += 1;
    if (!woken.has(m.channel)) {
      woken.add(m.channel);
      await sending.wakeWaitingForServer(db, m.channel);
    }
  }

  return {
    async run({ maxBatches = 20, owner }: { maxBatches?: number; owner?: LeaseOwner } = {}): Promise<DeliveryResult> {
      const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
      if (!mail) await logHeldEmails();
      await freeLeasesOfDead(owner);
      const down = new Set<MessageChannel>();
      woken.clear();
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const claimed = await sending.claimDue(db, channels, batchSize, owner?.key ?? null);
        let next = 0;
        const worker = async () => {
          while (next < claimed.length) {
            const m = claimed[next] as sending.ClaimedMessage;
            next += 1;
            await deliverOne(m, down, result);
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
        if (claimed.length < batchSize) break;
      }
      return result;
    },
    close() {
      mail?.close();
    },
  };
}
