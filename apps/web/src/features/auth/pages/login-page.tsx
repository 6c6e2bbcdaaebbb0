import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  return (
    <AuthLayout
      title="Entre em sua conta!"
      aside={
        <>
          <img src="/illustrations/login-welcome.svg" alt="" width={360} height={300} />
          <p>Bem-vindo novamente, sentimos sua falta!</p>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}

export { LoginPage as Component };
