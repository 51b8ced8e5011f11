import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { trainingKeys } from './query-keys.ts';

/** A download publishes an account update after every batch: read the training data again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the Training screen live: the server sends 'training.changed' ({ id: accountId }) when a
 * session starts or ends or a style profile is stored, and 'account.updated' when the counters move.
 */
export function registerTrainingUpdates(): () => void {
  const undoTraining = refreshOnRealtimeEvent('training.changed', trainingKeys.all, REFRESH_AT_MOST_EVERY_MS);
  const undoAccount = refreshOnRealtimeEvent('account.updated', trainingKeys.all, REFRESH_AT_MOST_EVERY_MS);
  return () => {
    undoTraining();
    undoAccount();
  };
}
