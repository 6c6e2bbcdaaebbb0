import { ADJUSTMENT_REASONS, STOCK_REASON_LABELS, stockAdjustmentBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { adjustmentMutation } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import { ProductSelect, StoreSelect } from './choice-selects';
import type { StockNames } from './use-stock-names';

/** A count, a loss or a return on one store's shelf: 'Entrada' adds, 'Saída' takes away. */
export function AdjustmentForm({ names }: { names: StockNames }) {
  const adjust = useMutation(adjustmentMutation());
  const form = useSchemaForm({
    schema: stockAdjustmentBody,
    initialValues: { storeId: '', productId: '', direction: 'out', quantity: '', reason: 'ajuste', note: '' },
    toInput: ({ storeId, productId, direction, quantity, reason, note }) => {
      const units = quantity === '' ? Number.NaN : Number(quantity);
      return {
        storeId: Number(storeId),
        productId: Number(productId),
        delta: direction === 'in' ? units : -units,
        reason,
        note,
      };
    },
    issues: 'form',
    submit: (body) => adjust.mutateAsync(body),
    onSuccess: (res) => {
      toast.success(`${res.message ?? 'Ajuste registrado.'} Agora: ${res.data.quantity} un.`);
      form.set({ quantity: '', note: '' });
    },
    errorMessage: 'Não foi possível registrar o ajuste.',
    report: { toast: false },
  });
  const { storeId, productId, direction, quantity, reason, note } = form.values;
  return (
    <section aria-labelledby="stock-adjust-title" className="stock-admin__section">
      <h2 id="stock-adjust-title">Ajuste de estoque</h2>
      <form className="stock-admin__form" onSubmit={form.onSubmit} aria-label="Ajuste de estoque">
        <StoreSelect
          names={names}
          label="Loja"
          required
          value={storeId}
          onValueChange={(v) => form.set({ storeId: v })}
        />
        <ProductSelect
          names={names}
          label="Produto"
          required
          value={productId}
          onValueChange={(v) => form.set({ productId: v })}
        />
        <Select label="Entrada ou saída" value={direction} onValueChange={(v) => form.set({ direction: v })}>
          <option value="out">Saída</option>
          <option value="in">Entrada</option>
        </Select>
        <TextField
          label="Quantidade"
          inputMode="numeric"
          required
          value={quantity}
          onValueChange={(v) => form.set({ quantity: v.replace(/\D/g, '') })}
        />
        <Select label="Motivo" value={reason} onValueChange={(v) => form.set({ reason: v })}>
          {ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {STOCK_REASON_LABELS[r]}
            </option>
          ))}
        </Select>
        <TextField label="Observação" maxLength={500} value={note} onValueChange={(v) => form.set({ note: v })} />
        <FormAlert message={form.formError} />
        <Button type="submit" loading={form.submitting}>
          Registrar ajuste
        </Button>
      </form>
    </section>
  );
}
