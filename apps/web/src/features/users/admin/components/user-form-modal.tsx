import { type PublicUser, updateUserBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { updateUserMutation } from '../../../../api/users';
import { FormModal } from '../../../../components/ui/form-modal';
import { MaskedField } from '../../../../components/ui/masked-field';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import './user-form-modal.css';

interface UserFormModalProps {
  user: PublicUser;
  onClose: () => void;
}

/** The admin form: name, phone and e-mail (SPEC section 7); role and CPF stay as they are. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const update = useMutation(updateUserMutation());
  const form = useSchemaForm({
    schema: updateUserBody,
    initialValues: { name: user.name, phone: user.phone, email: user.email },
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Dados atualizados com sucesso!');
      onClose();
    },
    errorMessage: 'Erro ao atualizar dados. Tente novamente.',
  });

  return (
    <FormModal title="Editar Usuário" form={form} onClose={onClose} className="user-form-modal__form">
      <TextField label="Nome" {...form.field('name')} />
      <MaskedField label="Telefone" mask="phone" {...form.field('phone')} />
      <TextField label="E-mail" type="email" {...form.field('email')} />
    </FormModal>
  );
}
