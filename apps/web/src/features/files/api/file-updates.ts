import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { DASHBOARD_COUNTS_KEY, filesKeys } from './query-keys.ts';

/** Extraction moves a document's status in steps: read the files again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the Knowledge Base and Attachments screens live: the server sends 'files.changed'
 * ({ id: accountId }) when a file is stored, deleted or changed and when a document's reading
 * starts and ends. The sidebar badges and overview cards follow.
 */
export function registerFileUpdates(): () => void {
  const undoFiles = refreshOnRealtimeEvent('files.changed', filesKeys.all, REFRESH_AT_MOST_EVERY_MS);
  const undoCounts = refreshOnRealtimeEvent('files.changed', DASHBOARD_COUNTS_KEY, REFRESH_AT_MOST_EVERY_MS);
  return () => {
    undoFiles();
    undoCounts();
  };
}
