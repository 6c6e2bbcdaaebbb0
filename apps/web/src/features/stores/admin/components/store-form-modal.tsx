import { type StoreView, storeBody, storeCreateBody } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { citiesQueryOptions, statesQueryOptions } from '../../../../api/locations';
import { saveStoreMutation } from '../../../../api/stores';
import { CepField } from '../../../../components/ui/cep-field';
import { FormModal } from '../../../../components/ui/form-modal';
import { MaskedField } from '../../../../components/ui/masked-field';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import './store-form-modal.css';

interface StoreFormModalProps {
  /** Absent: 'Adicionar loja' (open Monday to Saturday, 08:00–18:00, until its hours are set). */
  store?: StoreView | undefined;
  onClose: () => void;
}

const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** A store's name, address (a typed CEP fills it as in the customer's address form; checked by the server as an address is), phone, pickup and whether it is open to customers. */
export function StoreFormModal({ store, onClose }: StoreFormModalProps) {
  const save = useMutation(saveStoreMutation());
  const form = useSchemaForm({
    schema: store ? storeBody : storeCreateBody,
    initialValues: {
      name: store?.name ?? '',
      cep: store?.cep ?? '',
      street: store?.street ?? '',
      number: store?.number ?? '',
      district: store?.district ?? '',
      stateId: store?.state_id ? String(store.state_id) : '',
      cityId: store?.city_id ? String(store.city_id) : '',
      phone: store?.phone ?? '',
      pickup: store ? (store.pickup ? 'sim' : 'nao') : 'sim',
      active: store ? (store.active ? 'sim' : 'nao') : 'sim',
    },
    toInput: ({ stateId, cityId, pickup, active, ...values }) => ({
      ...values,
      state_id: stateId === '' ? Number.NaN : Number(stateId),
      city_id: cityId === '' ? Number.NaN : Number(cityId),
      pickup: pickup === 'sim',
      active: active === 'sim',
    }),
    submit: (body) => save.mutateAsync({ id: store?.id, body }),
    onSuccess: ({ message }) => {
      toast.success(message ?? (store ? 'Loja atualizada com sucesso!' : 'Loja cadastrada com sucesso!'));
      onClose();
    },
    errorMessage: store ? 'Erro ao atualizar a loja.' : 'Erro ao cadastrar a loja.',
  });
  const { values, errors } = form;
  const states = useQuery(statesQueryOptions());
  const cities = useQuery(citiesQueryOptions(idOrUndefined(values.stateId)));
  const cityPlaceholder =
    values.stateId === '' ? 'Escolha um estado primeiro' : cities.isPending ? 'Carregando...' : 'Selecione a cidade';

  return (
    <FormModal
      title={store ? 'Editar loja' : 'Adicionar loja'}
      form={form}
      onClose={onClose}
      className="store-form-modal__form"
      alert={states.isError || cities.isError ? 'Erro ao buscar estados e cidades. Tente novamente.' : null}
    >
      <TextField label="Nome" maxLength={80} required {...form.field('name')} />
      <CepField
        value={values.cep}
        error={errors.cep}
        onChange={(digits) => form.set({ cep: digits })}
        onFound={(address) => form.set(address)}
      />
      <TextField label="Rua" maxLength={160} required {...form.field('street')} />
      <div className="store-form-modal__row">
        <TextField label="Número" maxLength={20} required {...form.field('number')} />
        <TextField label="Bairro" maxLength={80} required {...form.field('district')} />
      </div>
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
      <MaskedField label="Telefone" mask="phone" required {...form.field('phone')} />
      <div className="store-form-modal__row">
        <Select label="Retirada de pedidos" {...form.field('pickup')}>
          <option value="sim">Sim</option>
          <option value="nao">Não</option>
        </Select>
        <Select
          label="Atende clientes"
          hint={store?.main ? 'A loja principal fica sempre ativa.' : undefined}
          disabled={store?.main}
          {...form.field('active')}
        >
          <option value="sim">Sim (ativa)</option>
          <option value="nao">Não (inativa)</option>
        </Select>
      </div>
    </FormModal>
  );
}
