import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { AcceptInvitationForm } from '../components/accept-invitation-form';
import { AuthLayout } from '../components/auth-layout';

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout title="Convite para a equipe">
      {token ? (
        <AcceptInvitationForm token={token} />
      ) : (
        <div className="auth-form">
          <FormAlert message="Convite inválido ou expirado. Peça um novo a quem convidou você." />
        </div>
      )}
    </AuthLayout>
  );
}

export { AcceptInvitationPage as Component };
