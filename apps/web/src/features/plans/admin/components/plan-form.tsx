import { PET_SIZES, PLAN_FREQUENCIES, PLAN_FREQUENCY_LABELS, type PlanView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { savePlanMutation } from '../../../../api/plans';
import { allServicesQueryOptions } from '../../../../api/services';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { MoneyField } from '../../../../components/ui/money-field';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

/** Creates a plan, or edits `plan` (a change applies to new subscriptions). */
export function PlanForm({ plan, onDone }: { plan?: PlanView | undefined; onDone: () => void }) {
  const services = useQuery(allServicesQueryOptions());
  const save = useMutation(savePlanMutation());
  const [name, setName] = useState(plan?.name ?? '');
  const [serviceId, setServiceId] = useState(plan ? String(plan.serviceId) : '');
  const [size, setSize] = useState<string>(plan?.size ?? 'Médio');
  const [frequency, setFrequency] = useState<string>(plan?.frequency ?? 'SEMANAL');
  const [price, setPrice] = useState(plan ? String(plan.price) : '');
  const [active, setActive] = useState(plan?.active ?? true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: plan?.id,
        body: {
          name,
          serviceId: Number(serviceId),
          size: size as PlanView['size'],
          frequency: frequency as PlanView['frequency'],
          price: Number(price),
          active,
        },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Plano salvo.');
          onDone();
        },
      },
    );
  };
  return (
    <form className="admin-plans__form" onSubmit={submit} aria-label={plan ? `Editar ${plan.name}` : 'Novo plano'}>
      <TextField label="Nome" required maxLength={120} value={name} onValueChange={setName} />
      <Select label="Serviço" required value={serviceId} onValueChange={setServiceId} placeholder="Selecione">
        {(services.data ?? []).map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </Select>
      <Select label="Porte" value={size} onValueChange={setSize}>
        {PET_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select label="Frequência" value={frequency} onValueChange={setFrequency}>
        {PLAN_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {PLAN_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
      <MoneyField label="Preço por ciclo" required value={price} onValueChange={setPrice} />
      <label className="admin-plans__check">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /> Ativo (aparece
        na página de serviços)
      </label>
      {save.isError && <FormAlert message={messageOf(save.error, 'Não foi possível salvar o plano.')} />}
      <div className="admin-plans__form-actions">
        <Button type="submit" loading={save.isPending}>
          Salvar
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
