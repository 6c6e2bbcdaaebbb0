import { type ComponentType, lazy, Suspense } from 'react';
import type { ModalProps } from './modal-dialog';

export type { ModalProps } from './modal-dialog';

const loadDialog = () => import('./modal-dialog');
const ModalDialog = lazy(() => loadDialog().then((module) => ({ default: module.ModalDialog })));

/** Fetches the dialog's code ahead of a first opening: the root layout calls it when a button is reached. */
export const preloadModal = () => void loadDialog().catch(() => {});

/**
 * A dialog (see ModalDialog). Nothing of it loads until it first opens, so a page whose dialogs stay
 * shut never downloads it.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}

/**
 * A dialog component of a feature (a form in a modal) whose code loads when it is first shown:
 * `const EditModal = lazyDialog(() => import('./edit-modal').then((m) => m.EditModal))`.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return (props: P) => (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
