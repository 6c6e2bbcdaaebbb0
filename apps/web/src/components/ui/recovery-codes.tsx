import { useState } from 'react';
import { Button } from './button';
import './recovery-codes.css';

/**
 * The ten recovery codes, shown once: each signs in one time when the phone is not at hand. They
 * can be copied; the person confirms having kept them before going on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="recovery-codes">
      <p className="recovery-codes__lead">
        <strong>Guarde estes códigos de recuperação</strong> em um lugar seguro. Cada um vale uma vez, para entrar sem o
        celular. Eles não serão mostrados de novo.
      </p>
      <ol className="recovery-codes__list" aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button variant="secondary" onClick={copy}>
          {copied ? 'Copiados!' : 'Copiar códigos'}
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
