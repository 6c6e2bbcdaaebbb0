import type { PublicUser } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { updateUserMutation } from '../../../api/users';
import { FormModal } from '../../../components/ui/form-modal';
import { MaskedField } from '../../../components/ui/masked-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import './edit-personal-data-modal.css';

interface EditPersonalDataModalProps {
  user: PublicUser;
  onClose: () => void;
}

/** 'Atualizar dados pessoais': name, e-mail and phone; the CPF goes along unchanged (SPEC section 5). */
export function EditPersonalDataModal({ user, onClose }: EditPersonalDataModalProps) {
  const update = useMutation(updateUserMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.updateUserBody,
    initialValues: { name: user.name, email: user.email, phone: user.phone },
    check: (values) =>
      Object.values(values).some((value) => value.trim() === '') || !user.cpf
        ? 'Todos os campos são obrigatórios.'
        : null,
    toInput: (values) => ({ ...values, cpf: user.cpf }),
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    onSuccess: () => {
      toast.success('Dados atualizados com sucesso!');
      onClose();
    },
    // Only a taken e-mail or CPF (409) is worth the server's words here.
    errorMessage: (error) =>
      (error instanceof ApiError && error.status === 409 && error.message) ||
      'Erro ao atualizar dados. Tente novamente.',
    report: { alert: false },
  });

  return (
    <FormModal
      title="Atualizar dados pessoais"
      form={form}
      onClose={onClose}
      className="edit-personal-data-modal__form"
    >
      <TextField label="Nome" autoComplete="name" {...form.field('name')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
      <MaskedField label="Telefone" mask="phone" autoComplete="tel-national" {...form.field('phone')} />
    </FormModal>
  );
}
