import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { Modal, type ModalProps } from './modal';

/** What the frame needs of a `useSchemaForm` form. */
export interface FormModalState {
  submitting: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
}

export interface FormModalProps {
  title: string;
  description?: string;
  form: FormModalState;
  onClose: () => void;
  /** Class of the `<form>`, for the feature's field layout. */
  className: string;
  submitLabel?: string;
  /** Keeps 'Salvar' off while something the form waits for is under way (an upload). */
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  /** Shown instead of the form's own error (e.g. a failed load the form depends on). */
  alert?: string | null | undefined;
  children: ReactNode;
}

/**
 * A form in a dialog: the fields, the form's error under them, and 'Cancelar' / 'Salvar' in the
 * footer (the submit button sits outside the `<form>` and reaches it by id).
 */
export function FormModal({
  title,
  description,
  form,
  onClose,
  className,
  submitLabel = 'Salvar',
  submitDisabled = false,
  size,
  alert,
  children,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      {...(size ? { size } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={form.submitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={className} onSubmit={form.onSubmit} noValidate>
        {children}
        <FormAlert message={alert ?? form.formError} />
      </form>
    </Modal>
  );
}
