import type { InputHTMLAttributes } from 'react';
import type { FieldBinding } from '../../../hooks/use-schema-form';

type PosFieldProps = FieldBinding & { label: string } & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode'>;

/** A till field: large, its label around it, bound with `form.field(name)`; errors show as the form's message. */
export function PosField({ label, name, value, onValueChange, onFocus, inputMode }: PosFieldProps) {
  return (
    <label>
      {label}
      <input
        name={name}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        onFocus={onFocus}
      />
    </label>
  );
}
