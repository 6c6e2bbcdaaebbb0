import { ButtonLink } from '../components/ui/button-link';
import { StatusPage } from './status-page';

/** Where failed or forbidden access lands (SPEC section 2): no session, expired session or no permission. */
export function ErrorPage() {
  return (
    <StatusPage
      title="Acesso não permitido"
      actions={
        <>
          <ButtonLink to="/login">Entrar</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Voltar para o início
          </ButtonLink>
        </>
      }
    >
      <p>Você não tem permissão para ver esta página ou sua sessão expirou.</p>
      <p>Entre novamente com sua conta para continuar.</p>
    </StatusPage>
  );
}

export { ErrorPage as Component };
