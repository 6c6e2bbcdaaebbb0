import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PawIcon } from '../../../components/ui/icons';
import './auth-layout.css';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  /** A side panel, hidden at 980 px or narrower. */
  aside?: ReactNode;
}

/** Login and register live outside the three layouts: a card with the form, an optional side panel. */
export function AuthLayout({ title, children, aside }: AuthLayoutProps) {
  return (
    <main className="auth-layout">
      <div className={aside ? 'auth-layout__card auth-layout__card--split' : 'auth-layout__card'}>
        <div className="auth-layout__form">
          <Link to="/" className="auth-layout__logo">
            <PawIcon size={28} />
            <span>PetCare</span>
          </Link>
          <h1 className="auth-layout__title">{title}</h1>
          {children}
        </div>
        {aside && <aside className="auth-layout__aside">{aside}</aside>}
      </div>
    </main>
  );
}
