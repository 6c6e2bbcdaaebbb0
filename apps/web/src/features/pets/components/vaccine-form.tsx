import { businessToday, VACCINE_NAME_MAX } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { addVaccineMutation } from '../../../api/pet-health';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import { HealthForm } from './health-form';

const EMPTY = { name: '', appliedOn: '', nextDueOn: '' };

/** Adds a vaccine to the card; the next dose is optional. */
export function VaccineForm({ petId }: { petId: number }) {
  const add = useMutation(addVaccineMutation(petId));
  const form = useSchemaForm({
    schema: (schemas) => schemas.vaccineBody,
    initialValues: EMPTY,
    toInput: (values) => ({ ...values, nextDueOn: values.nextDueOn || null }),
    submit: (body) => add.mutateAsync(body),
    onSuccess: () => {
      toast.success('Vacina registrada com sucesso!');
      form.set(EMPTY);
    },
    errorMessage: 'Erro ao registrar vacina. Tente novamente.',
    report: { alert: false },
  });
  const { values } = form;
  return (
    <HealthForm label="Registrar vacina" form={form}>
      <TextField label="Vacina" maxLength={VACCINE_NAME_MAX} required {...form.field('name')} />
      <TextField label="Aplicada em" type="date" max={businessToday()} required {...form.field('appliedOn')} />
      <TextField
        label="Próxima dose (opcional)"
        type="date"
        min={values.appliedOn || undefined}
        {...form.field('nextDueOn')}
      />
    </HealthForm>
  );
}
