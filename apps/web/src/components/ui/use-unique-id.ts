import { useState } from 'react';

let issued = 0;

/**
 * An id no other element of the page has, for tying a label or a description to its control.
 * Preact's `useId` numbers ids per render root, and a dialog loaded on first opening (behind
 * Suspense and a portal) starts that numbering again, so its fields took the ids of the page's own
 * and their labels named the page's inputs. The shop renders only in the browser (no server render
 * to match), so one counter for the whole page is enough.
 */
export function useUniqueId(): string {
  const [id] = useState(() => {
    issued += 1;
    return `uid-${issued}`;
  });
  return id;
}
