import { z } from 'zod';
import { mailStoredEvent } from '../mail/jobs.ts';
import { defineJob } from '../platform/queue.ts';

/** The style profile refreshed from newly sent mail (issue 20): a subscriber of mail stored. */
export const refreshStyleOnMailStoredJob = defineJob({
  name: 'style.refresh-on-mail-stored',
  payload: mailStoredEvent.payload,
  retryLimit: 2,
});

/**
 * Rebuilds one account's style profile from its stored mail: enqueued at start for every account
 * whose stored profile an older engine wrote (its fingerprint version is not the current one).
 */
export const rebuildStyleProfileJob = defineJob({
  name: 'style.rebuild-profile',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
});
