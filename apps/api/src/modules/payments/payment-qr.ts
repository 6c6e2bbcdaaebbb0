import QRCode from 'qrcode';

/** The QR code of a Pix BR Code as an SVG data: URL the web shows as an image. */
export async function pixQrCode(pixCode: string): Promise<string> {
  const svg = await QRCode.toString(pixCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
