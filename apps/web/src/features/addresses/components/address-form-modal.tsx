import type { AddressView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveAddressMutation } from '../../../api/addresses';
import { citiesQueryOptions, statesQueryOptions } from '../../../api/locations';
import { CepField } from '../../../components/ui/cep-field';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import './address-form-modal.css';

const REQUIRED_MESSAGE = 'Todos os campos obrigatórios devem ser preenchidos.';

interface AddressFormModalProps {
  /** Absent: add mode; present: edit mode. */
  address?: AddressView | undefined;
  onClose: () => void;
}

const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** Add and edit in one form: a typed CEP fills street, district, state and city; the city list follows the state. */
export function AddressFormModal({ address, onClose }: AddressFormModalProps) {
  const save = useMutation(saveAddressMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.addressBody,
    initialValues: {
      cep: address?.cep ?? '',
      street: address?.street ?? '',
      number: address?.number ?? '',
      complement: address?.complement ?? '',
      district: address?.district ?? '',
      stateId: address ? String(address.stateId) : '',
      cityId: address ? String(address.cityId) : '',
    },
    check: ({ cep, street, number, district, stateId, cityId }) =>
      [cep, street, number, district, stateId, cityId].some((value) => value.trim() === '') ? REQUIRED_MESSAGE : null,
    toInput: ({ stateId, cityId, ...values }) => ({ ...values, state_id: Number(stateId), city_id: Number(cityId) }),
    submit: (body) => save.mutateAsync({ id: address?.id, body }),
    onSuccess: () => {
      toast.success(address ? 'Endereço atualizado com sucesso!' : 'Endereço cadastrado com sucesso!');
      onClose();
    },
    // SPEC section 8 keeps this fallback text as it stands.
    errorMessage: 'Erro ao realizar login.',
    report: { alert: false },
  });
  const { values, errors } = form;
  const states = useQuery(statesQueryOptions());
  const cities = useQuery(citiesQueryOptions(idOrUndefined(values.stateId)));

  const loadError = states.isError
    ? 'Erro ao buscar dados. Tente novamente.'
    : cities.isError
      ? 'Erro ao buscar cidades. Tente novamente.'
      : null;

  const cityPlaceholder =
    values.stateId === '' ? 'Escolha um estado primeiro' : cities.isPending ? 'Carregando...' : 'Selecione a cidade';

  return (
    <FormModal
      title={address ? 'Editar Endereço' : 'Adicionar Endereço'}
      form={form}
      onClose={onClose}
      className="address-form-modal__form"
      alert={loadError}
    >
      <CepField
        value={values.cep}
        error={errors.cep}
        onChange={(digits) => form.set({ cep: digits })}
        onFound={(address) => form.set(address)}
      />
      <TextField label="Rua" autoComplete="address-line1" maxLength={160} required {...form.field('street')} />
      <div className="address-form-modal__row">
        <TextField label="Número" maxLength={20} required {...form.field('number')} />
        <TextField label="Complemento" maxLength={120} {...form.field('complement')} />
      </div>
      <TextField label="Bairro" maxLength={80} required {...form.field('district')} />
      <Select
        label="Estado"
        name="state"
        required
        placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
        value={values.stateId}
        onChange={(event) => form.set({ stateId: event.target.value, cityId: '' })}
        error={errors.state_id}
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
        onChange={(event) => form.set({ cityId: event.target.value })}
        error={errors.city_id}
      >
        {cities.data?.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </Select>
    </FormModal>
  );
}
