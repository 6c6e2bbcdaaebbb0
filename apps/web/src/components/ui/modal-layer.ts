import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** The open modal layers, the topmost last: only it answers Esc. */
const layers: HTMLElement[] = [];

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * Makes `layer` (a child of the body) the modal one until the returned function is called: every
 * other child of the body is inert (no focus, no pointer, hidden from assistive technology, as a
 * native modal dialog does), the page does not scroll, Esc calls `onEscape`, and focus moves to the
 * first control of `dialog`, then back to `returnTo` (by default what had it before).
 */
export function holdModalLayer(
  layer: HTMLElement,
  dialog: HTMLElement,
  onEscape: () => void,
  returnTo?: HTMLElement | null,
): () => void {
  const opener = returnTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  // Only what this layer made inert is given back: a layer below keeps the page inert.
  const madeInert = [...document.body.children].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element !== layer && !element.inert,
  );
  for (const element of madeInert) element.inert = true;
  const root = document.documentElement;
  const scroll = layers.length === 0 ? { overflow: root.style.overflow, gutter: root.style.scrollbarGutter } : null;
  if (scroll) {
    // A scrollbar's room is kept, so the page behind does not shift sideways.
    if (window.innerWidth > root.clientWidth) root.style.scrollbarGutter = 'stable';
    root.style.overflow = 'hidden';
  }
  layers.push(layer);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || layers.at(-1) !== layer) return;
    event.preventDefault();
    onEscape();
  };
  document.addEventListener('keydown', onKeyDown);
  (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();

  return () => {
    document.removeEventListener('keydown', onKeyDown);
    layers.splice(layers.indexOf(layer), 1);
    for (const element of madeInert) element.inert = false;
    if (scroll) {
      root.style.overflow = scroll.overflow;
      root.style.scrollbarGutter = scroll.gutter;
    }
    if (opener?.isConnected) opener.focus();
  };
}

/**
 * A modal layer for a component to portal into while `open`: a `<div>` at the end of the body,
 * held by `holdModalLayer` around the element `dialog` points at. `onClose` answers Esc.
 */
export function useModalLayer(
  open: boolean,
  onClose: () => void,
  returnTo?: RefObject<HTMLElement | null>,
): { layer: HTMLElement; dialog: RefObject<HTMLDivElement | null> } {
  const [layer] = useState(() => document.createElement('div'));
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // In the commit itself, not after paint: focus is back on the opener the moment the layer goes.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    document.body.append(layer);
    const release = holdModalLayer(layer, element, () => close.current(), returnTo?.current);
    return () => {
      release();
      layer.remove();
    };
  }, [open, layer, returnTo]);
  return { layer, dialog };
}
