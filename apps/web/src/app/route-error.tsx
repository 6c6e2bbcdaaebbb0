import { Component, type ReactNode } from 'react';
import { buttonClassName } from '../components/ui/button';
import { StatusPage } from './status-page';

/** An unexpected failure while loading or rendering a page. */
export function RouteError() {
  return (
    <StatusPage
      title="Unexpected Application Error!"
      actions={
        // A full reload, since the app's state may be what failed.
        <a href="/" className={buttonClassName('primary')}>
          Voltar para o início
        </a>
      }
    >
      <p>Ocorreu um erro inesperado ao exibir esta página. Tente novamente em alguns instantes.</p>
    </StatusPage>
  );
}

/** Shows RouteError instead of a page that threw (or whose chunk failed to load); another address clears it. */
export class RouteErrorBoundary extends Component<{ path: string; children: ReactNode }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.path });
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.path)) return <RouteError />;
    return this.props.children;
  }
}
