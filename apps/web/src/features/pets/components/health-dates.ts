import { addDays, VACCINE_DUE_SOON_DAYS, type WeightView } from '@petshop/domain';

export type DueState = 'overdue' | 'soon' | null;

/** Whether a next dose is past (overdue) or within VACCINE_DUE_SOON_DAYS days of `today`. */
export function dueState(nextDueOn: string | null, today: string): DueState {
  if (!nextDueOn) return null;
  if (nextDueOn < today) return 'overdue';
  if (nextDueOn <= addDays(today, VACCINE_DUE_SOON_DAYS)) return 'soon';
  return null;
}

const kgFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** '12,35 kg' */
export const formatKg = (kg: number) => `${kgFormat.format(kg)} kg`;

/** The change from the first to the last weighing, in words ('Subiu 1,2 kg desde …'); null with fewer than two. */
export function weightTrend(weights: readonly WeightView[], formatDate: (iso: string) => string): string | null {
  const first = weights[0];
  const last = weights.at(-1);
  if (!first || !last || weights.length < 2) return null;
  const deltaCents = Math.round(last.kg * 100) - Math.round(first.kg * 100);
  const since = `desde ${formatDate(first.measuredOn)}`;
  if (deltaCents === 0) return `Peso estável ${since}.`;
  const verb = deltaCents > 0 ? 'Subiu' : 'Desceu';
  return `${verb} ${formatKg(Math.abs(deltaCents) / 100)} ${since}.`;
}
