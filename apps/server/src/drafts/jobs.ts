import { z } from 'zod';
import { mailStoredEvent } from '../mail/jobs.ts';
import { defineJob } from '../platform/queue.ts';

/** Triage follows stored mail: a subscriber of mail stored (needs_reply, needs_review, then drafting). */
export const triageStoredMailJob = defineJob({
  name: 'drafts.triage-on-mail-stored',
  payload: mailStoredEvent.payload,
  retryLimit: 3,
});

/** Drafts the reply to one email that needs one (idempotent: a pending draft is rewritten, a decided one kept). */
export const composeDraftJob = defineJob({
  name: 'drafts.compose',
  payload: z.object({ userId: z.string(), emailId: z.uuid() }),
  concurrency: 2,
  retryLimit: 2,
});

/**
 * Learns the account's needs_reply model again from its stored incoming and sent mail. At most one
 * waits per account ('stately' with the account as singleton key): a run reads everything stored.
 */
export const relearnTriageJob = defineJob({
  name: 'drafts.relearn-triage',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
  policy: 'stately',
});

/**
 * Learning from the user's own replies (issue 20): outgoing mail answering a drafted email is that
 * draft's final text. A subscriber of mail stored.
 */
export const learnFromOwnRepliesJob = defineJob({
  name: 'drafts.learn-from-own-replies',
  payload: mailStoredEvent.payload,
  retryLimit: 3,
});
