import { businessToday, PET_AGE_MAX, PET_SIZES, PET_SPECIES, type PetBody, type PetView } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { savePetMutation } from '../../../api/pets';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import './pet-form-modal.css';

const FORM_ID = 'pet-form';

interface PetFormModalProps {
  /** Absent: 'Cadastrar Pet'; present: 'Atualizar Pet'. */
  pet?: PetView | undefined;
  onClose: () => void;
  /** Saves a new pet elsewhere than the caller's own list (staff registering one for a customer). */
  create?: ((body: PetBody) => Promise<{ data: PetView }>) | undefined;
  /** The pet as saved, before the dialog closes. */
  onSaved?: ((pet: PetView) => void) | undefined;
}

/** Species defaults to Cachorro and size to Médio (SPEC section 5). */
export function PetFormModal({ pet, onClose, create, onSaved }: PetFormModalProps) {
  const save = useMutation(savePetMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.petBody,
    initialValues: {
      name: pet?.name ?? '',
      age: pet ? String(pet.age) : '',
      birthDate: pet?.birthDate ?? '',
      specie: pet?.specie ?? 'Cachorro',
      size: pet?.size ?? 'Médio',
    },
    toInput: ({ birthDate, ...values }) => ({
      ...values,
      age: values.age.trim() === '' ? undefined : Number(values.age),
      // Left empty: not sent (a new pet has none); emptied on a pet that had one: cleared.
      ...(birthDate ? { birthDate } : pet?.birthDate ? { birthDate: null } : {}),
    }),
    submit: (body) => (create && !pet ? create(body) : save.mutateAsync({ id: pet?.id, body })),
    onSuccess: (response) => {
      onSaved?.(response.data);
      toast.success(pet ? 'Pet atualizado com sucesso!' : 'Pet cadastrado com sucesso!');
      onClose();
    },
    errorMessage: 'Erro ao salvar pet. Tente novamente.',
    report: { alert: false },
  });
  const { values, errors } = form;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={pet ? 'Atualizar Pet' : 'Cadastrar Pet'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={form.submitting}>
            {pet ? 'Atualizar' : 'Cadastrar'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="pet-form-modal__form" onSubmit={form.onSubmit} noValidate>
        <TextField label="Nome" maxLength={60} required {...form.field('name')} />
        <TextField
          label="Idade"
          type="number"
          inputMode="numeric"
          min={0}
          max={PET_AGE_MAX}
          step={1}
          required={!values.birthDate}
          hint="Em anos completos. Com a data de nascimento, pode ficar em branco."
          {...form.field('age')}
        />
        <TextField
          label="Data de nascimento (opcional)"
          type="date"
          max={businessToday()}
          {...form.field('birthDate')}
        />
        <Select
          label="Espécie"
          name="specie"
          value={values.specie}
          onChange={(event) => form.set({ specie: event.target.value as PetView['specie'] })}
          error={errors.specie}
        >
          {PET_SPECIES.map((specie) => (
            <option key={specie} value={specie}>
              {specie}
            </option>
          ))}
        </Select>
        <Select
          label="Porte"
          name="size"
          value={values.size}
          onChange={(event) => form.set({ size: event.target.value as PetView['size'] })}
          error={errors.size}
        >
          {PET_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </form>
    </Modal>
  );
}
