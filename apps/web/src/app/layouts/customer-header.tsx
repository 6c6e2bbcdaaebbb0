import { UserIcon } from '../../components/ui/icons';
import { CartButton } from './cart-button';
import { HeaderNav } from './header-nav';
import { Logo } from './logo';
import { MenuDrawer } from './menu-drawer';
import type { NavItem } from './nav-item';
import { SiteHeader } from './site-header';

const SECTIONS: NavItem[] = [
  { to: '/products', label: 'Produtos' },
  { to: '/services', label: 'Serviços' },
  { to: '/myPets', label: 'Meus pets' },
];

const USER: NavItem = { to: '/user', label: 'Usuário', icon: UserIcon };
/** The back office, for staff: after signing in they land in the shop, one click from it. */
const BACK_OFFICE: NavItem = { to: '/admin', label: 'Painel' };

/**
 * Above 600 px: links and icons in the bar; at 600 px or less the links move into the drawer, the
 * cart stays. `staff` adds 'Painel' (the back office).
 */
export function CustomerHeader({ staff = false }: { staff?: boolean }) {
  const sections = staff ? [...SECTIONS, BACK_OFFICE] : SECTIONS;
  return (
    <SiteHeader>
      <Logo to="/home" />
      <HeaderNav items={sections} label="Principal" className="site-header__wide" />
      <CartButton />
      <HeaderNav items={[USER]} label="Conta" className="site-header__wide" />
      <MenuDrawer items={[...sections, USER]} />
    </SiteHeader>
  );
}
