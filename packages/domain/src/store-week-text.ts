/**
 * A store's week and address as a person reads them, without zod: customer pages (pickup, booking)
 * show them and stay light.
 */

/** One open weekday (0 = Sunday) of a store, half-hour marks. */
export interface OpeningDay {
  weekday: number;
  start: string;
  end: string;
}

const NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** The shop's hours on a weekday, or null when it is closed. */
export const storeHoursOnWeekday = (
  week: readonly OpeningDay[],
  weekday: number,
): { start: string; end: string } | null => {
  const day = week.find((d) => d.weekday === weekday);
  return day ? { start: day.start, end: day.end } : null;
};

/** '08:00 às 18:00' as a person reads it. */
export const formatHours = (hours: { start: string; end: string }) => `${hours.start} às ${hours.end}`;

/** Monday first, as a shop's week reads. */
const WEEK_READING_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The shop's week in a line, runs of days with the same hours together:
 * 'segunda-feira a sexta-feira, das 08:00 às 18:00; sábado, das 08:00 às 20:00'. Closed days are left out.
 */
export const describeStoreWeek = (week: readonly OpeningDay[]): string => {
  const runs: { from: number; to: number; hours: { start: string; end: string } }[] = [];
  let previous: number | undefined;
  for (const weekday of WEEK_READING_ORDER) {
    const hours = storeHoursOnWeekday(week, weekday);
    const last = runs.at(-1);
    if (hours && last && previous === last.to && last.hours.start === hours.start && last.hours.end === hours.end) {
      last.to = weekday;
    } else if (hours) {
      runs.push({ from: weekday, to: weekday, hours });
    }
    previous = weekday;
  }
  if (runs.length === 0) return 'fechada todos os dias';
  const name = (weekday: number) => NAMES[weekday] ?? '';
  return runs
    .map(
      ({ from, to, hours }) => `${from === to ? name(from) : `${name(from)} a ${name(to)}`}, das ${formatHours(hours)}`,
    )
    .join('; ');
};

/** The address fields of a store as GET /stores answers them. */
export interface StoreAddress {
  street: string | null;
  number: string | null;
  district: string | null;
  cep: string | null;
  city: { name: string } | null;
  state: { uf: string } | null;
}

/** 'Avenida Paulista, 1000 · Bela Vista · São Paulo/SP · CEP 01310-100'; '' while the store has no address. */
export const storeAddressLine = (store: StoreAddress): string =>
  store.street
    ? [
        `${store.street}, ${store.number ?? 's/n'}`,
        store.district,
        store.city && store.state ? `${store.city.name}/${store.state.uf}` : null,
        store.cep ? `CEP ${store.cep.slice(0, 5)}-${store.cep.slice(5)}` : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
