import { type AddressView, addressBody } from '@petshop/domain';
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
import { useCities } from '../api/get-cities';
import { useStates } from '../api/get-states';
import { useSaveAddress } from '../api/save-address';
import './address-form-modal.css';

const FORM_ID = 'address-form';
const REQUIRED_MESSAGE = 'Todos os campos obrigatórios devem ser preenchidos.';

interface AddressFormModalProps {
  /** Absent: add mode; present: edit mode. */
  address?: AddressView | undefined;
  onClose: () => void;
}

const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** Add and edit in one form: the city list is loaded for the chosen state. */
export function AddressFormModal({ address, onClose }: AddressFormModalProps) {
  const save = useSaveAddress();
  const [values, setValues] = useState({
    cep: address?.cep ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    stateId: address ? String(address.stateId) : '',
    cityId: address ? String(address.cityId) : '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const states = useStates();
  const cities = useCities(idOrUndefined(values.stateId));

  const loadError = states.isError
    ? 'Erro ao buscar dados. Tente novamente.'
    : cities.isError
      ? 'Erro ao buscar cidades. Tente novamente.'
      : null;

  const cityPlaceholder =
    values.stateId === '' ? 'Escolha um estado primeiro' : cities.isPending ? 'Carregando...' : 'Selecione a cidade';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors({});
    const { cep, number, complement, stateId, cityId } = values;
    if (cep === '' || number.trim() === '' || stateId === '' || cityId === '') {
      setFormError(REQUIRED_MESSAGE);
      return;
    }
    setFormError(null);
    const parsed = addressBody.safeParse({
      cep,
      number,
      complement,
      state_id: Number(stateId),
      city_id: Number(cityId),
    });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(
      { id: address?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(address ? 'Endereço atualizado com sucesso!' : 'Endereço cadastrado com sucesso!');
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          // SPEC section 8 keeps this fallback text as it stands.
          toast.error(messageOf(error, 'Erro ao realizar login.'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={address ? 'Editar Endereço' : 'Adicionar Endereço'}
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
      <form id={FORM_ID} className="address-form-modal__form" onSubmit={onSubmit} noValidate>
        <MaskedField
          label="CEP"
          mask="cep"
          name="cep"
          autoComplete="postal-code"
          required
          value={values.cep}
          onValueChange={(cep) => setValues((current) => ({ ...current, cep }))}
          error={fieldErrors.cep}
        />
        <div className="address-form-modal__row">
          <TextField
            label="Número"
            name="number"
            maxLength={20}
            required
            value={values.number}
            onChange={(event) => setValues({ ...values, number: event.target.value })}
            error={fieldErrors.number}
          />
          <TextField
            label="Complemento"
            name="complement"
            maxLength={120}
            value={values.complement}
            onChange={(event) => setValues({ ...values, complement: event.target.value })}
            error={fieldErrors.complement}
          />
        </div>
        <Select
          label="Estado"
          name="state"
          required
          placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
          value={values.stateId}
          onChange={(event) => setValues({ ...values, stateId: event.target.value, cityId: '' })}
          error={fieldErrors.state_id}
        >
          {states.data?.map((state) => (
            <option key={state.id} value={state.id}>
              {state.name} ({state.uf})
            </option>
          ))}
        </Select>
        <Select
          label="Cidade"
          name="city"
          required
          disabled={values.stateId === '' || cities.isPending}
          placeholder={cityPlaceholder}
          value={values.cityId}
          onChange={(event) => setValues({ ...values, cityId: event.target.value })}
          error={fieldErrors.city_id}
        >
          {cities.data?.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </Select>
        <FormAlert message={loadError ?? formError} />
      </form>
    </Modal>
  );
}
