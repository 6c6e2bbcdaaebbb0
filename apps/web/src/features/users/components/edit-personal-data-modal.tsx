import { type PublicUser, updateUserBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { MaskedField } from '../../../components/ui/masked-field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';
import './edit-personal-data-modal.css';

const FORM_ID = 'personal-data-form';

interface EditPersonalDataModalProps {
  user: PublicUser;
  onClose: () => void;
}

/** 'Atualizar dados pessoais': name, e-mail and phone; the CPF goes along unchanged (SPEC section 5). */
export function EditPersonalDataModal({ user, onClose }: EditPersonalDataModalProps) {
  const update = useUpdateUser();
  const [values, setValues] = useState({ name: user.name, email: user.email, phone: user.phone });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors({});
    if (Object.values(values).some((value) => value.trim() === '') || !user.cpf) {
      setFormError('Todos os campos são obrigatórios.');
      return;
    }
    setFormError(null);
    const parsed = updateUserBody.safeParse({ ...values, cpf: user.cpf });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    update.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success('Dados atualizados com sucesso!');
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          const duplicate = error instanceof ApiError && error.status === 409 && error.message;
          toast.error(duplicate || 'Erro ao atualizar dados. Tente novamente.');
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Atualizar dados pessoais"
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
      <form id={FORM_ID} className="edit-personal-data-modal__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Nome"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={fieldErrors.name}
        />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={fieldErrors.email}
        />
        <MaskedField
          label="Telefone"
          mask="phone"
          name="phone"
          autoComplete="tel-national"
          value={values.phone}
          onValueChange={(phone) => setValues((current) => ({ ...current, phone }))}
          error={fieldErrors.phone}
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
