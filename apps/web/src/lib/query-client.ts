import { QUERY_RETRY, QUERY_STALE_MS } from '@penman/contract';
import { QueryClient } from '@tanstack/react-query';

/** One retry for queries and mutations (spec), but never for a 4xx: asking again cannot change it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < QUERY_RETRY;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: shouldRetry },
      mutations: { retry: shouldRetry },
    },
  });
}

/** The app's cache; route loaders use it to warm queries before a page renders. */
export const queryClient = createQueryClient();
