import { type InputHTMLAttributes, useState } from 'react';
import { changeHandler, Field } from './field';
import { EyeIcon, EyeOffIcon } from './icons';
import './password-field.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  /** The new text on each change (what a form's `field(name)` gives). */
  onValueChange?: ((value: string) => void) | undefined;
}

/** The eye toggle appears only once the field has content (SPEC section 2, /login). */
export function PasswordField({
  label,
  value,
  error,
  hint,
  id,
  className,
  onValueChange,
  onChange,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const shown = visible && value.length > 0;
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="password-field">
          <input
            className="field__control password-field__input"
            type={shown ? 'text' : 'password'}
            value={value}
            {...control}
            {...props}
            onChange={changeHandler(onChange, onValueChange)}
          />
          {value.length > 0 && (
            <button
              type="button"
              className="password-field__toggle"
              aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'}
              aria-controls={control.id}
              onClick={() => setVisible(!shown)}
            >
              {shown ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
