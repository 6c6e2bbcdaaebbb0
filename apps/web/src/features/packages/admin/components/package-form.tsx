import type { PackageView, PetSize } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { savePackageMutation } from '../../../../api/packages';
import { type ServiceOfferFields, ServiceOfferForm } from '../../../../components/service-offer/service-offer-form';
import { MoneyField } from '../../../../components/ui/money-field';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

const ANY_SIZE = { value: 'todos', label: 'Todos os portes' };

/** Creates a package, or edits `pkg` (credits already sold keep what they were sold with). */
export function PackageForm({ pkg, onDone }: { pkg?: PackageView | undefined; onDone: () => void }) {
  const save = useMutation(savePackageMutation());
  const [offer, setOffer] = useState<ServiceOfferFields>({
    name: pkg?.name ?? '',
    serviceId: pkg ? String(pkg.serviceId) : '',
    size: pkg?.size ?? ANY_SIZE.value,
    active: pkg?.active ?? true,
  });
  const [credits, setCredits] = useState(pkg ? String(pkg.credits) : '4');
  const [validityDays, setValidityDays] = useState(pkg ? String(pkg.validityDays) : '45');
  const [price, setPrice] = useState(pkg ? String(pkg.price) : '');
  const submit = () =>
    save.mutate(
      {
        id: pkg?.id,
        body: {
          name: offer.name,
          serviceId: Number(offer.serviceId),
          size: offer.size === ANY_SIZE.value ? null : (offer.size as PetSize),
          credits: Number(credits),
          validityDays: Number(validityDays),
          price: Number(price),
          active: offer.active,
        },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Pacote salvo.');
          onDone();
        },
      },
    );
  return (
    <ServiceOfferForm
      label={pkg ? `Editar ${pkg.name}` : 'Novo pacote'}
      values={offer}
      onChange={(patch) => setOffer((current) => ({ ...current, ...patch }))}
      anySize={ANY_SIZE}
      saving={save.isPending}
      error={save.isError ? messageOf(save.error, 'Não foi possível salvar o pacote.') : null}
      onSubmit={submit}
      onCancel={onDone}
    >
      <TextField label="Créditos" type="number" min={1} max={100} required value={credits} onValueChange={setCredits} />
      <TextField
        label="Validade (dias)"
        type="number"
        min={1}
        max={730}
        required
        value={validityDays}
        onValueChange={setValidityDays}
      />
      <MoneyField label="Preço" required value={price} onValueChange={setPrice} />
    </ServiceOfferForm>
  );
}
