import { useCallback, useEffect, useState } from 'react';
import { storage } from '../../../lib/storage';

const TICK_MS = 250;

/** The stored end time (ms epoch), or null when none is stored or it has passed (then it is cleared). */
function readEnd(key: string, maxSeconds: number): number | null {
  const end = Number(storage.get(key));
  if (!Number.isFinite(end) || end <= 0) {
    storage.remove(key);
    return null;
  }
  const now = Date.now();
  if (end <= now) {
    storage.remove(key);
    return null;
  }
  // A clock moved back must not make the wait longer than the cooldown itself.
  return Math.min(end, now + maxSeconds * 1000);
}

/**
 * A countdown whose end time lives in local storage, so it survives a reload
 * (SPEC.md section 4, verification); the key is removed when it reaches zero.
 */
export function useCooldown(key: string, maxSeconds: number) {
  const [state, setState] = useState(() => ({ end: readEnd(key, maxSeconds), now: Date.now() }));
  const { end, now } = state;

  useEffect(() => {
    if (end === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      if (current >= end) {
        storage.remove(key);
        setState({ end: null, now: current });
      } else {
        setState({ end, now: current });
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [end, key]);

  const start = useCallback(
    (seconds: number) => {
      const current = Date.now();
      const next = current + Math.min(Math.max(seconds, 1), maxSeconds) * 1000;
      storage.set(key, String(next));
      setState({ end: next, now: current });
    },
    [key, maxSeconds],
  );

  const secondsLeft = end === null ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
  return { secondsLeft, start };
}
