import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Esqueci minha senha"
      aside={<img src="/illustrations/login-welcome.svg" alt="" width={360} height={300} />}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

export { ForgotPasswordPage as Component };
