import { useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import './payment-code.css';

interface PaymentCodeProps {
  label: string;
  code: string;
  /** how the code reads on screen (the boleto line grouped as printed); the copy is always `code` */
  shown?: string;
}

/** The Pix "copia e cola" or the boleto line, read-only, with a copy button. */
export function PaymentCode({ label, code, shown }: PaymentCodeProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      // Said once by screen readers through the polite region below, also shown as a toast.
      setCopied('Código copiado!');
      toast.success('Código copiado!');
    } catch {
      setCopied('');
      // Without clipboard permission the code is selected, ready for Ctrl+C.
      fieldRef.current?.select();
      toast.error('Não foi possível copiar automaticamente. Copie o código selecionado.');
    }
  };
  return (
    <div className="payment-code">
      <label className="payment-code__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={fieldRef}
        className="payment-code__value"
        readOnly
        rows={4}
        value={shown ?? code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" onClick={() => void copy()}>
        Copiar
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {copied}
      </p>
    </div>
  );
}
