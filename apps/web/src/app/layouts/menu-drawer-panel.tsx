import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { useModalLayer } from '../../components/ui/modal-layer';
import type { NavItem } from './nav-item';

interface MenuDrawerPanelProps {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the drawer: focus goes back to it (a tap does not focus a button everywhere). */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The drawer itself, loaded on the first tap on the menu button: a modal layer like the dialogs'
 * (the page behind inert, Esc and the overlay close it, focus back to the menu button).
 */
export default function MenuDrawerPanel({ items, open, onOpenChange, opener }: MenuDrawerPanelProps) {
  const { layer, dialog } = useModalLayer(open, () => onOpenChange(false), opener);
  if (!open) return null;
  return createPortal(
    <>
      <div className="menu-drawer__overlay" onPointerDown={() => onOpenChange(false)} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="menu-drawer-title"
        tabIndex={-1}
        className="menu-drawer__panel"
      >
        <div className="menu-drawer__header">
          <h2 id="menu-drawer-title" className="menu-drawer__title">
            Menu
          </h2>
          <button
            type="button"
            className="menu-drawer__close"
            aria-label="Fechar menu"
            onClick={() => onOpenChange(false)}
          >
            <CloseIcon size={24} />
          </button>
        </div>
        <nav aria-label="Menu" className="menu-drawer__nav">
          {items.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className="menu-drawer__link" onClick={() => onOpenChange(false)}>
              {Icon && <Icon />}
              {label}
            </NavLink>
          ))}
        </nav>
      </div>
    </>,
    layer,
  );
}
