import type { FieldBinding } from '../../../hooks/use-schema-form';
import { PosField } from './pos-field';
import type { PaymentValues } from './use-sale-form';

interface PaymentFieldsProps {
  field: (name: keyof PaymentValues) => FieldBinding;
  /** A counter Pix is a charge at the shop's Pix PSP: no field for it where the shop offers no Pix. */
  pixOffered: boolean;
}

/** How the customer pays: cash handed over, a card on the store's terminal (with its NSU), Pix, the CPF. */
export function PaymentFields({ field, pixOffered }: PaymentFieldsProps) {
  const cardType = field('cardType');
  return (
    <fieldset className="pos-pay">
      <legend>Pagamento</legend>
      <PosField label="Dinheiro recebido (R$)" inputMode="decimal" {...field('cash')} />
      <label>
        Cartão
        <select name={cardType.name} value={cardType.value} onChange={(e) => cardType.onValueChange(e.target.value)}>
          <option>Cartão de Débito</option>
          <option>Cartão de Crédito</option>
        </select>
      </label>
      <PosField label="Valor no cartão (R$)" inputMode="decimal" {...field('card')} />
      <PosField label="NSU" {...field('nsu')} />
      {pixOffered && <PosField label="Valor no Pix (R$)" inputMode="decimal" {...field('pix')} />}
      <PosField label="CPF na nota (opcional)" inputMode="numeric" {...field('cpf')} />
    </fieldset>
  );
}
