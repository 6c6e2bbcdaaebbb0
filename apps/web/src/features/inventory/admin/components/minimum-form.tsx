import type { StockSuggestion } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { setMinimumMutation } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { ProductSelect } from './choice-selects';
import type { StockNames } from './use-stock-names';

interface MinimumFormProps {
  names: StockNames;
  storeId: number;
  /** the store's current suggestions: a product listed there starts from its minimum */
  suggestions: StockSuggestion[];
}

/** A product's minimum at the chosen store; the suggestions list refreshes after saving. */
export function MinimumForm({ names, storeId, suggestions }: MinimumFormProps) {
  const save = useMutation(setMinimumMutation());
  const [productId, setProductId] = useState('');
  const [minimum, setMinimum] = useState('');
  const choose = (value: string) => {
    setProductId(value);
    const listed = suggestions.find((s) => String(s.productId) === value);
    setMinimum(listed ? String(listed.minimum) : '');
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { storeId, productId: Number(productId), minimum: Number(minimum) },
      {
        onSuccess: (res) =>
          toast.success(
            `${res.message ?? 'Estoque mínimo salvo.'} ${names.productName(res.data.productId)}: ${res.data.minimum} un.`,
          ),
      },
    );
  };
  return (
    <form className="stock-admin__form" onSubmit={submit} aria-label="Estoque mínimo">
      <ProductSelect names={names} label="Produto" required value={productId} onValueChange={choose} />
      <TextField
        label="Estoque mínimo"
        inputMode="numeric"
        required
        value={minimum}
        onValueChange={(v) => setMinimum(v.replace(/\D/g, ''))}
      />
      {save.isError && <FormAlert message={messageOf(save.error, 'Não foi possível salvar o estoque mínimo.')} />}
      <Button type="submit" loading={save.isPending}>
        Salvar mínimo
      </Button>
    </form>
  );
}
