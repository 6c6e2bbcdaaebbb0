import { businessToday, VACCINE_NAME_MAX, vaccineBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { addVaccineMutation } from '../../../api/pet-health';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { HealthForm } from './health-form';

const EMPTY = { name: '', appliedOn: '', nextDueOn: '' };

/** Adds a vaccine to the card; the next dose is optional. */
export function VaccineForm({ petId }: { petId: number }) {
  const add = useMutation(addVaccineMutation(petId));
  const form = useSchemaForm({
    schema: vaccineBody,
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
  const { values, errors } = form;
  return (
    <HealthForm label="Registrar vacina" form={form}>
      <TextField
        label="Vacina"
        name="name"
        maxLength={VACCINE_NAME_MAX}
        required
        value={values.name}
        onChange={(event) => form.set({ name: event.target.value })}
        error={errors.name}
      />
      <TextField
        label="Aplicada em"
        name="appliedOn"
        type="date"
        max={businessToday()}
        required
        value={values.appliedOn}
        onChange={(event) => form.set({ appliedOn: event.target.value })}
        error={errors.appliedOn}
      />
      <TextField
        label="Próxima dose (opcional)"
        name="nextDueOn"
        type="date"
        min={values.appliedOn || undefined}
        value={values.nextDueOn}
        onChange={(event) => form.set({ nextDueOn: event.target.value })}
        error={errors.nextDueOn}
      />
    </HealthForm>
  );
}
