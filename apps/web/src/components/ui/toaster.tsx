import { Toaster as SonnerToaster } from 'sonner';

/** Toast auto-hide: 6 s by default (SPEC section 9); a feature passes its own duration when SPEC says so. */
export const TOAST_DURATION_MS = 6000;

/** Mounted once by the root layout; features call `toast.success` / `toast.error` from 'sonner'. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
    />
  );
}
