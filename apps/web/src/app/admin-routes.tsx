import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { DataLayout } from './layouts/data-layout';
import { Lazy, lazyRoute, Page } from './lazy-route';

const layout = lazyRoute(() => import('./layouts/admin-layout'));

const pages = [
  ['adminDashboard', 'Painel', () => import('./routes/admin-dashboard-route')],
  ['adminProducts', 'Produtos', () => import('../features/catalog/admin/pages/admin-products-page')],
  ['adminUsers', 'Usuários', () => import('../features/users/admin/pages/admin-users-page')],
  ['adminEmployers', 'Funcionários', () => import('../features/employees/admin/pages/admin-employees-page')],
  ['adminSales', 'Vendas', () => import('../features/orders/admin/pages/admin-sales-page')],
  ['adminAppointments', 'Agendamentos', () => import('../features/appointments/admin/pages/admin-appointments-page')],
  ['adminAppointments/novo', 'Novo agendamento', () => import('./routes/new-appointment-route')],
  ['adminAgenda', 'Agenda', () => import('../features/appointments/admin/pages/admin-agenda-page')],
  ['adminShipping', 'Fretes', () => import('../features/shipping/admin/pages/admin-shipping-page')],
  ['adminStock', 'Estoque', () => import('../features/inventory/admin/pages/admin-stock-page')],
  ['adminStores', 'Lojas', () => import('../features/stores/admin/pages/admin-stores-page')],
  ['adminMessages', 'Mensagens', () => import('../features/messages/admin/pages/admin-messages-page')],
  ['adminPayments', 'Pagamentos', () => import('../features/payments/admin/pages/admin-payments-page')],
  ['adminAudit', 'Auditoria', () => import('../features/audit/admin/pages/admin-audit-page')],
  ['adminPlans', 'Planos e assinaturas', () => import('../features/plans/admin/pages/admin-plans-page')],
  ['adminPackages', 'Pacotes', () => import('../features/packages/admin/pages/admin-packages-page')],
  ['pos', 'Caixa', () => import('../features/pos/pages/pos-page')],
] as const;

const routes = pages.map(([path, name, load]) => ({ path, title: `${name} · Administração`, route: lazyRoute(load) }));

/** The back office's pages under their layout, loaded by the router's catch-all on an /admin… address. */
export function AdminRoutes({ notFound }: { notFound: ReactNode }) {
  return (
    <Routes>
      <Route element={<DataLayout />}>
        <Route element={<Lazy route={layout} />}>
          {routes.map(({ path, title, route }) => (
            <Route key={path} path={path} element={<Page route={route} title={title} />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}
