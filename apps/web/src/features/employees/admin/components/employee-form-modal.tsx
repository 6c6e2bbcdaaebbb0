import { type Employee, employeeBody } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveEmployeeMutation } from '../../../../api/employees';
import { allServicesQueryOptions } from '../../../../api/services';
import { FormAlert } from '../../../../components/ui/form-alert';
import { FormModal } from '../../../../components/ui/form-modal';
import { MaskedField } from '../../../../components/ui/masked-field';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import './employee-form-modal.css';

interface EmployeeFormModalProps {
  /** Absent: 'Adicionar Funcionário'. */
  employee?: Employee | undefined;
  onClose: () => void;
}

export function EmployeeFormModal({ employee, onClose }: EmployeeFormModalProps) {
  const save = useMutation(saveEmployeeMutation());
  const services = useQuery(allServicesQueryOptions());
  const form = useSchemaForm({
    schema: employeeBody,
    initialValues: {
      name: employee?.name ?? '',
      phone: employee?.phone ?? '',
      position: employee?.position ?? '',
      serviceId: employee ? String(employee.service_id) : '',
    },
    toInput: ({ serviceId, ...values }) => ({
      ...values,
      service_id: serviceId === '' ? Number.NaN : Number(serviceId),
    }),
    submit: (body) => save.mutateAsync({ id: employee?.id, body }),
    onSuccess: ({ message }) => {
      toast.success(
        employee ? (message ?? 'Funcionário atualizado com sucesso!') : 'Funcionário cadastrado com sucesso!',
      );
      onClose();
    },
    errorMessage: employee ? 'Erro ao atualizar funcionário.' : 'Erro ao criar funcionário.',
  });
  const { values, errors } = form;

  const serviceList = services.data ?? [];
  return (
    <FormModal
      title={employee ? 'Editar Funcionário' : 'Adicionar Funcionário'}
      form={form}
      onClose={onClose}
      className="employee-form-modal__form"
    >
      <TextField label="Nome" {...form.field('name')} />
      <MaskedField label="Telefone" mask="phone" {...form.field('phone')} />
      <TextField label="Cargo" {...form.field('position')} />
      <Select
        label="Serviço"
        name="serviceId"
        value={values.serviceId}
        onChange={(event) => form.set({ serviceId: event.target.value })}
        error={errors.service_id}
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
    </FormModal>
  );
}
