import type { LoginChallenge } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPasswordMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getSession } from '../../../lib/session';
import { staffHome } from '../../../lib/staff-home';
import { toast } from '../../../lib/toast';
import { TwoFactorStep } from './two-factor-step';
import './auth-form.css';

/**
 * New password from the e-mailed link (a reset or an invitation); success logs in and opens the
 * shop, after the login's code step (or enrolment) when the account has a second factor.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useMutation(resetPasswordMutation());
  const [challenge, setChallenge] = useState<LoginChallenge>();
  // An invited staff member lands on their own page (a professional on their agenda).
  const signedIn = () => navigate(staffHome(getSession().user?.role) ?? '/home');
  const form = useSchemaForm({
    schema: (schemas) => schemas.resetPasswordBody,
    initialValues: { password: '', confirmation: '' },
    toInput: ({ password }) => ({ token, password }),
    check: ({ password, confirmation }) => (password === confirmation ? null : 'As senhas não conferem.'),
    issues: 'fields',
    submit: (body) => reset.mutateAsync(body),
    onSuccess: (result) => {
      toast.success('Senha redefinida com sucesso!');
      if ('challenge' in result) setChallenge(result);
      else signedIn();
    },
    errorMessage: 'Não foi possível redefinir a senha. Tente novamente.',
    report: { toast: false },
  });

  if (challenge) {
    // The link is spent and the password set: starting over is the login page.
    return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={() => navigate('/login')} />;
  }

  return (
    <form className="auth-form" onSubmit={form.onSubmit} noValidate>
      <PasswordField label="Nova senha" autoComplete="new-password" {...form.field('password')} />
      <PasswordField label="Confirme a nova senha" autoComplete="new-password" {...form.field('confirmation')} />
      <FormAlert message={form.formError ?? form.errors.token} />
      <Button type="submit" fullWidth loading={form.submitting}>
        Salvar nova senha
      </Button>
      <p className="auth-form__footer">
        O link expirou? <Link to="/forgot-password">Pedir um novo</Link>
      </p>
    </form>
  );
}
