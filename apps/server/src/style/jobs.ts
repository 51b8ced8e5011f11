import { z } from 'zod';
import { defineJob } from '../platform/queue.ts';

/**
 * Rebuilds one account's style profile from its stored mail: enqueued at start for every account
 * whose stored profile an older engine wrote (its fingerprint version is not the current one).
 */
export const rebuildStyleProfileJob = defineJob({
  name: 'style.rebuild-profile',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
});
