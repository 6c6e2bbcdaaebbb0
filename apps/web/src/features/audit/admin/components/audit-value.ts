import { AUDIT_FIELD_LABELS, formatDateTime, formatMoney } from '@petshop/domain';

/** Fields whose numbers are money (reais), wherever they sit. */
const MONEY = new Set([
  'price',
  'prices',
  'Pequeno',
  'Médio',
  'Grande',
  'totalValue',
  'refundedValue',
  'amount',
  'freeAbove',
  'shippingPrice',
  'cost',
  'unitCost',
  'total',
  'discount',
  'openingCash',
  'counted',
  'expected',
  'difference',
  'dinheiro',
  'pix',
  'credito',
  'debito',
]);

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

export const fieldLabel = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;

const isDayOfWeek = (value: object): value is { weekday: number; start: string; end: string } =>
  'weekday' in value && 'start' in value && 'end' in value;

/** A value of the log as a person reads it: money in reais, Sim/Não, days of the week, lists on lines. */
export function readable(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return MONEY.has(key) ? formatMoney(value) : value.toLocaleString('pt-BR');
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'nenhum';
    return value.map((item) => readable(item, key)).join('\n');
  }
  if (typeof value === 'object') {
    if (isDayOfWeek(value)) return `${WEEKDAYS[value.weekday] ?? value.weekday} ${value.start}–${value.end}`;
    return Object.entries(value)
      .map(([inner, innerValue]) => `${fieldLabel(inner)}: ${readable(innerValue, MONEY.has(key) ? key : inner)}`)
      .join(', ');
  }
  return String(value);
}
