import { createBrowserRouter } from 'react-router';
import { isAdminPath } from './admin-path';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk (route `lazy`): the landing page ships only the shell and itself.
 * Page modules export `Component`; a route's `handle` is the page's name in the browser tab.
 */
const productsPage = () => import('../features/catalog/pages/products-page');
const DATA_ROUTE_ID = 'data';

export const router = createBrowserRouter(
  [
    {
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        {
          Component: PublicLayout,
          children: [{ index: true, handle: 'Início', lazy: () => import('../features/welcome/pages/welcome-page') }],
        },
        { path: 'error', handle: 'Erro', lazy: () => import('./error-page') },
        {
          id: DATA_ROUTE_ID,
          lazy: () => import('./layouts/data-layout'),
          children: [
            { path: 'login', handle: 'Entrar', lazy: () => import('../features/auth/pages/login-page') },
            {
              path: 'register',
              handle: 'Criar conta',
              lazy: () => import('../features/auth/pages/register-page'),
            },
            {
              path: 'forgot-password',
              handle: 'Esqueci minha senha',
              lazy: () => import('../features/auth/pages/forgot-password-page'),
            },
            {
              path: 'reset-password',
              handle: 'Nova senha',
              lazy: () => import('../features/auth/pages/reset-password-page'),
            },
            {
              lazy: () => import('./layouts/shop-layout'),
              children: [
                { path: 'home', handle: 'Início', lazy: () => import('../features/catalog/pages/home-page') },
                { path: 'products', handle: 'Produtos', lazy: productsPage },
                { path: 'products/category/:categoryId', handle: 'Produtos', lazy: productsPage },
                { path: 'products/specie/:specieId', handle: 'Produtos', lazy: productsPage },
                {
                  path: 'products/:id',
                  handle: 'Produto',
                  lazy: () => import('../features/catalog/pages/product-detail-page'),
                },
                {
                  path: 'services',
                  handle: 'Serviços',
                  lazy: () => import('../features/services/pages/services-page'),
                },
                {
                  path: 'services/:id',
                  handle: 'Agendar serviço',
                  lazy: () => import('../features/services/pages/service-detail-page'),
                },
                {
                  lazy: () => import('./layouts/private-outlet'),
                  children: [
                    { path: 'cart', handle: 'Carrinho', lazy: () => import('../features/cart/pages/cart-page') },
                    {
                      path: 'payments',
                      handle: 'Pagamento',
                      lazy: () => import('../features/payments/pages/payments-page'),
                    },
                    { path: 'user', handle: 'Minha conta', lazy: () => import('./routes/user-route') },
                    {
                      path: 'myPets',
                      handle: 'Meus pets',
                      lazy: () => import('../features/pets/pages/my-pets-page'),
                    },
                    {
                      path: 'myPets/:petId',
                      handle: 'Carteira de saúde',
                      lazy: () => import('../features/pets/pages/pet-health-page'),
                    },
                  ],
                },
                {
                  lazy: () => import('./layouts/admin-outlet'),
                  children: [
                    {
                      path: 'admin',
                      handle: 'Administração',
                      lazy: () => import('./routes/admin-hub-route'),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', handle: 'Página não encontrada', lazy: () => import('./not-found-page') },
      ],
    },
  ],
  {
    // The back office's routes are not in the shop's entry chunk: they are fetched the first time
    // someone goes to an /admin… address (before that, the address only matches the catch-all).
    async patchRoutesOnNavigation({ path, patch }) {
      if (!isAdminPath(path)) return;
      const { adminRoutes } = await import('./admin-routes');
      patch(DATA_ROUTE_ID, adminRoutes());
    },
  },
);
