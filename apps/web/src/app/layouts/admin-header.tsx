import { CalendarIcon, UsersIcon } from '../../components/ui/icons';
import { HeaderNav } from './header-nav';
import { Logo } from './logo';
import type { NavItem } from './nav-item';
import { SiteHeader } from './site-header';

const SECTIONS: NavItem[] = [
  { to: '/adminProducts', label: 'Produtos' },
  { to: '/adminEmployers', label: 'Funcionários' },
  { to: '/adminSales', label: 'Vendas' },
  { to: '/adminAppointments', label: 'Agendamentos', icon: CalendarIcon },
  { to: '/adminUsers', label: 'Usuários', icon: UsersIcon },
];

export function AdminHeader() {
  return (
    <SiteHeader>
      <Logo to="/admin" />
      <HeaderNav items={SECTIONS} label="Administração" className="site-header__nav--wrap" />
    </SiteHeader>
  );
}
