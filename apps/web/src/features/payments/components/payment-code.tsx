import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import './payment-code.css';

interface PaymentCodeProps {
  label: string;
  code: string;
}

/** The Pix "copia e cola" or the boleto line, read-only, with a copy button. */
export function PaymentCode({ label, code }: PaymentCodeProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Código copiado!');
    } catch {
      // Without clipboard permission the code is selected, ready for Ctrl+C.
      fieldRef.current?.select();
      toast.error('Não foi possível copiar automaticamente. Copie o código selecionado.');
    }
  };
  return (
    <div className="payment-code">
      <label className="payment-code__label" htmlFor="payment-code-value">
        {label}
      </label>
      <textarea
        id="payment-code-value"
        ref={fieldRef}
        className="payment-code__value"
        readOnly
        rows={4}
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" onClick={() => void copy()}>
        Copiar código
      </Button>
    </div>
  );
}
