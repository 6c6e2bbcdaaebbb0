import { Link } from 'react-router';
import { IconButton } from '../../components/ui/icon-button';
import { CalendarIcon, LogoutIcon, UsersIcon } from '../../components/ui/icons';
import { useLogout } from '../../hooks/use-logout';
import { useSession } from '../../lib/session';
import { visibleTo } from '../staff-sections';
import { HeaderNav } from './header-nav';
import { Logo } from './logo';
import { MenuDrawer } from './menu-drawer';
import type { NavItem } from './nav-item';
import { SiteHeader } from './site-header';

const SECTIONS: NavItem[] = [
  { to: '/adminDashboard', label: 'Painel' },
  { to: '/adminProducts', label: 'Produtos' },
  { to: '/adminStock', label: 'Estoque' },
  { to: '/pos', label: 'Caixa' },
  { to: '/adminEmployers', label: 'Funcionários' },
  { to: '/adminSales', label: 'Vendas' },
  { to: '/adminPayments', label: 'Pagamentos' },
  { to: '/adminShipping', label: 'Fretes' },
  { to: '/adminStores', label: 'Lojas' },
  { to: '/adminAgenda', label: 'Agenda' },
  { to: '/adminAppointments', label: 'Agendamentos', icon: CalendarIcon },
  { to: '/adminMessages', label: 'Mensagens' },
  { to: '/adminPackages', label: 'Pacotes' },
  { to: '/adminPlans', label: 'Planos' },
  { to: '/adminUsers', label: 'Usuários', icon: UsersIcon },
];

const SHOP: NavItem = { to: '/home', label: 'Ver a loja' };

/**
 * Above 600 px: the sections (Agendamentos and Usuários as icons, as SPEC draws them), a link back to the shop and 'Sair' in the bar; at 600 px or less the
 * links move into the drawer and 'Sair' stays.
 */
export function AdminHeader() {
  const logout = useLogout();
  // Each role sees the sections it may use (the owner every one).
  const sections = visibleTo(useSession().user?.role, SECTIONS);
  return (
    <SiteHeader dense>
      <Logo to="/admin" />
      <HeaderNav items={sections} label="Administração" className="site-header__wide" />
      <Link to={SHOP.to} className="site-header__link site-header__wide">
        {SHOP.label}
      </Link>
      <IconButton aria-label="Sair" title="Sair" onClick={logout}>
        <LogoutIcon size={22} />
      </IconButton>
      <MenuDrawer items={[...sections, SHOP]} />
    </SiteHeader>
  );
}
