import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `delay` ms: typing asks the server once, not per key. */
export function useDebounced<V>(value: V, delay: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
