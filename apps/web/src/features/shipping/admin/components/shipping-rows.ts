import { type ShippingTable, UFS, type Uf } from '@petshop/domain';

/** One line of the form per UF; a UF left unticked is not delivered to. */
export interface ShippingRow {
  uf: Uf;
  delivers: boolean;
  price: string;
  days: string;
}

export interface ShippingFormValues {
  rows: ShippingRow[];
  /** empty: never free */
  freeAbove: string;
}

/** Empty text stays NaN so the shared schema answers with its own "informe" message. */
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

export function toFormValues(table: ShippingTable): ShippingFormValues {
  const byUf = new Map(table.rates.map((rate) => [rate.uf, rate]));
  return {
    rows: UFS.map((uf) => {
      const rate = byUf.get(uf);
      return {
        uf,
        delivers: rate !== undefined,
        price: rate ? rate.price.toFixed(2) : '',
        days: rate ? String(rate.days) : '',
      };
    }),
    freeAbove: table.freeAbove === null ? '' : table.freeAbove.toFixed(2),
  };
}

/** The delivered UFs, in the order the schema and the server number them (rates.0, rates.1, ...). */
export const deliveredRows = (values: ShippingFormValues) => values.rows.filter((row) => row.delivers);

export function toBody(values: ShippingFormValues) {
  return {
    rates: deliveredRows(values).map((row) => ({ uf: row.uf, price: toNumber(row.price), days: toNumber(row.days) })),
    freeAbove: values.freeAbove.trim() === '' ? null : toNumber(values.freeAbove),
  };
}

/** Errors keyed 'rates.3.price' moved to the row's UF: { SP: { price: '...' } }. */
export function rowErrors(values: ShippingFormValues, errors: Partial<Record<string, string>>) {
  const delivered = deliveredRows(values);
  const byUf: Partial<Record<Uf, { price?: string; days?: string }>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^rates\.(\d+)\.(price|days)$/.exec(key);
    const row = match ? delivered[Number(match[1])] : undefined;
    if (!match || !row || !message) continue;
    byUf[row.uf] = { ...byUf[row.uf], [match[2] as 'price' | 'days']: message };
  }
  return byUf;
}
