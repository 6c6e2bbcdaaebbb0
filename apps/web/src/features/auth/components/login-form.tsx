import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useReturnPath } from '../use-return-path';
import { GoogleButton } from './google-button';
import './auth-form.css';

/** The e-mail just registered, handed over by the register form. */
const emailFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = useReturnPath();
  const login = useMutation(loginMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.loginBody,
    initialValues: { email: emailFrom(location.state), password: '' },
    submit: (body) => login.mutateAsync(body),
    onSuccess: () => navigate(back.destination, { replace: true }),
    errorMessage: 'Erro ao realizar login.',
    report: { toast: false },
  });

  return (
    <form className="auth-form" onSubmit={form.onSubmit} noValidate>
      <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
      <PasswordField label="Senha" autoComplete="current-password" {...form.field('password')} />
      <p className="auth-form__forgot">
        <Link to="/forgot-password">Esqueci minha senha</Link>
      </p>
      <FormAlert message={form.formError} />
      <Button type="submit" fullWidth loading={form.submitting}>
        Entrar
      </Button>
      <div className="auth-form__alternatives">
        <p className="auth-form__divider">ou</p>
        <GoogleButton />
      </div>
      <p className="auth-form__footer">
        Ainda não tem conta? <Link to={back.link('/register')}>Criar nova conta</Link>
      </p>
    </form>
  );
}
