import type { BackOfficeSignIn } from '../db/prepare';

export interface BannerFacts {
  /** e.g. http://localhost:3000 */
  url: string;
  db: 'pglite' | 'postgres';
  signIn: BackOfficeSignIn;
  smtp: boolean;
  /** payments go to the embedded sandbox PSPs on purpose (PAYMENTS_SANDBOX=1) */
  paymentsSandbox?: boolean;
}

/**
 * What a person who just ran `npm start` needs on their terminal: where the shop is and how to
 * reach the back office. Printed text, not a log record: the demo owner's password appears here
 * on the start that created it, and in no log.
 */
export function startBanner({ url, db, signIn, smtp, paymentsSandbox = false }: BannerFacts): string[] {
  const lines = [
    `PetCare pronto em ${url}  (banco: ${db === 'pglite' ? 'PGlite embutido' : 'PostgreSQL'})`,
    `  Painel: entre em ${url}/login e abra ${url}/admin`,
  ];
  if (signIn.source === 'config') {
    lines.push(`  Conta do painel: ${signIn.email} com a senha de ADMIN_PASSWORD`);
  } else if (signIn.source === 'demo' && signIn.password) {
    lines.push(
      `  Conta do painel: ${signIn.email}  senha: ${signIn.password}`,
      '  (mostrada só agora e guardada apenas como hash: anote-a)',
    );
  } else if (signIn.source === 'demo') {
    lines.push(
      `  Conta do painel: ${signIn.email} (a senha apareceu no primeiro início;`,
      `  para trocá-la, inicie com ADMIN_EMAIL=${signIn.email} ADMIN_PASSWORD=<nova senha>)`,
    );
  } else {
    lines.push('  Conta do painel: defina ADMIN_EMAIL e ADMIN_PASSWORD para criar ou atualizar uma');
  }
  if (!smtp) lines.push('  E-mails: sem SMTP_URL, ficam na caixa de desenvolvimento (Painel → Mensagens)');
  if (paymentsSandbox) lines.push('  Pagamentos: ambiente de testes, nenhum pagamento é real');
  return lines;
}
