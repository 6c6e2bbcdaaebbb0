import { PASSWORD_MIN_LENGTH, registerBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { MaskedField } from '../../../components/ui/masked-field';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import type { GooglePrefill } from '../google-prefill';
import './auth-form.css';

interface RegisterFormProps {
  /** After a first Google sign-in: the e-mail is fixed and the ticket proves it. */
  prefill?: GooglePrefill | undefined;
}

export function RegisterForm({ prefill }: RegisterFormProps) {
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState({
    email: prefill?.email ?? '',
    cpf: '',
    name: prefill?.name ?? '',
    phone: '',
    password: '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors({});
    if (Object.values(values).some((value) => value.trim() === '')) {
      setFormError('Preencha todos os campos.');
      return;
    }
    const parsed = registerBody.safeParse({ ...values, googleTicket: prefill?.googleTicket });
    if (!parsed.success) {
      setFormError(null);
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFormError(null);
    register.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message ?? 'Cadastro realizado com sucesso!');
        navigate('/login');
      },
      onError: (error) => {
        setFieldErrors(apiFieldErrors(error));
        setFormError(messageOf(error, 'Erro ao realizar cadastro.'));
      },
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
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
        name="email"
        autoComplete="email"
        value={values.email}
        readOnly={Boolean(prefill)}
        onChange={(event) => set('email')(event.target.value)}
        error={fieldErrors.email}
        hint={prefill ? 'E-mail da sua conta Google.' : undefined}
      />
      <MaskedField
        label="CPF"
        mask="cpf"
        name="cpf"
        placeholder="000.000.000-00"
        value={values.cpf}
        onValueChange={set('cpf')}
        error={fieldErrors.cpf}
      />
      <TextField
        label="Nome"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => set('name')(event.target.value)}
        error={fieldErrors.name}
      />
      <MaskedField
        label="Telefone"
        mask="phone"
        name="phone"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        value={values.phone}
        onValueChange={set('phone')}
        error={fieldErrors.phone}
      />
      <PasswordField
        label="Senha"
        name="password"
        autoComplete="new-password"
        hint={`Use pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`}
        value={values.password}
        onChange={(event) => set('password')(event.target.value)}
        error={fieldErrors.password}
      />
      <FormAlert message={formError} />
      <Button type="submit" fullWidth loading={register.isPending}>
        Cadastrar
      </Button>
      <p className="auth-form__footer">
        Já tem conta? <Link to="/login">Entrar</Link>
      </p>
    </form>
  );
}
