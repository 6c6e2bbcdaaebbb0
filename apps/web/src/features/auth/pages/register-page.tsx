import { useLocation } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { readGooglePrefill } from '../google-prefill';

export function RegisterPage() {
  const location = useLocation();
  return (
    <AuthLayout title="Crie sua conta!">
      <RegisterForm prefill={readGooglePrefill(location.state)} />
    </AuthLayout>
  );
}

export { RegisterPage as Component };
