import { ACCOUNT_TIMINGS } from '@penman/contract';
import { useEffect, useState } from 'react';

/** True once a running download has gone 60 s without a new email (spec: the still-working hint). */
export function useStillWorking(count: number | undefined, active: boolean): boolean {
  const [stillWorking, setStillWorking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new count restarts the 60 s wait.
  useEffect(() => {
    setStillWorking(false);
    if (!active) return;
    const timer = setTimeout(() => setStillWorking(true), ACCOUNT_TIMINGS.stillWorkingAfterMs);
    return () => clearTimeout(timer);
  }, [active, count]);
  return active && stillWorking;
}
