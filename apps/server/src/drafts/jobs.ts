import { z } from 'zod';
import { mailStoredEvent } from '../mail/jobs.ts';
import { defineJob } from '../platform/queue.ts';
import { emailsTriagedEvent } from '../understanding/jobs.ts';

/** Drafting follows triage: a subscriber of `emails.triaged` (the emails that need a reply). */
export const draftTriagedMailJob = defineJob({
  name: 'drafts.on-emails-triaged',
  payload: emailsTriagedEvent.payload,
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
 * Learning from the user's own replies (issue 20): outgoing mail answering a drafted email is that
 * draft's final text. A subscriber of mail stored.
 */
export const learnFromOwnRepliesJob = defineJob({
  name: 'drafts.learn-from-own-replies',
  payload: mailStoredEvent.payload,
  retryLimit: 3,
});
