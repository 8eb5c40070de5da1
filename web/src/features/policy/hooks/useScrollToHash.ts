import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A link such as /user-agreement#privacy lands on its section once the text has arrived. */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}
