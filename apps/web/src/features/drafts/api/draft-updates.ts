import { DRAFT_EVENTS } from '@penman/contract';
import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { DASHBOARD_KEY, draftsKeys } from './query-keys.ts';

/** Drafts arrive in bursts when a sync stores many messages: read the queue again at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 1000;

/**
 * Keeps the queue, its counts, the sidebar badge and the overview card live on every open tab: the
 * server sends 'draft.created' and 'draft.updated' ({ draftId, emailAccountId, status }) when a
 * draft is written, decided or written again in the other mode.
 */
export function registerDraftUpdates(): () => void {
  const undo = [DRAFT_EVENTS.created, DRAFT_EVENTS.updated].flatMap((event) => [
    refreshOnRealtimeEvent(event, draftsKeys.all, REFRESH_AT_MOST_EVERY_MS),
    refreshOnRealtimeEvent(event, DASHBOARD_KEY, REFRESH_AT_MOST_EVERY_MS),
  ]);
  return () => {
    for (const undoOne of undo) undoOne();
  };
}
