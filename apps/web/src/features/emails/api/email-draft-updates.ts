import { DRAFT_EVENTS } from '@penman/contract';
import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';
import { emailKeys } from './query-keys.ts';

const REFRESH_AT_MOST_EVERY_MS = 1000;

/** An open email's draft panel follows its draft (written, decided, or written again) on every tab. */
export function registerEmailDraftUpdates(): () => void {
  const drafts = [...emailKeys.all, 'draft'] as const;
  const undoCreated = refreshOnRealtimeEvent(DRAFT_EVENTS.created, drafts, REFRESH_AT_MOST_EVERY_MS);
  const undoUpdated = refreshOnRealtimeEvent(DRAFT_EVENTS.updated, drafts, REFRESH_AT_MOST_EVERY_MS);
  return () => {
    undoCreated();
    undoUpdated();
  };
}
