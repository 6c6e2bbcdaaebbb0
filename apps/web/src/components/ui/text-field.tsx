import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
}

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input className="field__control" {...control} {...props} />}
    </Field>
  );
}
