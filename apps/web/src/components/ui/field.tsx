import { type ChangeEvent, type ReactNode, useId } from 'react';
import './field.css';

/** The attributes that tie a control to its label, hint and error text. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label above the control, then a hint and the error message (role alert) below it. */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A control's change: the element's own `onChange` if any, then the new value (a form's `field(name)`). */
export const changeHandler =
  <E extends HTMLInputElement | HTMLSelectElement>(
    onChange: ((event: ChangeEvent<E>) => void) | undefined,
    onValueChange: ((value: string) => void) | undefined,
  ) =>
  (event: ChangeEvent<E>) => {
    onChange?.(event);
    onValueChange?.(event.currentTarget.value);
  };
