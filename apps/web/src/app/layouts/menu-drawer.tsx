import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MenuIcon } from '../../components/ui/icons';
import type { NavItem } from './nav-item';
import './menu-drawer.css';

const NARROW = '(max-width: 600px)';
const loadPanel = () => import('./menu-drawer-panel');
const MenuDrawerPanel = lazy(loadPanel);

/**
 * The small-screen menu (≤ 600 px). The drawer's code is fetched when a finger or pointer reaches
 * the button, not with every customer page: most visits never open the menu.
 */
export function MenuDrawer({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      if (!query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="site-header__menu menu-drawer__trigger"
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={26} />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MenuDrawerPanel items={items} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
