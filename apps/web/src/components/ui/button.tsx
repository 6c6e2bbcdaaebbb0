import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button and shows a spinner next to the label. */
  loading?: boolean;
  fullWidth?: boolean;
}

/** Class names of a button look, also used by links that look like buttons. */
export const buttonClassName = (variant: ButtonVariant = 'primary', fullWidth = false, extra?: string) =>
  ['button', `button--${variant}`, fullWidth ? 'button--full' : '', extra ?? ''].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  type = 'button',
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, fullWidth, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
}
