import { useEffect } from 'react';

/**
 * A page's own tab title once it knows it ('Ração Premium 10 kg | PetCare'), instead of the route's
 * generic one. Set after the root layout's (its effect runs after its children's in one commit).
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) document.title = `${title} | PetCare`;
    });
    return () => {
      cancelled = true;
    };
  }, [title]);
}
