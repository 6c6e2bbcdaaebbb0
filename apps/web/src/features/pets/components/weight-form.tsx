import { businessToday, PET_WEIGHT_MAX_KG } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { addWeightMutation } from '../../../api/pet-health';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import { HealthForm } from './health-form';

/** Accepts '12,35' as well as '12.35'. */
const toKg = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

export function WeightForm({ petId }: { petId: number }) {
  const add = useMutation(addWeightMutation(petId));
  const initial = { kg: '', measuredOn: businessToday() };
  const form = useSchemaForm({
    schema: (schemas) => schemas.weightBody,
    initialValues: initial,
    toInput: (values) => ({ ...values, kg: toKg(values.kg) }),
    submit: (body) => add.mutateAsync(body),
    onSuccess: () => {
      toast.success('Peso registrado com sucesso!');
      form.set({ kg: '' });
    },
    errorMessage: 'Erro ao registrar peso. Tente novamente.',
    report: { alert: false },
  });
  return (
    <HealthForm label="Registrar peso" form={form}>
      <TextField
        label="Peso (kg)"
        inputMode="decimal"
        hint={`Até ${PET_WEIGHT_MAX_KG} kg, com até 2 casas decimais.`}
        required
        {...form.field('kg')}
      />
      <TextField label="Pesado em" type="date" max={businessToday()} required {...form.field('measuredOn')} />
    </HealthForm>
  );
}
