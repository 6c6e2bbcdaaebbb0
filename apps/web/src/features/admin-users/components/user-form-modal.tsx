import { type PublicUser, updateUserBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { updateUserMutation } from '../../../api/users';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { MaskedField } from '../../../components/ui/masked-field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import './user-form-modal.css';

const FORM_ID = 'admin-user-form';

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
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Usuário"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={form.submitting}>
            Salvar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="user-form-modal__form" onSubmit={form.onSubmit} noValidate>
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
        <FormAlert message={form.formError} />
      </form>
    </Modal>
  );
}
