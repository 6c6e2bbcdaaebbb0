import { ADJUSTMENT_REASONS, STOCK_REASON_LABELS } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adjustmentMutation } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { ProductSelect, StoreSelect } from './choice-selects';
import type { StockNames } from './use-stock-names';

/** A count, a loss or a return on one store's shelf: 'Entrada' adds, 'Saída' takes away. */
export function AdjustmentForm({ names }: { names: StockNames }) {
  const adjust = useMutation(adjustmentMutation());
  const [storeId, setStoreId] = useState('');
  const [productId, setProductId] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<(typeof ADJUSTMENT_REASONS)[number]>('ajuste');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity);
    adjust.mutate(
      {
        storeId: Number(storeId),
        productId: Number(productId),
        delta: direction === 'in' ? units : -units,
        reason,
        note,
      },
      {
        onSuccess: (res) => {
          toast.success(`${res.message ?? 'Ajuste registrado.'} Agora: ${res.data.quantity} un.`);
          setQuantity('');
          setNote('');
        },
      },
    );
  };
  return (
    <section aria-labelledby="stock-adjust-title" className="stock-admin__section">
      <h2 id="stock-adjust-title">Ajuste de estoque</h2>
      <form className="stock-admin__form" onSubmit={submit} aria-label="Ajuste de estoque">
        <StoreSelect names={names} label="Loja" required value={storeId} onValueChange={setStoreId} />
        <ProductSelect names={names} label="Produto" required value={productId} onValueChange={setProductId} />
        <Select label="Entrada ou saída" value={direction} onValueChange={(v) => setDirection(v as 'in' | 'out')}>
          <option value="out">Saída</option>
          <option value="in">Entrada</option>
        </Select>
        <TextField
          label="Quantidade"
          inputMode="numeric"
          required
          value={quantity}
          onValueChange={(v) => setQuantity(v.replace(/\D/g, ''))}
        />
        <Select label="Motivo" value={reason} onValueChange={(v) => setReason(v as typeof reason)}>
          {ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {STOCK_REASON_LABELS[r]}
            </option>
          ))}
        </Select>
        <TextField label="Observação" maxLength={500} value={note} onValueChange={setNote} />
        {adjust.isError && <FormAlert message={messageOf(adjust.error, 'Não foi possível registrar o ajuste.')} />}
        <Button type="submit" loading={adjust.isPending}>
          Registrar ajuste
        </Button>
      </form>
    </section>
  );
}
