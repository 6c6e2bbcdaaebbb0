import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import type { NavItem } from './nav-item';
import './menu-drawer.css';

const NARROW = '(max-width: 600px)';

/**
 * The small-screen menu (≤ 600 px). Radix Dialog gives the trigger aria-expanded, traps focus,
 * closes on Esc and returns focus to the trigger.
 */
export function MenuDrawer({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      if (!query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="site-header__menu menu-drawer__trigger" aria-label="Abrir menu">
        <MenuIcon size={26} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-drawer__overlay" />
        <Dialog.Content className="menu-drawer__panel" aria-describedby={undefined}>
          <div className="menu-drawer__header">
            <Dialog.Title className="menu-drawer__title">Menu</Dialog.Title>
            <Dialog.Close className="menu-drawer__close" aria-label="Fechar menu">
              <CloseIcon size={24} />
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="menu-drawer__nav">
            {items.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className="menu-drawer__link" onClick={() => setOpen(false)}>
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
