import { type StockSuggestion, stockMinimumBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { setMinimumMutation } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
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
  const form = useSchemaForm({
    schema: stockMinimumBody,
    initialValues: { productId: '', minimum: '' },
    toInput: ({ productId, minimum }) => ({
      storeId,
      productId: Number(productId),
      minimum: minimum === '' ? Number.NaN : Number(minimum),
    }),
    issues: 'form',
    submit: (body) => save.mutateAsync(body),
    onSuccess: (res) =>
      toast.success(
        `${res.message ?? 'Estoque mínimo salvo.'} ${names.productName(res.data.productId)}: ${res.data.minimum} un.`,
      ),
    errorMessage: 'Não foi possível salvar o estoque mínimo.',
    report: { toast: false },
  });
  const choose = (value: string) => {
    const listed = suggestions.find((s) => String(s.productId) === value);
    form.set({ productId: value, minimum: listed ? String(listed.minimum) : '' });
  };
  return (
    <form className="stock-admin__form" onSubmit={form.onSubmit} aria-label="Estoque mínimo">
      <ProductSelect names={names} label="Produto" required value={form.values.productId} onValueChange={choose} />
      <TextField
        label="Estoque mínimo"
        inputMode="numeric"
        required
        value={form.values.minimum}
        onValueChange={(v) => form.set({ minimum: v.replace(/\D/g, '') })}
      />
      <FormAlert message={form.formError} />
      <Button type="submit" loading={form.submitting}>
        Salvar mínimo
      </Button>
    </form>
  );
}
