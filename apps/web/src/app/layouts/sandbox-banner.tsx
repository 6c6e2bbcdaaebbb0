import { useEffect, useState } from 'react';
import './sandbox-banner.css';

let asked: Promise<boolean> | undefined;

/** Whether a sandbox serves payments, asked once per page load (GET /payments/config is public and tiny). */
function sandboxServesPayments() {
  asked ??= fetch('/api/payments/config', { headers: { accept: 'application/json' } })
    .then(async (response) => response.ok && (await response.json()).data?.sandbox === true)
    .catch(() => false);
  return asked;
}

/** 'Ambiente de testes: nenhum pagamento é real' on every page while the payments run in a sandbox. */
export function SandboxBanner() {
  const [sandbox, setSandbox] = useState(false);
  useEffect(() => {
    let live = true;
    void sandboxServesPayments().then((value) => live && setSandbox(value));
    return () => {
      live = false;
    };
  }, []);
  if (!sandbox) return null;
  // Above every layout's header, so a landmark of its own: outside one, a screen reader's landmark
  // navigation skips it.
  return (
    <section aria-label="Ambiente de testes">
      <p className="sandbox-banner" role="note">
        <strong>Ambiente de testes:</strong> nenhum pagamento é real
      </p>
    </section>
  );
}
