import { PASSWORD_MIN_LENGTH } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { loginMutation } from '../../../api/auth';
import { registerMutation } from '../../../api/users';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { MaskedField } from '../../../components/ui/masked-field';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import type { GooglePrefill } from '../google-prefill';
import { useReturnPath } from '../use-return-path';
import './auth-form.css';

interface RegisterFormProps {
  /** After a first Google sign-in: the e-mail is fixed and the ticket proves it. */
  prefill?: GooglePrefill | undefined;
}

export function RegisterForm({ prefill }: RegisterFormProps) {
  const navigate = useNavigate();
  const back = useReturnPath();
  const register = useMutation(registerMutation());
  const login = useMutation(loginMutation());
  // The account exists: sign in with what was just typed and go where the person was going; the
  // login page (e-mail filled in) only if that fails.
  const signIn = async (email: string, password: string) => {
    const session = await login.mutateAsync({ email, password }).catch(() => undefined);
    if (session && 'user' in session) navigate(back.destination, { replace: true });
    else navigate(back.link('/login'), { state: { email } });
  };
  const form = useSchemaForm({
    schema: (schemas) => schemas.registerBody,
    initialValues: { email: prefill?.email ?? '', cpf: '', name: prefill?.name ?? '', phone: '', password: '' },
    check: (values) =>
      Object.values(values).some((value) => value.trim() === '') ? 'Preencha todos os campos.' : null,
    toInput: (values) => ({ ...values, googleTicket: prefill?.googleTicket }),
    submit: (body) => register.mutateAsync(body),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Cadastro realizado com sucesso!');
      void signIn(response.data.email, form.values.password);
    },
    errorMessage: 'Erro ao realizar cadastro.',
    report: { toast: false },
  });

  return (
    <form className="auth-form" onSubmit={form.onSubmit} noValidate>
      {prefill?.photoURL && (
        <img
          className="auth-form__photo"
          src={prefill.photoURL}
          alt={`Foto da conta Google de ${prefill.name ?? prefill.email}`}
          width={72}
          height={72}
          referrerPolicy="no-referrer"
        />
      )}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        {...form.field('email')}
        readOnly={Boolean(prefill)}
        hint={prefill ? 'E-mail da sua conta Google.' : undefined}
      />
      <MaskedField label="CPF" mask="cpf" placeholder="000.000.000-00" {...form.field('cpf')} />
      <TextField label="Nome" autoComplete="name" {...form.field('name')} />
      <MaskedField
        label="Telefone"
        mask="phone"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        {...form.field('phone')}
      />
      <PasswordField
        label="Senha"
        autoComplete="new-password"
        hint={`Use pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`}
        {...form.field('password')}
      />
      <FormAlert message={form.formError} />
      <Button type="submit" fullWidth loading={form.submitting}>
        Cadastrar
      </Button>
      <p className="auth-form__footer">
        Já tem conta? <Link to={back.link('/login')}>Entrar</Link>
      </p>
    </form>
  );
}
