import { CEP_MASK, CPF_MASK, LANDLINE_MASK, PHONE_MASK } from '@petshop/domain';
import { type InputHTMLAttributes, useRef } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from './field';

/** The domain writes masks with 9 for a digit; IMask uses 0. */
const toImask = (pattern: string) => pattern.replaceAll('9', '0');

const MASKS = {
  cpf: [{ mask: toImask(CPF_MASK) }],
  cep: [{ mask: toImask(CEP_MASK) }],
  // 10 digits keep the landline shape until the 11th digit turns it into a mobile number.
  phone: [{ mask: toImask(LANDLINE_MASK) }, { mask: toImask(PHONE_MASK) }],
} as const;

export type MaskKind = keyof typeof MASKS;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'defaultValue' | 'type'>;

export interface MaskedFieldProps extends InputProps {
  label: string;
  mask: MaskKind;
  /** Digits only (the stored form); the field shows them masked. */
  value: string;
  onValueChange: (digits: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
}

/** CPF 999.999.999-99, phone (99) 99999-9999 and CEP 99999-999 (SPEC section 5). */
export function MaskedField({
  label,
  mask,
  value,
  onValueChange,
  error,
  hint,
  id,
  className,
  ...props
}: MaskedFieldProps) {
  // The mask takes `value` only when the prop itself changes (a form reset, a record loaded).
  // IMask writes the value it is rendered with back into the input on every render: a field
  // re-rendered before its form (inside a dialog, a portal renders first) would otherwise
  // rewind the digit just typed and report the shorter value as typed (docs/decisions/0111).
  const given = useRef(value);
  const held = useRef(value);
  if (value !== given.current) {
    given.current = value;
    held.current = value;
  }
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <IMaskInput
          {...props}
          {...control}
          className="field__control"
          mask={MASKS[mask].map((entry) => ({ ...entry }))}
          unmask
          value={held.current}
          onAccept={(digits: string) => {
            held.current = digits;
            onValueChange(digits);
          }}
          inputMode="numeric"
          type="text"
        />
      )}
    </Field>
  );
}
