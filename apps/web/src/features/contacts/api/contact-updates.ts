import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { contactKeys } from './query-keys.ts';

/** A sync can rebuild contacts after every batch: read them again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the Contacts screen live: the server sends 'contacts.changed' ({ id: accountId }) whenever
 * an account's contact book is rebuilt or updated from new mail.
 */
export function registerContactUpdates(): () => void {
  return refreshOnRealtimeEvent('contacts.changed', contactKeys.all, REFRESH_AT_MOST_EVERY_MS);
}
