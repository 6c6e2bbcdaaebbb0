import { type Employee, ROLE_LABELS, ROLES, type StoreRole, staffInviteBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { inviteEmployeeMutation } from '../../../../api/employees';
import { FormModal } from '../../../../components/ui/form-modal';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';

interface EmployeeInviteModalProps {
  employee: Employee;
  onClose: () => void;
}

/** The roles a caller may give: the owner any store role, a manager the roles below theirs. */
const rolesFor = (role: string | undefined): StoreRole[] =>
  role === ROLES.admin ? [ROLES.professional, ROLES.reception, ROLES.manager] : [ROLES.professional, ROLES.reception];

/** 'Convidar': the employee's e-mail and role; the server e-mails a link to create the password (72 h). */
export function EmployeeInviteModal({ employee, onClose }: EmployeeInviteModalProps) {
  const invite = useMutation(inviteEmployeeMutation(employee.id));
  const roles = rolesFor(useSession().user?.role);
  const form = useSchemaForm({
    schema: staffInviteBody,
    initialValues: { email: '', role: ROLES.professional as string },
    toInput: ({ email, role }) => ({ email, role: role as StoreRole }),
    submit: (body) => invite.mutateAsync(body),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Convite enviado por e-mail.');
      onClose();
    },
    errorMessage: 'Erro ao enviar o convite.',
  });
  return (
    <FormModal
      title={`Convidar ${employee.name}`}
      description="A pessoa recebe por e-mail um link para criar a senha (vale 72 horas, uso único) e entra com o perfil escolhido."
      form={form}
      onClose={onClose}
      className="employee-form-modal__form"
      submitLabel="Enviar convite"
    >
      <TextField label="E-mail" type="email" autoComplete="off" {...form.field('email')} />
      <Select
        label="Perfil"
        name="role"
        value={form.values.role}
        onChange={(event) => form.set({ role: event.target.value })}
        error={form.errors.role}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
    </FormModal>
  );
}
