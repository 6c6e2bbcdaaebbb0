import { matchPath } from 'react-router';
import { isAdminPath } from './admin-path';
import { type LazyRoute, lazyRoute } from './lazy-route';

/** Every page and layout of the shop below the root: each a chunk of its own, fetched when first rendered or preloaded. */
export const layouts = {
  data: lazyRoute(() => import('./layouts/data-layout')),
  shop: lazyRoute(() => import('./layouts/shop-layout')),
  private: lazyRoute(() => import('./layouts/private-outlet')),
  admin: lazyRoute(() => import('./layouts/admin-outlet')),
};

interface PageRoute {
  path: string;
  title: string;
  route: LazyRoute;
  /** The layouts it renders in, preloaded with it. */
  within: LazyRoute[];
}

const products = lazyRoute(() => import('../features/catalog/pages/products-page'));
const auth = [layouts.data];
const shop = [layouts.data, layouts.shop];
const personal = [layouts.data, layouts.shop, layouts.private];

const page = (path: string, title: string, route: LazyRoute, within: LazyRoute[] = []): PageRoute => ({
  path,
  title,
  route,
  within,
});

export const pages = {
  welcome: page(
    '/',
    'Início',
    lazyRoute(() => import('../features/welcome/pages/welcome-page')),
  ),
  error: page(
    '/error',
    'Erro',
    lazyRoute(() => import('./error-page')),
  ),
  login: page(
    '/login',
    'Entrar',
    lazyRoute(() => import('../features/auth/pages/login-page')),
    auth,
  ),
  register: page(
    '/register',
    'Criar conta',
    lazyRoute(() => import('../features/auth/pages/register-page')),
    auth,
  ),
  forgot: page(
    '/forgot-password',
    'Esqueci minha senha',
    lazyRoute(() => import('../features/auth/pages/forgot-password-page')),
    auth,
  ),
  reset: page(
    '/reset-password',
    'Nova senha',
    lazyRoute(() => import('../features/auth/pages/reset-password-page')),
    auth,
  ),
  acceptInvitation: page(
    '/accept-invitation',
    'Convite para a equipe',
    lazyRoute(() => import('../features/auth/pages/accept-invitation-page')),
    auth,
  ),
  home: page(
    '/home',
    'Início',
    lazyRoute(() => import('../features/catalog/pages/home-page')),
    shop,
  ),
  products: page('/products', 'Produtos', products, shop),
  category: page('/products/category/:categoryId', 'Produtos', products, shop),
  specie: page('/products/specie/:specieId', 'Produtos', products, shop),
  product: page(
    '/products/:id',
    'Produto',
    lazyRoute(() => import('../features/catalog/pages/product-detail-page')),
    shop,
  ),
  services: page(
    '/services',
    'Serviços',
    lazyRoute(() => import('./routes/services-route')),
    shop,
  ),
  service: page(
    '/services/:id',
    'Agendar serviço',
    lazyRoute(() => import('../features/services/pages/service-detail-page')),
    shop,
  ),
  cart: page(
    '/cart',
    'Carrinho',
    lazyRoute(() => import('../features/cart/pages/cart-page')),
    personal,
  ),
  payments: page(
    '/payments',
    'Pagamento',
    lazyRoute(() => import('../features/payments/pages/payments-page')),
    personal,
  ),
  order: page(
    '/orders/:id',
    'Pedido',
    lazyRoute(() => import('../features/orders/pages/order-page')),
    personal,
  ),
  user: page(
    '/user',
    'Minha conta',
    lazyRoute(() => import('./routes/user-route')),
    personal,
  ),
  pets: page(
    '/myPets',
    'Meus pets',
    lazyRoute(() => import('../features/pets/pages/my-pets-page')),
    personal,
  ),
  pet: page(
    '/myPets/:petId',
    'Carteira de saúde',
    lazyRoute(() => import('./routes/pet-route')),
    personal,
  ),
  admin: page(
    '/admin',
    'Administração',
    lazyRoute(() => import('./routes/admin-hub-route')),
    [...shop, layouts.admin],
  ),
  notFound: page(
    '*',
    'Página não encontrada',
    lazyRoute(() => import('./not-found-page')),
  ),
} satisfies Record<string, PageRoute>;

/**
 * Fetches the chunks a link leads to (page and layouts) before it is tapped: the root layout calls
 * it when a pointer or the focus reaches the link, so the next page is there by the time it is opened.
 */
export function preloadRoute(pathname: string) {
  const found = Object.values(pages).find((candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname));
  if (!found) return;
  for (const layout of found.within) void layout.load().catch(() => {});
  void found.route.load().catch(() => {});
}

/**
 * The shop page's name for the browser tab ('Produtos'), known as soon as the address changes (the
 * page itself may still be loading or waiting for the session check); admin pages name themselves.
 */
export function pageTitle(pathname: string): string | undefined {
  const found = Object.values(pages).find((candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname));
  if (found) return found.title;
  return isAdminPath(pathname) ? undefined : pages.notFound.title;
}
