import { useEffect, useState } from 'react';

/** The time, refreshed every `ms` (the time left to dispatch, how old the shown data is). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
