import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { AuthLayout } from '../components/auth-layout';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout
      title="Criar nova senha"
      aside={<img src="/illustrations/login-welcome.svg" alt="" width={360} height={300} />}
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="auth-form">
          <FormAlert message="Link de redefinição inválido ou expirado. Peça um novo." />
          <Link to="/forgot-password">Pedir um novo link</Link>
        </div>
      )}
    </AuthLayout>
  );
}

export { ResetPasswordPage as Component };
