import { ButtonLink } from '../components/ui/button-link';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  return (
    <StatusPage title="Página não encontrada" actions={<ButtonLink to="/">Voltar para o início</ButtonLink>}>
      <p>O endereço que você abriu não existe ou foi alterado.</p>
    </StatusPage>
  );
}

export { NotFoundPage as Component };
