import { PLAN_FREQUENCIES, PLAN_FREQUENCY_LABELS, type PlanView } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { savePlanMutation } from '../../../../api/plans';
import { type ServiceOfferFields, ServiceOfferForm } from '../../../../components/service-offer/service-offer-form';
import { MoneyField } from '../../../../components/ui/money-field';
import { Select } from '../../../../components/ui/select';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

/** Creates a plan, or edits `plan` (a change applies to new subscriptions). */
export function PlanForm({ plan, onDone }: { plan?: PlanView | undefined; onDone: () => void }) {
  const save = useMutation(savePlanMutation());
  const [offer, setOffer] = useState<ServiceOfferFields>({
    name: plan?.name ?? '',
    serviceId: plan ? String(plan.serviceId) : '',
    size: plan?.size ?? 'Médio',
    active: plan?.active ?? true,
  });
  const [frequency, setFrequency] = useState<string>(plan?.frequency ?? 'SEMANAL');
  const [price, setPrice] = useState(plan ? String(plan.price) : '');
  const submit = () =>
    save.mutate(
      {
        id: plan?.id,
        body: {
          name: offer.name,
          serviceId: Number(offer.serviceId),
          size: offer.size as PlanView['size'],
          frequency: frequency as PlanView['frequency'],
          price: Number(price),
          active: offer.active,
        },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Plano salvo.');
          onDone();
        },
      },
    );
  return (
    <ServiceOfferForm
      label={plan ? `Editar ${plan.name}` : 'Novo plano'}
      values={offer}
      onChange={(patch) => setOffer((current) => ({ ...current, ...patch }))}
      saving={save.isPending}
      error={save.isError ? messageOf(save.error, 'Não foi possível salvar o plano.') : null}
      onSubmit={submit}
      onCancel={onDone}
    >
      <Select label="Frequência" value={frequency} onValueChange={setFrequency}>
        {PLAN_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {PLAN_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
      <MoneyField label="Preço por ciclo" required value={price} onValueChange={setPrice} />
    </ServiceOfferForm>
  );
}
