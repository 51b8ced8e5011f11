import type { WaitlistCountResponse } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

// A plain fetch: the landing's first load carries neither the typed client nor zod.
async function getWaitlistCount(): Promise<number> {
  const response = await fetch('/api/waitlist/count', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Waitlist count failed (${response.status})`);
  const body = (await response.json()) as WaitlistCountResponse;
  return body.count;
}

export const waitlistCountQueryOptions = () => queryOptions({ queryKey: ['public', 'waitlist-count'], queryFn: getWaitlistCount });

/** The real number of people on the waitlist; undefined while loading or when it failed. */
export function useWaitlistCount(): number | undefined {
  return useQuery(waitlistCountQueryOptions()).data;
}
