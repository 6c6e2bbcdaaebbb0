import { buttonClassName } from '../components/ui/button';
import { StatusPage } from './status-page';

/** The router's errorElement: an unexpected failure while loading or rendering a page. */
export function RouteError() {
  return (
    <StatusPage
      title="Unexpected Application Error!"
      actions={
        // A full reload, since the router state may be what failed.
        <a href="/" className={buttonClassName('primary')}>
          Voltar para o início
        </a>
      }
    >
      <p>Ocorreu um erro inesperado ao exibir esta página. Tente novamente em alguns instantes.</p>
    </StatusPage>
  );
}
