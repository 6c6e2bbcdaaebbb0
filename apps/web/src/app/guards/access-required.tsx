import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';
import { authPath } from '../../lib/return-path';
import './access-required.css';

/** Shown to a visitor without a session on a customer or admin page (SPEC section 2); both links come back here. */
export function AccessRequired() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <section className="access-required" aria-labelledby="access-required-title">
      <div className="access-required__text">
        <h1 id="access-required-title" className="access-required__title">
          Acesso restrito
        </h1>
        <p className="access-required__message">
          Cadastre-se ou faça login para acessar nossos serviços exclusivos e cuidar do seu pet com facilidade!
        </p>
        <div className="access-required__actions">
          <ButtonLink to={authPath('/login', here)}>Entrar</ButtonLink>
          <ButtonLink to={authPath('/register', here)} variant="secondary">
            Cadastrar
          </ButtonLink>
        </div>
      </div>
      <img
        className="access-required__image"
        src="/illustrations/access-required.svg"
        alt=""
        width={360}
        height={300}
      />
    </section>
  );
}
