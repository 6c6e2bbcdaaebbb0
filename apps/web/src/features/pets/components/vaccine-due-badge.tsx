import type { DueState } from './health-dates';

const LABELS = { overdue: 'Atrasada', soon: 'Vence em breve' } as const;

/** 'Atrasada' or 'Vence em breve' next to a vaccine's next dose; nothing otherwise. */
export function VaccineDueBadge({ state }: { state: DueState }) {
  if (!state) return null;
  return <span className={`health-badge health-badge--${state}`}>{LABELS[state]}</span>;
}
