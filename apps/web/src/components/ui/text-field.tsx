import type { InputHTMLAttributes } from 'react';
import { changeHandler, Field } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  /** The new text on each change (what a form's `field(name)` gives). */
  onValueChange?: ((value: string) => void) | undefined;
}

export function TextField({ label, error, hint, id, className, onValueChange, onChange, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <input className="field__control" {...control} {...props} onChange={changeHandler(onChange, onValueChange)} />
      )}
    </Field>
  );
}
