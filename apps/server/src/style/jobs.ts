import { mailStoredEvent } from '../mail/jobs.ts';
import { defineJob } from '../platform/queue.ts';

/** The style profile refreshed from newly sent mail (issue 20): a subscriber of mail stored. */
export const refreshStyleOnMailStoredJob = defineJob({
  name: 'style.refresh-on-mail-stored',
  payload: mailStoredEvent.payload,
  retryLimit: 2,
});
