import { Link, type LinkProps } from 'react-router';
import { type ButtonVariant, buttonClassName } from './button';
import './button.css';

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** Navigation that looks like a button (it is still a link for assistive technology). */
export function ButtonLink({ variant = 'primary', fullWidth = false, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName(variant, fullWidth, className)} {...props} />;
}
