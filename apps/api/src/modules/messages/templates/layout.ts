/** A message's content, independent of the format it goes out in. */
export interface MessageContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** label/value lines (order items, appointment details) */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** pre-formatted block a person copies (the Pix code) */
  copyBlock?: { label: string; value: string };
  footer?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SIGNATURE = 'Equipe PetCare';
const AUTOMATIC = 'Esta é uma mensagem automática; não é preciso respondê-la.';

export function toText(content: MessageContent): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) lines.push(...content.details.map(([k, v]) => `${k}: ${v}`), '');
  if (content.copyBlock) lines.push(`${content.copyBlock.label}:`, content.copyBlock.value, '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.footer) lines.push(content.footer, '');
  lines.push(SIGNATURE, '', AUTOMATIC);
  return lines.join('\n');
}

export function toHtml(content: MessageContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${content.details
        .map(
          ([k, v]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#555">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const copy = content.copyBlock
    ? `${p(`${content.copyBlock.label}:`)}<pre style="white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:12px;border-radius:6px;margin:0 0 16px">${escapeHtml(content.copyBlock.value)}</pre>`
    : '';
  const action = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#2f6f4f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não abrir, copie este endereço no navegador: ${escapeHtml(content.action.url)}</p>`
    : '';
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">PetCare</h1>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    details,
    copy,
    action,
    content.footer ? p(content.footer) : '',
    p(SIGNATURE),
    `<p style="font-size:12px;color:#777;margin:24px 0 0">${escapeHtml(AUTOMATIC)}</p>`,
    '</body></html>',
  ].join('');
}
