import type { ReactNode } from 'react';
import { PawIcon } from './icons';
import './empty-state.css';

export interface EmptyStateProps {
  message: string;
  /** Defaults to a paw. */
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ message, icon, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">{icon ?? <PawIcon size={32} />}</span>
      <p className="empty-state__message">{message}</p>
      {action}
    </div>
  );
}
