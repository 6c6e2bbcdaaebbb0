import { formatCountdown, spokenCountdown, useCountdown } from './use-countdown';

/** Time left to pay: mm:ss on screen, announced politely once a minute. */
export function ChargeCountdown({ expiresAt }: { expiresAt: string }) {
  const seconds = useCountdown(expiresAt);
  if (seconds === undefined) return null;
  return (
    <p className="charge-dialog__countdown">
      <span aria-hidden="true">
        Tempo para pagar: <strong>{formatCountdown(seconds)}</strong>
      </span>
      <span className="visually-hidden" aria-live="polite">
        {spokenCountdown(seconds)}
      </span>
    </p>
  );
}
