import type { ReactNode } from 'react';
import './status-badge.css';

/** waiting: the customer or the bank owes a step; progress: under way; done; closed: ended without it; problem. */
export type StatusTone = 'waiting' | 'progress' | 'done' | 'closed' | 'problem';

/** A status as a coloured pill: the word carries the meaning, the colour only helps. */
export function StatusBadge({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={`status-badge status-badge--${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
