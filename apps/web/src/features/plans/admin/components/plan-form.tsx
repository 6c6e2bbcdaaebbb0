import { PLAN_FREQUENCIES, PLAN_FREQUENCY_LABELS, type PlanView, planBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { savePlanMutation } from '../../../../api/plans';
import { type ServiceOfferFields, ServiceOfferForm } from '../../../../components/service-offer/service-offer-form';
import { MoneyField } from '../../../../components/ui/money-field';
import { Select } from '../../../../components/ui/select';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';

/** Empty text stays NaN so the schema answers with its own "informe" message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The offer's fields and the plan's own, as the inputs hold them; the schema checks the choices. */
interface PlanFormValues extends ServiceOfferFields {
  frequency: string;
  price: string;
}

/** Creates a plan, or edits `plan` (a change applies to new subscriptions). */
export function PlanForm({ plan, onDone }: { plan?: PlanView | undefined; onDone: () => void }) {
  const save = useMutation(savePlanMutation());
  const initialValues: PlanFormValues = {
    name: plan?.name ?? '',
    serviceId: plan ? String(plan.serviceId) : '',
    size: plan?.size ?? 'Médio',
    active: plan?.active ?? true,
    frequency: plan?.frequency ?? 'SEMANAL',
    price: plan ? String(plan.price) : '',
  };
  const form = useSchemaForm({
    schema: planBody,
    initialValues,
    toInput: ({ serviceId, price, ...rest }) => ({ ...rest, serviceId: numberOf(serviceId), price: numberOf(price) }),
    issues: 'form',
    submit: (body) => save.mutateAsync({ id: plan?.id, body }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Plano salvo.');
      onDone();
    },
    errorMessage: 'Não foi possível salvar o plano.',
    report: { toast: false },
  });
  return (
    <ServiceOfferForm
      label={plan ? `Editar ${plan.name}` : 'Novo plano'}
      values={form.values}
      onChange={form.set}
      saving={form.submitting}
      error={form.formError}
      onSubmit={form.onSubmit}
      onCancel={onDone}
    >
      <Select label="Frequência" {...form.field('frequency')}>
        {PLAN_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {PLAN_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
      <MoneyField label="Preço por ciclo" required {...form.field('price')} />
    </ServiceOfferForm>
  );
}
