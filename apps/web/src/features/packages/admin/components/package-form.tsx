import { type PackageView, PET_SIZES, type PetSize } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { savePackageMutation } from '../../../../api/packages';
import { allServicesQueryOptions } from '../../../../api/services';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { MoneyField } from '../../../../components/ui/money-field';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

const ANY_SIZE = 'todos';

/** Creates a package, or edits `pkg` (credits already sold keep what they were sold with). */
export function PackageForm({ pkg, onDone }: { pkg?: PackageView | undefined; onDone: () => void }) {
  const services = useQuery(allServicesQueryOptions());
  const save = useMutation(savePackageMutation());
  const [name, setName] = useState(pkg?.name ?? '');
  const [serviceId, setServiceId] = useState(pkg ? String(pkg.serviceId) : '');
  const [size, setSize] = useState<string>(pkg?.size ?? ANY_SIZE);
  const [credits, setCredits] = useState(pkg ? String(pkg.credits) : '4');
  const [validityDays, setValidityDays] = useState(pkg ? String(pkg.validityDays) : '45');
  const [price, setPrice] = useState(pkg ? String(pkg.price) : '');
  const [active, setActive] = useState(pkg?.active ?? true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: pkg?.id,
        body: {
          name,
          serviceId: Number(serviceId),
          size: size === ANY_SIZE ? null : (size as PetSize),
          credits: Number(credits),
          validityDays: Number(validityDays),
          price: Number(price),
          active,
        },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Pacote salvo.');
          onDone();
        },
      },
    );
  };
  return (
    <form className="admin-packages__form" onSubmit={submit} aria-label={pkg ? `Editar ${pkg.name}` : 'Novo pacote'}>
      <TextField label="Nome" required maxLength={120} value={name} onValueChange={setName} />
      <Select label="Serviço" required value={serviceId} onValueChange={setServiceId} placeholder="Selecione">
        {(services.data ?? []).map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </Select>
      <Select label="Porte" value={size} onValueChange={setSize}>
        <option value={ANY_SIZE}>Todos os portes</option>
        {PET_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
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
      <label className="admin-packages__check">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /> Ativo (aparece
        na página de serviços)
      </label>
      {save.isError && <FormAlert message={messageOf(save.error, 'Não foi possível salvar o pacote.')} />}
      <div className="admin-packages__form-actions">
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
