import { type PackageView, packageBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { savePackageMutation } from '../../../../api/packages';
import { ServiceOfferForm } from '../../../../components/service-offer/service-offer-form';
import { MoneyField } from '../../../../components/ui/money-field';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';

const ANY_SIZE = { value: 'todos', label: 'Todos os portes' };
/** Empty text stays NaN so the schema answers with its own "informe" message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** Creates a package, or edits `pkg` (credits already sold keep what they were sold with). */
export function PackageForm({ pkg, onDone }: { pkg?: PackageView | undefined; onDone: () => void }) {
  const save = useMutation(savePackageMutation());
  const form = useSchemaForm({
    schema: packageBody,
    initialValues: {
      name: pkg?.name ?? '',
      serviceId: pkg ? String(pkg.serviceId) : '',
      size: pkg?.size ?? ANY_SIZE.value,
      active: pkg?.active ?? true,
      credits: pkg ? String(pkg.credits) : '4',
      validityDays: pkg ? String(pkg.validityDays) : '45',
      price: pkg ? String(pkg.price) : '',
    },
    toInput: ({ size, serviceId, credits, validityDays, price, ...rest }) => ({
      ...rest,
      serviceId: numberOf(serviceId),
      size: size === ANY_SIZE.value ? null : size,
      credits: numberOf(credits),
      validityDays: numberOf(validityDays),
      price: numberOf(price),
    }),
    issues: 'form',
    submit: (body) => save.mutateAsync({ id: pkg?.id, body }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Pacote salvo.');
      onDone();
    },
    errorMessage: 'Não foi possível salvar o pacote.',
    report: { toast: false },
  });
  return (
    <ServiceOfferForm
      label={pkg ? `Editar ${pkg.name}` : 'Novo pacote'}
      values={form.values}
      onChange={form.set}
      anySize={ANY_SIZE}
      saving={form.submitting}
      error={form.formError}
      onSubmit={form.onSubmit}
      onCancel={onDone}
    >
      <TextField label="Créditos" type="number" min={1} max={100} required {...form.field('credits')} />
      <TextField label="Validade (dias)" type="number" min={1} max={730} required {...form.field('validityDays')} />
      <MoneyField label="Preço" required {...form.field('price')} />
    </ServiceOfferForm>
  );
}
