import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface HealthFormProps {
  /** The form's accessible name, and its button's text unless `submitLabel` says otherwise. */
  label: string;
  submitLabel?: string;
  /** What the frame needs of a `useSchemaForm` form. */
  form: { submitting: boolean; onSubmit: (event: FormEvent) => void };
  children: ReactNode;
}

/** A form on the pet's health page: its fields side by side (one column on a phone), then its button. */
export function HealthForm({ label, submitLabel = label, form, children }: HealthFormProps) {
  return (
    <form className="health-form" onSubmit={form.onSubmit} noValidate aria-label={label}>
      {children}
      <Button type="submit" loading={form.submitting} className="health-form__submit">
        {submitLabel}
      </Button>
    </form>
  );
}
