import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The first e-mail to `to` with this subject, waiting for the shop's outbox to send it. */
export async function waitForMail(to: string, subject: string, timeoutMs = 30_000): Promise<Mail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).sort()) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Mail;
      if (mail.to.toLowerCase() === to.toLowerCase() && mail.subject === subject) return mail;
    }
    if (Date.now() > deadline) throw new Error(`Nenhum e-mail '${subject}' para ${to} em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
