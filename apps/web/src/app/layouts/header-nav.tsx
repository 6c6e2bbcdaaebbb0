import { NavLink } from 'react-router';
import type { NavItem } from './nav-item';

interface HeaderNavProps {
  items: NavItem[];
  label: string;
  className?: string;
  onNavigate?: () => void;
}

/** NavLink marks the current section with aria-current="page", which the CSS highlights. */
export function HeaderNav({ items, label, className, onNavigate }: HeaderNavProps) {
  return (
    <nav aria-label={label} className={className ? `site-header__nav ${className}` : 'site-header__nav'}>
      {items.map(({ to, label: text, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={Icon ? 'site-header__link site-header__icon-link' : 'site-header__link'}
          aria-label={Icon ? text : undefined}
          title={Icon ? text : undefined}
          onClick={onNavigate}
        >
          {Icon ? <Icon size={24} /> : text}
        </NavLink>
      ))}
    </nav>
  );
}
