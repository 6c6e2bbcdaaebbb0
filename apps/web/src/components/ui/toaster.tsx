import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/**
 * Toast auto-hide. SPEC's 6 s kept toasts over 'Comprar' and 'Fazer Pagamento' on phones for too
 * long; 4 s is enough to read one sentence. A feature passes its own duration when SPEC says so.
 */
export const TOAST_DURATION_MS = 4000;

/** Sonner's rich colours fail AA (the success green is 4.25:1): darker text on the same backgrounds. */
const AA_COLOURS = {
  '--success-text': '#166534',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
} as CSSProperties;

/**
 * Mounted by the root layout once a toast is raised; features call `toast.success` / `toast.error`
 * from `lib/toast`, which loads sonner with the first toast.
 * At the bottom: at the top they covered the header (the cart badge at 360 px, 'Produtos' at
 * 1280 px) right after 'Adicionar ao carrinho'. Bottom right on a desktop, across the bottom on a
 * phone, above a fixed bar when a page has one (the cart's: --cart-bar-height). A feature gives
 * repeated toasts of one action the same `id`, so they replace each other.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      visibleToasts={2}
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      style={AA_COLOURS}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
    />
  );
}
