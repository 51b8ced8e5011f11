import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { overviewKeys } from './query-keys.ts';

/** A sync publishes an update after every batch: read the overview again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 2000;

/**
 * Keeps the stat cards and Recent Activity live: an 'account.updated' event (sync batches,
 * initialization steps) makes them stale, at most once every two seconds.
 */
export function registerOverviewUpdates(): () => void {
  return refreshOnRealtimeEvent('account.updated', overviewKeys.all, REFRESH_AT_MOST_EVERY_MS);
}
