import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import type { NavItem } from './nav-item';

interface MenuDrawerPanelProps {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the drawer: without a Radix trigger, focus must be sent back by hand. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The drawer itself, loaded on the first tap on the menu button. Radix Dialog traps focus, closes
 * on Esc and on the overlay, and gives focus back to the button that opened it.
 */
export default function MenuDrawerPanel({ items, open, onOpenChange, opener }: MenuDrawerPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-drawer__overlay" />
        <Dialog.Content
          className="menu-drawer__panel"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="menu-drawer__header">
            <Dialog.Title className="menu-drawer__title">Menu</Dialog.Title>
            <Dialog.Close className="menu-drawer__close" aria-label="Fechar menu">
              <CloseIcon size={24} />
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="menu-drawer__nav">
            {items.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className="menu-drawer__link" onClick={() => onOpenChange(false)}>
                {Icon && <Icon />}
                {label}
              </NavLink>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
