import './spinner.css';

interface SpinnerProps {
  size?: number;
  className?: string;
}

/** Decorative: pair it with visible or visually hidden text. */
export function Spinner({ size = 20, className }: SpinnerProps) {
  return (
    <span
      className={className ? `spinner ${className}` : 'spinner'}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}

interface LoadingStateProps {
  label?: string;
}

/** The page-level 'Carregando...' state, announced politely to screen readers. */
export function LoadingState({ label = 'Carregando...' }: LoadingStateProps) {
  return (
    <div className="spinner-state" role="status" aria-live="polite">
      <Spinner size={28} />
      <span>{label}</span>
    </div>
  );
}
