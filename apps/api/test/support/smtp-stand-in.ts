import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
  /** when the server accepted it (ms since epoch) */
  at: number;
}

/**
 * A real SMTP server on loopback that parses what it receives. `stop()` closes the port and `start()`
 * opens the same one again, so a sender sees the server go down and come back. It refuses (550) any
 * address that starts with 'recusado', quoting the address in its reply as real servers do.
 */
export async function startSmtpStandIn(options: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // Pooled client connections must not hold `stop()` open.
        closeTimeout: 50,
        onRcptTo(address, _session, callback) {
          if (!address.address.startsWith('recusado')) return callback();
          const refused = Object.assign(
            new Error(`<${address.address}>: Recipient address rejected: Mailbox unavailable`),
            { responseCode: 550 },
          );
          callback(refused);
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
              const mail: ReceivedMail = {
                to: to?.value[0]?.address ?? '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                parsed,
                at: Date.now(),
              };
              received.push(mail);
              options.onMail?.(mail);
              callback();
            })
            .catch(callback);
        },
      });
      s.on('error', () => {});
      s.listen(port, '127.0.0.1', () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
      s.server.once('error', reject);
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await open();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    start: open,
    stop,
    /** the first mail to `to` whose subject matches, waiting for it to arrive */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to === to && subject.test(m.subject));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
