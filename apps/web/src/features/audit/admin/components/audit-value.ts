import { formatDateTime, formatMoney } from '@petshop/domain';

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
]);

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  description: 'Descrição',
  price: 'Preço',
  prices: 'Preço por porte',
  stock: 'Estoque',
  status: 'Status',
  role: 'Papel',
  email: 'E-mail',
  phone: 'Telefone',
  cpf: 'CPF',
  hours: 'Horário de funcionamento',
  week: 'Semana de trabalho',
  daysOff: 'Folgas',
  durationMinutes: 'Duração (min)',
  freeAbove: 'Frete grátis acima de',
  rates: 'Fretes por UF',
  twoFactor: 'Verificação em duas etapas',
  refund: 'Reembolso',
  refundedValue: 'Total reembolsado',
  appointment_date: 'Data',
  appointment_time: 'Horário',
  category_id: 'Categoria (id)',
  species_id: 'Espécie (id)',
  service_id: 'Serviço (id)',
  url: 'Foto',
  position: 'Cargo',
  note: 'Observação',
  notes: 'Observações',
};

export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

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
