import { businessToday, PET_BREED_MAX, PET_NOTES_MAX, type PetView } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { savePetMutation } from '../../../api/pets';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import { HealthForm } from './health-form';

interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function TextAreaField({ label, name, value, error, onChange }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <textarea
          className="field__control health-form__textarea"
          name={name}
          rows={3}
          maxLength={PET_NOTES_MAX}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...control}
        />
      )}
    </Field>
  );
}

/** Breed, birth date, allergies and notes, saved with the pet (PUT /pets/{id}). */
export function PetProfileForm({ pet }: { pet: PetView }) {
  const save = useMutation(savePetMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.petBody,
    initialValues: {
      breed: pet.breed ?? '',
      birthDate: pet.birthDate ?? '',
      allergies: pet.allergies,
      notes: pet.notes,
    },
    toInput: (values) => ({
      name: pet.name,
      age: pet.age,
      specie: pet.specie,
      size: pet.size,
      ...values,
      birthDate: values.birthDate || null,
    }),
    submit: (body) => save.mutateAsync({ id: pet.id, body }),
    onSuccess: () => toast.success('Pet atualizado com sucesso!'),
    errorMessage: 'Erro ao salvar pet. Tente novamente.',
    report: { alert: false },
  });
  const { values, errors } = form;
  return (
    <Card title="Dados de saúde" titleId="pet-health-profile">
      <HealthForm label="Dados de saúde" submitLabel="Salvar dados de saúde" form={form}>
        <TextField label="Raça (opcional)" maxLength={PET_BREED_MAX} {...form.field('breed')} />
        <TextField
          label="Data de nascimento (opcional)"
          type="date"
          max={businessToday()}
          {...form.field('birthDate')}
        />
        <TextAreaField
          label="Alergias"
          name="allergies"
          value={values.allergies}
          error={errors.allergies}
          onChange={(allergies) => form.set({ allergies })}
        />
        <TextAreaField
          label="Observações"
          name="notes"
          value={values.notes}
          error={errors.notes}
          onChange={(notes) => form.set({ notes })}
        />
      </HealthForm>
    </Card>
  );
}
