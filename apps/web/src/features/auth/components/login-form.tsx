import type { LoginChallenge } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getSession } from '../../../lib/session';
import { staffHome } from '../../../lib/staff-home';
import { useReturnPath } from '../use-return-path';
import { GoogleButton } from './google-button';
import { TwoFactorStep } from './two-factor-step';
import './auth-form.css';

/** The e-mail just registered, handed over by the register form. */
const emailFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = useReturnPath();
  const login = useMutation(loginMutation());
  // Staff with two-factor: the password was right, a code comes next.
  const [challenge, setChallenge] = useState<LoginChallenge>();
  // Staff land on their own page (a professional on their agenda) unless a page asked for them.
  const signedIn = () =>
    navigate(back.asked ? back.destination : (staffHome(getSession().user?.role) ?? back.destination), {
      replace: true,
    });
  const form = useSchemaForm({
    schema: (schemas) => schemas.loginBody,
    initialValues: { email: emailFrom(location.state), password: '' },
    submit: (body) => login.mutateAsync(body),
    onSuccess: (result) => ('challenge' in result ? setChallenge(result) : signedIn()),
    errorMessage: 'Erro ao realizar login.',
    report: { toast: false },
  });

  if (challenge) {
    return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(undefined)} />;
  }

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
        <GoogleButton onChallenge={setChallenge} divider={<p className="auth-form__divider">ou</p>} />
      </div>
      <p className="auth-form__footer">
        Ainda não tem conta? <Link to={back.link('/register')}>Criar nova conta</Link>
      </p>
    </form>
  );
}
