import { PET_SIZES } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { allServicesQueryOptions } from '../../api/services';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/form-alert';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import './service-offer-form.css';

/** What a package and a plan both are: a named offer of one service, for a pet size, on sale or not. */
export interface ServiceOfferFields {
  name: string;
  /** the chosen service's id, '' until one is chosen */
  serviceId: string;
  size: string;
  active: boolean;
}

interface ServiceOfferFormProps {
  /** the form's accessible name ('Novo pacote', 'Editar 4 banhos') */
  label: string;
  values: ServiceOfferFields;
  onChange: (patch: Partial<ServiceOfferFields>) => void;
  /** a first size choice for an offer that fits every size ('Todos os portes') */
  anySize?: { value: string; label: string } | undefined;
  saving: boolean;
  /** why the last save failed, worded for the owner; null when it did not */
  error: string | null;
  /** the form's submit (a `useSchemaForm`'s `onSubmit`) */
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** the offer's own fields, between the size and the active box (credits, frequency, price) */
  children: ReactNode;
}

/** The owner's form for a package or a plan: name, service, size, its own fields, 'Ativo', save and cancel. */
export function ServiceOfferForm({
  label,
  values,
  onChange,
  anySize,
  saving,
  error,
  onSubmit,
  onCancel,
  children,
}: ServiceOfferFormProps) {
  const services = useQuery(allServicesQueryOptions());
  return (
    <form className="service-offer-form" aria-label={label} onSubmit={onSubmit}>
      <TextField
        label="Nome"
        required
        maxLength={120}
        value={values.name}
        onValueChange={(name) => onChange({ name })}
      />
      <Select
        label="Serviço"
        required
        value={values.serviceId}
        onValueChange={(serviceId) => onChange({ serviceId })}
        placeholder="Selecione"
      >
        {(services.data ?? []).map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </Select>
      <Select label="Porte" value={values.size} onValueChange={(size) => onChange({ size })}>
        {anySize && <option value={anySize.value}>{anySize.label}</option>}
        {PET_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
      {children}
      <label className="service-offer-form__check">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => onChange({ active: event.target.checked })}
        />{' '}
        Ativo (aparece na página de serviços)
      </label>
      {error !== null && <FormAlert message={error} />}
      <div className="service-offer-form__actions">
        <Button type="submit" loading={saving}>
          Salvar
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
