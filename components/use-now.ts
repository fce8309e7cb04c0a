import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, for texts such as "updated 12 s ago". */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
