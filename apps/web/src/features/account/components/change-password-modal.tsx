import { useMutation } from '@tanstack/react-query';
import { changePasswordMutation } from '../../../api/account';
import { FormModal } from '../../../components/ui/form-modal';
import { PasswordField } from '../../../components/ui/password-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import './account-card.css';

/** 'Alterar senha': the current one, the new one twice. Other sessions end on the server. */
export function ChangePasswordModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const change = useMutation(changePasswordMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.changePasswordBody,
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

  return (
    <FormModal
      title="Alterar senha"
      description="As outras sessões abertas com a sua conta serão encerradas."
      form={form}
      onClose={onClose}
      className="account-card__form"
    >
      <PasswordField label="Senha atual" autoComplete="current-password" {...form.field('currentPassword')} />
      <PasswordField label="Nova senha" autoComplete="new-password" {...form.field('newPassword')} />
      <PasswordField label="Confirme a nova senha" autoComplete="new-password" {...form.field('confirmation')} />
    </FormModal>
  );
}
