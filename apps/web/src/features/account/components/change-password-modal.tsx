import { changePasswordBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { changePasswordMutation } from '../../../api/account';
import { FormModal } from '../../../components/ui/form-modal';
import { PasswordField } from '../../../components/ui/password-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import './account-card.css';

/** 'Alterar senha': the current one, the new one twice. Other sessions end on the server. */
export function ChangePasswordModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const change = useMutation(changePasswordMutation());
  const form = useSchemaForm({
    schema: changePasswordBody,
    initialValues: { currentPassword: '', newPassword: '', confirmation: '' },
    toInput: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    check: ({ newPassword, confirmation }) => (newPassword === confirmation ? null : 'As senhas não conferem.'),
    submit: (body) => change.mutateAsync({ id: userId, body }),
    onSuccess: () => {
      toast.success('Senha alterada com sucesso!');
      onClose();
    },
    errorMessage: 'Não foi possível alterar a senha. Tente novamente.',
    report: { toast: false },
  });
  const { values, errors } = form;

  return (
    <FormModal
      title="Alterar senha"
      description="As outras sessões abertas com a sua conta serão encerradas."
      form={form}
      onClose={onClose}
      className="account-card__form"
    >
      <PasswordField
        label="Senha atual"
        name="currentPassword"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(event) => form.set({ currentPassword: event.target.value })}
        error={errors.currentPassword}
      />
      <PasswordField
        label="Nova senha"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => form.set({ newPassword: event.target.value })}
        error={errors.newPassword}
      />
      <PasswordField
        label="Confirme a nova senha"
        name="confirmation"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={(event) => form.set({ confirmation: event.target.value })}
        error={errors.confirmation}
      />
    </FormModal>
  );
}
