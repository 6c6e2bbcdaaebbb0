import { useEffect, useState } from 'react';

const secondsUntil = (target: number) => Math.max(0, Math.ceil((target - Date.now()) / 1000));

/** Seconds left until `until` (ISO 8601), ticking once a second; 0 once it has passed. */
export function useCountdown(until: string | undefined): number | undefined {
  const target = until ? Date.parse(until) : Number.NaN;
  const [seconds, setSeconds] = useState(() => secondsUntil(target));
  useEffect(() => {
    if (Number.isNaN(target)) return;
    setSeconds(secondsUntil(target));
    const timer = window.setInterval(() => setSeconds(secondsUntil(target)), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? undefined : seconds;
}

/** mm:ss */
export const formatCountdown = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** What a screen reader hears: once a minute, then at the end, never every second. */
export function spokenCountdown(seconds: number): string {
  if (seconds === 0) return 'O prazo para pagamento terminou.';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'Resta menos de 1 minuto para pagar.' : `Restam ${minutes} minutos para pagar.`;
}
