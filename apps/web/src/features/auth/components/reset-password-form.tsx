import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { resetPasswordMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { staffHome } from '../../../lib/staff-home';
import { toast } from '../../../lib/toast';
import './auth-form.css';

/** New password from the e-mailed link; success logs in and opens the shop. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useMutation(resetPasswordMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.resetPasswordBody,
    initialValues: { password: '', confirmation: '' },
    toInput: ({ password }) => ({ token, password }),
    check: ({ password, confirmation }) => (password === confirmation ? null : 'As senhas não conferem.'),
    issues: 'fields',
    submit: (body) => reset.mutateAsync(body),
    onSuccess: (session) => {
      toast.success('Senha redefinida com sucesso!');
      // An invited staff member lands on their own page (a professional on their agenda).
      navigate(staffHome(session.user.role) ?? '/home');
    },
    errorMessage: 'Não foi possível redefinir a senha. Tente novamente.',
    report: { toast: false },
  });

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
