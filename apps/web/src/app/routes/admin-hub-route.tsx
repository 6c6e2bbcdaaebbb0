import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  BoxIcon,
  BriefcaseIcon,
  CalendarIcon,
  type IconProps,
  MailIcon,
  ReceiptIcon,
  ShieldIcon,
  TruckIcon,
  UserIcon,
  UsersIcon,
} from '../../components/ui/icons';
import { useSession } from '../../lib/session';
import { visibleTo } from '../staff-sections';
import { ChartIcon } from './chart-icon';
import './admin-hub-route.css';

interface HubCard {
  to: string;
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

const CARDS: HubCard[] = [
  {
    to: '/adminDashboard',
    title: 'Painel',
    text: 'Receita, pedidos, agendamentos e estoque baixo do período.',
    icon: ChartIcon,
  },
  { to: '/adminProducts', title: 'Produtos', text: 'Cadastre, edite e remova produtos.', icon: BoxIcon },
  {
    to: '/adminStock',
    title: 'Estoque',
    text: 'Movimentações, ajustes, transferências, compras, lotes e sugestões.',
    icon: BoxIcon,
  },
  { to: '/adminSales', title: 'Vendas', text: 'Acompanhe, cancele e exclua pedidos.', icon: ReceiptIcon },
  {
    to: '/adminPayments',
    title: 'Pagamentos',
    text: 'Todo o dinheiro da web, do balcão e dos planos, com os totais por método.',
    icon: ReceiptIcon,
  },
  { to: '/adminShipping', title: 'Fretes', text: 'Valores e prazos de entrega por estado.', icon: TruckIcon },
  { to: '/adminStores', title: 'Lojas', text: 'Endereço, horário e estoque de cada loja.', icon: BoxIcon },
  { to: '/adminUsers', title: 'Usuários', text: 'Edite e remova contas de clientes.', icon: UsersIcon },
  { to: '/adminEmployers', title: 'Funcionários', text: 'Gerencie a equipe e seus serviços.', icon: BriefcaseIcon },
  {
    to: '/adminAgenda',
    title: 'Agenda',
    text: 'O dia e a semana da equipe; check-in e conclusão.',
    icon: CalendarIcon,
  },
  { to: '/adminAppointments', title: 'Agendamentos', text: 'Remarque ou cancele atendimentos.', icon: CalendarIcon },
  { to: '/adminMessages', title: 'Mensagens', text: 'E-mails e WhatsApp enviados aos clientes.', icon: MailIcon },
  {
    to: '/adminAudit',
    title: 'Auditoria',
    text: 'Quem mudou o quê: cada alteração, com antes e depois.',
    icon: ShieldIcon,
  },
  {
    to: '/user#two-factor',
    title: 'Minha conta',
    text: 'Verificação em duas etapas: entrar com um código do celular.',
    icon: UserIcon,
  },
  {
    to: '/adminPlans',
    title: 'Planos e assinaturas',
    text: 'Planos recorrentes, assinaturas e receita recorrente.',
    icon: CalendarIcon,
  },
  {
    to: '/adminPackages',
    title: 'Pacotes',
    text: 'Pacotes pré-pagos de serviços e créditos a vencer.',
    icon: BoxIcon,
  },
];

export function AdminHubPage() {
  const cards = visibleTo(useSession().user?.role, CARDS);
  return (
    <div className="admin-hub-page">
      <h1 className="admin-hub-page__title">Painel de administração</h1>
      <ul className="admin-hub-page__grid">
        {cards.map(({ to, title, text, icon: Icon }, index) => (
          <li key={to}>
            <Link to={to} className="admin-hub-page__card" style={{ background: `var(--cycle-${(index % 5) + 1})` }}>
              <Icon size={36} />
              <span className="admin-hub-page__card-title">{title}</span>
              <span className="admin-hub-page__card-text">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { AdminHubPage as Component };
