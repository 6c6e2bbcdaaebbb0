import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk (route `lazy`): the landing page ships only the shell and itself.
 * Page modules export `Component`.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        Component: PublicLayout,
        children: [{ index: true, lazy: () => import('../features/welcome/pages/welcome-page') }],
      },
      { path: 'error', lazy: () => import('./error-page') },
      {
        lazy: () => import('./layouts/data-layout'),
        children: [
          { path: 'login', lazy: () => import('../features/auth/pages/login-page') },
          { path: 'register', lazy: () => import('../features/auth/pages/register-page') },
          {
            lazy: () => import('./layouts/customer-layout'),
            children: [
              { path: 'home', lazy: () => import('../features/catalog/pages/home-page') },
              { path: 'products', lazy: () => import('../features/catalog/pages/products-page') },
              { path: 'products/category/:categoryId', lazy: () => import('../features/catalog/pages/products-page') },
              { path: 'products/specie/:specieId', lazy: () => import('../features/catalog/pages/products-page') },
              { path: 'products/:id', lazy: () => import('../features/catalog/pages/product-detail-page') },
              { path: 'cart', lazy: () => import('../features/cart/pages/cart-page') },
              { path: 'payments', lazy: () => import('../features/payments/pages/payments-page') },
              { path: 'services', lazy: () => import('../features/services/pages/services-page') },
              { path: 'services/:id', lazy: () => import('../features/services/pages/service-detail-page') },
              { path: 'user', lazy: () => import('./routes/user-route') },
              { path: 'myPets', lazy: () => import('../features/pets/pages/my-pets-page') },
              {
                lazy: () => import('./guards/require-admin').then((m) => ({ Component: m.RequireAdmin })),
                children: [{ path: 'admin', lazy: () => import('../features/admin/pages/admin-hub-page') }],
              },
            ],
          },
          {
            lazy: () => import('./layouts/admin-layout'),
            children: [
              { path: 'adminProducts', lazy: () => import('../features/admin-products/pages/admin-products-page') },
              { path: 'adminUsers', lazy: () => import('../features/admin-users/pages/admin-users-page') },
              { path: 'adminEmployers', lazy: () => import('../features/admin-employees/pages/admin-employees-page') },
              { path: 'adminSales', lazy: () => import('../features/admin-sales/pages/admin-sales-page') },
              {
                path: 'adminAppointments',
                lazy: () => import('../features/admin-appointments/pages/admin-appointments-page'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found-page') },
    ],
  },
]);
