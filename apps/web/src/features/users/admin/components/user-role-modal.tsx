import { type PublicUser, ROLE_LABELS, ROLES, type Role, STORE_ROLES, userRoleBody } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { storesQueryOptions } from '../../../../api/stores';
import { setUserRoleMutation } from '../../../../api/users';
import { FormAlert } from '../../../../components/ui/form-alert';
import { FormModal } from '../../../../components/ui/form-modal';
import { Select } from '../../../../components/ui/select';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';

const ROLE_CHOICES: Role[] = [ROLES.customer, ROLES.professional, ROLES.reception, ROLES.manager, ROLES.admin];
const isStoreRole = (role: string) => (STORE_ROLES as readonly string[]).includes(role);

interface UserRoleModalProps {
  user: PublicUser;
  onClose: () => void;
}

/** 'Perfil' (owner): the account's role and, for gerente, atendente and profissional, the stores they work in. */
export function UserRoleModal({ user, onClose }: UserRoleModalProps) {
  const save = useMutation(setUserRoleMutation(user.id));
  const stores = useQuery(storesQueryOptions());
  const form = useSchemaForm({
    schema: userRoleBody,
    initialValues: { role: user.role, storeIds: [] as number[] },
    toInput: ({ role, storeIds }) => ({ role: role as Role, storeIds: isStoreRole(role) ? storeIds : [] }),
    submit: (body) => save.mutateAsync(body),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Perfil atualizado.');
      onClose();
    },
    errorMessage: 'Erro ao mudar o perfil.',
  });
  const { values } = form;
  const toggle = (id: number, on: boolean) =>
    form.set({ storeIds: on ? [...values.storeIds, id] : values.storeIds.filter((storeId) => storeId !== id) });
  return (
    <FormModal
      title={`Perfil de ${user.name}`}
      form={form}
      onClose={onClose}
      className="user-form-modal__form"
      alert={stores.isError ? 'Erro ao carregar as lojas.' : undefined}
    >
      <Select
        label="Perfil"
        name="role"
        value={values.role}
        onChange={(event) => form.set({ role: event.target.value })}
        error={form.errors.role}
      >
        {ROLE_CHOICES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
      {isStoreRole(values.role) && (
        <fieldset className="user-form-modal__stores">
          <legend>Lojas</legend>
          {(stores.data ?? []).map((store) => (
            <label key={store.id}>
              <input
                type="checkbox"
                checked={values.storeIds.includes(store.id)}
                onChange={(event) => toggle(store.id, event.target.checked)}
              />{' '}
              {store.name}
            </label>
          ))}
          <FormAlert message={form.errors.storeIds} />
        </fieldset>
      )}
    </FormModal>
  );
}
