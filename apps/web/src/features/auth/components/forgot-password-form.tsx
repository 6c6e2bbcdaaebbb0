import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import './auth-form.css';

/** Asks for the reset link; the answer never says whether the e-mail has an account. */
export function ForgotPasswordForm() {
  const forgot = useMutation(forgotPasswordMutation());
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: (schemas) => schemas.forgotPasswordBody,
    initialValues: { email: '' },
    submit: (body) => forgot.mutateAsync(body),
    onSuccess: ({ message }) => setSent(message ?? 'Se houver uma conta com este e-mail, enviaremos um link.'),
    errorMessage: 'Não foi possível enviar o link. Tente novamente.',
    report: { toast: false },
  });

  if (sent) {
    return (
      <div className="auth-form">
        <p role="status">{sent}</p>
        <p className="auth-form__footer">
          <Link to="/login">Voltar para o login</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={form.onSubmit} noValidate>
      <p>Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
      <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
      <FormAlert message={form.formError} />
      <Button type="submit" fullWidth loading={form.submitting}>
        Enviar link
      </Button>
      <p className="auth-form__footer">
        Lembrou a senha? <Link to="/login">Entrar</Link>
      </p>
    </form>
  );
}
