import { type PublicUser, updateUserBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { updateUserMutation } from '../../../../api/users';
import { FormModal } from '../../../../components/ui/form-modal';
import { MaskedField } from '../../../../components/ui/masked-field';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
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
  const { values, errors } = form;

  return (
    <FormModal title="Editar Usuário" form={form} onClose={onClose} className="user-form-modal__form">
      <TextField
        label="Nome"
        name="name"
        value={values.name}
        onChange={(event) => form.set({ name: event.target.value })}
        error={errors.name}
      />
      <MaskedField
        label="Telefone"
        mask="phone"
        name="phone"
        value={values.phone}
        onValueChange={(phone) => form.set({ phone })}
        error={errors.phone}
      />
      <TextField
        label="E-mail"
        type="email"
        name="email"
        value={values.email}
        onChange={(event) => form.set({ email: event.target.value })}
        error={errors.email}
      />
    </FormModal>
  );
}
