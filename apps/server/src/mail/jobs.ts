import { z } from 'zod';
import { defineEvent, defineJob } from '../platform/queue.ts';

/** Why mail was stored: subscribers that only care about new mail skip the initial and training downloads. */
export const MAIL_STORED_SOURCES = ['initial', 'sync', 'training'] as const;
export type MailStoredSource = (typeof MAIL_STORED_SOURCES)[number];

/**
 * Mail was stored: published in the transaction that stored it, once per batch of a download, with
 * the ids of the emails that batch inserted. Contacts, the search index and (later) triage and
 * drafting subscribe to it in `job-handlers.ts`; the sync knows none of them.
 */
export const mailStoredEvent = defineEvent({
  name: 'mail.stored',
  payload: z.object({
    userId: z.string(),
    accountId: z.uuid(),
    emailIds: z.array(z.uuid()),
    source: z.enum(MAIL_STORED_SOURCES),
  }),
});
export type MailStored = z.infer<typeof mailStoredEvent.payload>;

/** One download of an account's new mail (Download button, scheduler). */
export const syncMailJob = defineJob({
  name: 'mail.sync',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
});

/** Every SYNC_INTERVAL_MINUTES: an incremental sync for each active, initialized account. */
export const scheduleMailSyncJob = defineJob({ name: 'mail.sync-due', payload: z.object({}).passthrough() });

/**
 * The search indexer, a subscriber of mail stored (and enqueued at start for mail left unindexed).
 * At most one run waits ('short'): a run indexes everything queued, so more would find nothing to
 * do. Not 'stately': its waiting run was not fetched until pg-boss's monitor counted the queue
 * again, up to two minutes after a long run ended (issue 33; runs may overlap, decision 012).
 */
export const indexStoredMailJob = defineJob({
  name: 'mail.index-stored-mail',
  payload: z.object({}).passthrough(),
  retryLimit: 5,
  policy: 'short',
});
