import { mailStoredEvent } from '../mail/jobs.ts';
import { defineJob } from '../platform/queue.ts';

/** The contact book follows new mail: a subscriber of mail stored. */
export const updateContactsForStoredMailJob = defineJob({
  name: 'contacts.on-mail-stored',
  payload: mailStoredEvent.payload,
  retryLimit: 3,
});
