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

/** Above 600 px: links and icons in the bar; at 600 px or less the links move into the drawer, the cart stays. */
export function CustomerHeader() {
  return (
    <SiteHeader>
      <Logo to="/home" />
      <HeaderNav items={SECTIONS} label="Principal" className="site-header__wide" />
      <CartButton />
      <HeaderNav items={[USER]} label="Conta" className="site-header__wide" />
      <MenuDrawer items={[...SECTIONS, USER]} />
    </SiteHeader>
  );
}
