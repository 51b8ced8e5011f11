import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { accountKeys } from './query-keys.ts';

/** A sync publishes an update after every batch: read the accounts again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the accounts list live: the server sends 'account.updated' ({ id }) whenever an account row
 * changes. Every screen that shows accounts registers it; the handler is added once.
 */
export function registerAccountUpdates(): () => void {
  return refreshOnRealtimeEvent('account.updated', accountKeys.all, REFRESH_AT_MOST_EVERY_MS);
}
