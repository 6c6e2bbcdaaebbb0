import type { SelectHTMLAttributes } from 'react';
import { Field } from './field';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  /** A first, disabled option shown while nothing is chosen (e.g. 'Selecione'). */
  placeholder?: string | undefined;
}

export function Select({ label, error, hint, id, className, placeholder, children, ...props }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select className="field__control" {...control} {...props}>
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
