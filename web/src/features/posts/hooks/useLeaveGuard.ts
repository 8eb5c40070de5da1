import { useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Holds in-app navigation away from a form with changes (the "save draft?"
 * dialog decides); `allow()` lets the form's own navigation after a save through.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current || !dirty) return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  });
  return {
    blocked: blocker.state === 'blocked',
    proceed: () => {
      allowed.current = true;
      blocker.proceed?.();
    },
    stay: () => blocker.reset?.(),
    allow: () => {
      allowed.current = true;
    },
  };
}
