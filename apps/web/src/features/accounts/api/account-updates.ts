import type { QueryClient } from '@tanstack/react-query';
import { registerRealtimeHandler } from '@/lib/realtime.ts';
import { accountKeys } from './query-keys.ts';

/** A sync publishes an update after every batch: read the accounts again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the accounts list live: the server sends 'account.updated' ({ id }) whenever an account row
 * changes. Bursts are coalesced (first event at once, then at most one refresh a second) and a
 * refresh in flight is not cancelled, so a fast sync never starves the list.
 */
export function registerAccountUpdates(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRun = 0;
  let client: QueryClient | undefined;

  const refresh = () => {
    timer = undefined;
    lastRun = Date.now();
    void client?.invalidateQueries({ queryKey: accountKeys.all }, { cancelRefetch: false });
  };

  const unregister = registerRealtimeHandler('account.updated', (_data, queryClient) => {
    client = queryClient;
    if (timer) return;
    timer = setTimeout(refresh, Math.max(0, lastRun + REFRESH_AT_MOST_EVERY_MS - Date.now()));
  });
  return () => {
    clearTimeout(timer);
    unregister();
  };
}
