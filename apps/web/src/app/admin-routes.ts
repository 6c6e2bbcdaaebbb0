import type { RouteObject } from 'react-router';

let patched = false;

/** The back office's pages under their layout; answers them once (later calls answer none). */
export function adminRoutes(): RouteObject[] {
  if (patched) return [];
  patched = true;
  return [
    {
      lazy: () => import('./layouts/admin-layout'),
      children: [
        {
          path: 'adminDashboard',
          handle: 'Painel · Administração',
          lazy: () => import('../features/reports/admin/pages/admin-dashboard-page'),
        },
        {
          path: 'adminProducts',
          handle: 'Produtos · Administração',
          lazy: () => import('../features/catalog/admin/pages/admin-products-page'),
        },
        {
          path: 'adminUsers',
          handle: 'Usuários · Administração',
          lazy: () => import('../features/users/admin/pages/admin-users-page'),
        },
        {
          path: 'adminEmployers',
          handle: 'Funcionários · Administração',
          lazy: () => import('../features/employees/admin/pages/admin-employees-page'),
        },
        {
          path: 'adminSales',
          handle: 'Vendas · Administração',
          lazy: () => import('../features/orders/admin/pages/admin-sales-page'),
        },
        {
          path: 'adminAppointments',
          handle: 'Agendamentos · Administração',
          lazy: () => import('../features/appointments/admin/pages/admin-appointments-page'),
        },
        {
          path: 'adminAgenda',
          handle: 'Agenda · Administração',
          lazy: () => import('../features/appointments/admin/pages/admin-agenda-page'),
        },
        {
          path: 'adminShipping',
          handle: 'Fretes · Administração',
          lazy: () => import('../features/shipping/admin/pages/admin-shipping-page'),
        },
        {
          path: 'adminMessages',
          handle: 'Mensagens · Administração',
          lazy: () => import('../features/messages/admin/pages/admin-messages-page'),
        },
      ],
    },
  ];
}
