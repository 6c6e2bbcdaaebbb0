/** The line grouped as printed: 5.5 5.6 5.6 1 14. */
export const groupBoletoLine = (line: string) =>
  line.length === 47
    ? `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`
    : line;

/** A one-page PDF of the sandbox's boleto: enough for a browser to open and a person to read. */
export function boletoPdf(line: string, amount: number, expiration: string): Buffer {
  const text = [
    'BOLETO DE TESTE - NENHUM PAGAMENTO E REAL',
    `Valor: R$ ${amount.toFixed(2).replace('.', ',')}`,
    `Vencimento: ${expiration.slice(0, 10)}`,
    groupBoletoLine(line),
  ];
  const stream = [
    'BT /F1 12 Tf 40 780 Td 16 TL',
    ...text.map((row) => `(${row.replace(/[()\\]/g, '')}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}
