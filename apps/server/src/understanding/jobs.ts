import { z } from 'zod';
import { MAIL_STORED_SOURCES, mailStoredEvent } from '../mail/jobs.ts';
import { defineEvent, defineJob } from '../platform/queue.ts';

/** Understanding and triage follow stored mail: a subscriber of mail stored. */
export const understandStoredMailJob = defineJob({
  name: 'understanding.on-mail-stored',
  payload: mailStoredEvent.payload,
  retryLimit: 3,
});

/**
 * Learns the account's habits again (whom the user answers, the names people greet them by). At most
 * one waits per account ('stately' with the account as singleton key): a run reads everything stored.
 */
export const relearnTriageJob = defineJob({
  name: 'understanding.relearn-triage',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
  policy: 'stately',
});

/**
 * Emails triaged as needing a reply (by the engine, or by the user's correction): drafting
 * subscribes to it. `source` is the stored mail's (the initial download's older mail gets no draft).
 */
export const emailsTriagedEvent = defineEvent({
  name: 'emails.triaged',
  payload: z.object({ userId: z.string(), accountId: z.uuid(), emailIds: z.array(z.uuid()), source: z.enum(MAIL_STORED_SOURCES) }),
});
export type EmailsTriaged = z.infer<typeof emailsTriagedEvent.payload>;
