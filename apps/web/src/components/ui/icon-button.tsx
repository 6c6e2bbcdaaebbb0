import type { ButtonHTMLAttributes } from 'react';
import './icon-button.css';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Required: an icon alone gives the button no accessible name. */
  'aria-label': string;
  variant?: 'default' | 'danger' | 'inverse';
}

export function IconButton({ variant = 'default', type = 'button', className, ...props }: IconButtonProps) {
  const classes = ['icon-button', `icon-button--${variant}`, className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} title={props['aria-label']} {...props} />;
}
