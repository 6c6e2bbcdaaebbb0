import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info';

let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** True once a toast was raised: the root layout mounts the toast container from then on. */
export const toastsRequested = () => loading !== undefined;

export function onFirstToast(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * sonner stays out of every page's first load: it is fetched with the first toast, and its
 * container (mounted then) replays the toasts raised before it subscribed.
 */
function raise(kind: Kind) {
  return (message: Parameters<Sonner[Kind]>[0], data?: Parameters<Sonner[Kind]>[1]): void => {
    if (!loading) {
      loading = import('sonner').then((module) => module.toast);
      for (const listener of listeners) listener();
    }
    void loading.then((toast) => toast[kind](message, data));
  };
}

export const toast = { success: raise('success'), error: raise('error'), info: raise('info') };
