import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';
import { Logo } from './logo';
import { SiteHeader } from './site-header';

/** The visitor header: the customer sections lead to /error until the visitor logs in (SPEC section 2). */
export function PublicHeader() {
  return (
    <SiteHeader>
      <Logo to="/" />
      <nav aria-label="Principal" className="site-header__nav site-header__nav--wrap">
        <Link to="/error" className="site-header__link">
          Produtos
        </Link>
        <Link to="/error" className="site-header__link">
          Serviços
        </Link>
        <Link to="/error" className="site-header__link">
          Meus pets
        </Link>
      </nav>
      <ButtonLink to="/login">Entrar</ButtonLink>
    </SiteHeader>
  );
}
