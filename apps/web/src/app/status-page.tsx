import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PawIcon } from '../components/ui/icons';
import './status-page.css';

interface StatusPageProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The standalone look of /error, the not-found page and the router error page. */
export function StatusPage({ title, children, actions }: StatusPageProps) {
  return (
    <main className="status-page">
      <div className="status-page__card">
        <Link to="/" className="status-page__logo">
          <PawIcon size={28} />
          <span>PetCare</span>
        </Link>
        <h1 className="status-page__title">{title}</h1>
        <div className="status-page__text">{children}</div>
        <div className="status-page__actions">{actions}</div>
      </div>
    </main>
  );
}
