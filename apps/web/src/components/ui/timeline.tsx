import { formatDateTime } from '@petshop/domain';
import './timeline.css';

export interface TimelineStep {
  label: string;
  /** ISO 8601 */
  at: string;
}

/** The steps something went through, oldest first, each with its date and time in São Paulo. */
export function Timeline({ steps, label }: { steps: TimelineStep[]; label: string }) {
  return (
    <ol className="timeline" aria-label={label}>
      {steps.map((step) => (
        <li key={`${step.label}|${step.at}`} className="timeline__step">
          <span className="timeline__label">{step.label}</span>
          <time className="timeline__time" dateTime={step.at}>
            {formatDateTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
