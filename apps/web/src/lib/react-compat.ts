import compat from 'preact/compat';
import { useState } from 'preact/hooks';

/**
 * What `react` resolves to (see preact-aliases.ts): Preact's compatibility layer, with one hook
 * replaced. Preact's `useId` numbers ids per render root, and a portal (the modal layer's) opened
 * before the page has issued any id starts a numbering of its own: a dialog's field took the id of
 * a field the page showed later, and its label named the page's input (field.test.tsx). The shop
 * renders only in the browser (no server render to match), so one counter for the page gives ids
 * no other element has, to the app's components and to the libraries alike.
 */
// Preact types its compat as `export =` (for React's typings), which TypeScript will not re-export
// with `export *`; the module itself is ESM, and the app is typed against React's typings anyway.
// @ts-expect-error TS2498
export * from 'preact/compat';

let issued = 0;

export function useId(): string {
  const [id] = useState(() => {
    issued += 1;
    return `uid-${issued}`;
  });
  return id;
}

// Libraries that read hooks from the default export (`React.useId`) get the same one.
compat.useId = useId;

export default compat;
