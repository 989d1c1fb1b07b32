import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs` while mounted: what a countdown on screen reads. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
