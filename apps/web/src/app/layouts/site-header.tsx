import type { ReactNode } from 'react';
import './site-header.css';

/**
 * The header frame shared by the three layouts, with a skip link to the page content. `dense`
 * tightens the spacing for a bar with many sections (the back office's), so it stays one row.
 */
export function SiteHeader({ children, dense = false }: { children: ReactNode; dense?: boolean }) {
  return (
    <header className={dense ? 'site-header site-header--dense' : 'site-header'}>
      <a className="site-header__skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      <div className="site-header__inner">{children}</div>
    </header>
  );
}

/** The page content under a header; the skip link lands here. */
export function SiteMain({ children }: { children: ReactNode }) {
  return (
    <main id="conteudo" className="site-main" tabIndex={-1}>
      {children}
    </main>
  );
}
