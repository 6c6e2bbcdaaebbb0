import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';
import { CartIcon, UserIcon } from '../../components/ui/icons';
import { HeaderNav } from './header-nav';
import { Logo } from './logo';
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

/**
 * The visitor header: the catalogue is open; Meus pets, the cart and the user icon lead to the
 * access-required screen. 'Entrar' brings the visitor back to this page after logging in.
 */
export function PublicHeader() {
  const { pathname, search } = useLocation();
  // Built here rather than with lib/return-path, which stays out of the landing page's bundle; /login checks it.
  const login = pathname === '/' ? '/login' : `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
  return (
    <SiteHeader>
      <Logo to="/" />
      <HeaderNav items={SECTIONS} label="Principal" className="site-header__nav--wrap" />
      <HeaderNav items={ACCOUNT} label="Conta" />
      <ButtonLink to={login}>Entrar</ButtonLink>
    </SiteHeader>
  );
}
