import type { SelectHTMLAttributes } from 'react';
import { changeHandler, Field } from './field';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  /** A first, disabled option shown while nothing is chosen (e.g. 'Selecione'). */
  placeholder?: string | undefined;
  /** The chosen option's value on each change (what a form's `field(name)` gives). */
  onValueChange?: ((value: string) => void) | undefined;
}

export function Select({
  label,
  error,
  hint,
  id,
  className,
  placeholder,
  children,
  onValueChange,
  onChange,
  ...props
}: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select className="field__control" {...control} {...props} onChange={changeHandler(onChange, onValueChange)}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {children}
        </select>
      )}
    </Field>
  );
}
