import { type Employee, employeeBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { MaskedField } from '../../../components/ui/masked-field';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useAllServices } from '../api/get-services';
import { useSaveEmployee } from '../api/save-employee';
import './employee-form-modal.css';

const FORM_ID = 'admin-employee-form';

interface EmployeeFormModalProps {
  /** Absent: 'Adicionar Funcionário'. */
  employee?: Employee | undefined;
  onClose: () => void;
}

export function EmployeeFormModal({ employee, onClose }: EmployeeFormModalProps) {
  const save = useSaveEmployee();
  const services = useAllServices();
  const [values, setValues] = useState({
    name: employee?.name ?? '',
    phone: employee?.phone ?? '',
    position: employee?.position ?? '',
    serviceId: employee ? String(employee.service_id) : '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fallback = employee ? 'Erro ao atualizar funcionário.' : 'Erro ao criar funcionário.';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = employeeBody.safeParse({
      name: values.name,
      phone: values.phone,
      position: values.position,
      service_id: values.serviceId === '' ? Number.NaN : Number(values.serviceId),
    });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    save.mutate(
      { id: employee?.id, body: parsed.data },
      {
        onSuccess: ({ message }) => {
          toast.success(
            employee ? (message ?? 'Funcionário atualizado com sucesso!') : 'Funcionário cadastrado com sucesso!',
          );
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          const text = messageOf(error, fallback);
          setFormError(text);
          toast.error(text);
        },
      },
    );
  };

  const serviceList = services.data ?? [];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={employee ? 'Editar Funcionário' : 'Adicionar Funcionário'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={save.isPending}>
            Salvar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="employee-form-modal__form" onSubmit={onSubmit} noValidate>
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
          label="Cargo"
          name="position"
          value={values.position}
          onChange={(event) => setValues({ ...values, position: event.target.value })}
          error={fieldErrors.position}
        />
        <Select
          label="Serviço"
          name="serviceId"
          value={values.serviceId}
          onChange={(event) => setValues({ ...values, serviceId: event.target.value })}
          error={fieldErrors.service_id}
        >
          {services.isPending ? (
            <option value="">Carregando...</option>
          ) : serviceList.length === 0 ? (
            <option value="">Nenhum serviço disponível</option>
          ) : (
            <>
              <option value="" disabled>
                Selecione
              </option>
              {serviceList.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </>
          )}
        </Select>
        {services.isError && <FormAlert message="Erro ao carregar serviços." />}
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
