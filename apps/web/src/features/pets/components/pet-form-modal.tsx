import { PET_AGE_MAX, PET_SIZES, PET_SPECIES, type PetView, petBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useSavePet } from '../api/save-pet';
import './pet-form-modal.css';

const FORM_ID = 'pet-form';

interface PetFormModalProps {
  /** Absent: 'Cadastrar Pet'; present: 'Atualizar Pet'. */
  pet?: PetView | undefined;
  onClose: () => void;
}

/** Species defaults to Cachorro and size to Médio (SPEC section 5). */
export function PetFormModal({ pet, onClose }: PetFormModalProps) {
  const save = useSavePet();
  const [values, setValues] = useState({
    name: pet?.name ?? '',
    age: pet ? String(pet.age) : '',
    specie: pet?.specie ?? 'Cachorro',
    size: pet?.size ?? 'Médio',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const age = values.age.trim() === '' ? undefined : Number(values.age);
    const parsed = petBody.safeParse({ ...values, age });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    save.mutate(
      { id: pet?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(pet ? 'Pet atualizado com sucesso!' : 'Pet cadastrado com sucesso!');
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          toast.error(messageOf(error, 'Erro ao salvar pet. Tente novamente.'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={pet ? 'Atualizar Pet' : 'Cadastrar Pet'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={save.isPending}>
            {pet ? 'Atualizar' : 'Cadastrar'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="pet-form-modal__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Nome"
          name="name"
          maxLength={60}
          required
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={fieldErrors.name}
        />
        <TextField
          label="Idade"
          name="age"
          type="number"
          inputMode="numeric"
          min={0}
          max={PET_AGE_MAX}
          step={1}
          required
          value={values.age}
          onChange={(event) => setValues({ ...values, age: event.target.value })}
          error={fieldErrors.age}
        />
        <Select
          label="Espécie"
          name="specie"
          value={values.specie}
          onChange={(event) => setValues({ ...values, specie: event.target.value as PetView['specie'] })}
          error={fieldErrors.specie}
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
          onChange={(event) => setValues({ ...values, size: event.target.value as PetView['size'] })}
          error={fieldErrors.size}
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
