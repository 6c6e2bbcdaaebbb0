import { type PublicUser, updateUserBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { MaskedField } from '../../../components/ui/masked-field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useUpdateAdminUser } from '../api/update-admin-user';
import './user-form-modal.css';

const FORM_ID = 'admin-user-form';

interface UserFormModalProps {
  user: PublicUser;
  onClose: () => void;
}

/** The admin form: name, phone and e-mail (SPEC section 7); role and CPF stay as they are. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const update = useUpdateAdminUser();
  const [values, setValues] = useState({ name: user.name, phone: user.phone, email: user.email });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = updateUserBody.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    update.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Dados atualizados com sucesso!');
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          const message = messageOf(error, 'Erro ao atualizar dados. Tente novamente.');
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Usuário"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={update.isPending}>
            Salvar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="user-form-modal__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Nome"
          name="name"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={fieldErrors.name}
        />
        <MaskedField
          label="Telefone"
          mask="phone"
          name="phone"
          value={values.phone}
          onValueChange={(phone) => setValues((current) => ({ ...current, phone }))}
          error={fieldErrors.phone}
        />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={fieldErrors.email}
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
