import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useModalLayer } from './modal-layer';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
}

/**
 * A modal dialog in a layer of its own on top of the page: the rest of the page is inert while it is
 * open (focus stays in it), Esc, the overlay and the close button close it, and focus returns to
 * what had it before.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, footer, size = 'medium' }: ModalProps) {
  const id = useId();
  const { layer, dialog } = useModalLayer(open, () => onOpenChange(false));

  if (!open) return null;
  return createPortal(
    <>
      <div className="modal__overlay" onPointerDown={() => onOpenChange(false)} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        {...(description ? { 'aria-describedby': `${id}-description` } : {})}
        tabIndex={-1}
        className={`modal__content modal__content--${size}`}
      >
        <div className="modal__header">
          <h2 id={`${id}-title`} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Fechar" onClick={() => onOpenChange(false)}>
            <CloseIcon />
          </button>
        </div>
        {description && (
          <p id={`${id}-description`} className="modal__description">
            {description}
          </p>
        )}
        {children && <div className="modal__body">{children}</div>}
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </>,
    layer,
  );
}
