import { CartIcon, UserIcon } from '../../components/ui/icons';
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

const ACCOUNT: NavItem[] = [
  { to: '/cart', label: 'Carrinho', icon: CartIcon },
  { to: '/user', label: 'Usuário', icon: UserIcon },
];

/** Above 600 px: links and icons in the bar; at 600 px or less they move into the drawer. */
export function CustomerHeader() {
  return (
    <SiteHeader>
      <Logo to="/home" />
      <HeaderNav items={SECTIONS} label="Principal" className="site-header__wide" />
      <HeaderNav items={ACCOUNT} label="Conta" className="site-header__wide" />
      <MenuDrawer items={[...SECTIONS, ...ACCOUNT]} />
    </SiteHeader>
  );
}
