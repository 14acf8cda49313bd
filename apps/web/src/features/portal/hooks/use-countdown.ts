import { useEffect, useState } from 'react';

/**
 * Counts `seconds` down once a second while `active`, then calls `onDone` once. Returns the
 * seconds left. Stopping (`active` false) keeps the count where it is.
 */
export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!active) return;
    if (left <= 0) {
      onDone();
      return;
    }
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [active, left, onDone]);
  return left;
}
