import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { messages } from '../../src/db/schema';
import { unseal } from '../../src/lib/sealed';
import { TEST_SECRET } from '../helper';

/**
 * The token of the newest link message of this kind to this address, read from the outbox as the
 * mail delivery would open it: for tests where nobody may sign in to read 'Mensagens'.
 */
export async function outboxToken(db: Db, kind: string, email: string): Promise<string> {
  const [row] = await db
    .select({ payload: messages.payload })
    .from(messages)
    .where(and(eq(messages.kind, kind), eq(messages.recipient, email.toLowerCase()), eq(messages.channel, 'email')))
    .orderBy(desc(messages.id))
    .limit(1);
  const sealed = (row?.payload as { sealedToken?: string } | undefined)?.sealedToken;
  const token = sealed ? unseal(TEST_SECRET, sealed) : undefined;
  if (!token) throw new Error(`no ${kind} link for ${email}`);
  return token;
}
