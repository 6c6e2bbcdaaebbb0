import type { PixReceiver } from './pix-receiver';

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
function crc16(payload: string) {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The BR Code of a recurrence (Jornada 2): merchant data and the recurrence's location (ID 80). */
export function recCopiaECola(location: string, receiver: PixReceiver) {
  const body =
    tlv('00', '01') +
    tlv('80', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', receiver.merchantName.slice(0, 25)) +
    tlv('60', receiver.merchantCity.slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}
