import { loginBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { GoogleButton } from './google-button';
import './auth-form.css';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => navigate('/home'),
      onError: (error) => {
        setFieldErrors(apiFieldErrors(error));
        setFormError(messageOf(error, 'Erro ao realizar login.'));
      },
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        label="Senha"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <FormAlert message={formError} />
      <Button type="submit" fullWidth loading={login.isPending}>
        Entrar
      </Button>
      <div className="auth-form__alternatives">
        <p className="auth-form__divider">ou</p>
        <GoogleButton />
      </div>
      <p className="auth-form__footer">
        Ainda não tem conta? <Link to="/register">Criar nova conta</Link>
      </p>
    </form>
  );
}
