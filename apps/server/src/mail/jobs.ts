import { z } from 'zod';
import { updateContactsForMailSince } from '../contacts/service.ts';
import { defineJob } from '../platform/queue.ts';
import { listAccountsForScheduledSync } from './repo.ts';
import { runSync } from './service.ts';

/** One download of an account's new mail (Download button, scheduler). */
export const syncMailJob = defineJob({
  name: 'mail.sync',
  payload: z.object({ userId: z.string(), accountId: z.uuid() }),
  retryLimit: 2,
  handler: async ({ userId, accountId }, deps) => {
    // Rows get created_at from the database clock; a minute of slack covers any skew with ours.
    const since = new Date(Date.now() - 60_000);
    const result = await runSync(deps, { userId, accountId });
    // The contact book follows new mail: only the contacts it involves are rebuilt.
    if (result.stored > 0) await updateContactsForMailSince({ db: deps.db, userId, accountId, since });
  },
});

function cronEvery(minutes: number): string {
  return minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.max(1, Math.floor(minutes / 60))} * * *`;
}

/** Every SYNC_INTERVAL_MINUTES: an incremental sync for each active, initialized account. */
export const scheduleMailSyncJob = defineJob({
  name: 'mail.sync-due',
  payload: z.object({}).passthrough(),
  cron: (deps) => cronEvery(deps.syncIntervalMinutes),
  handler: async (_payload, deps) => {
    for (const account of await listAccountsForScheduledSync(deps.db)) {
      await deps.queue.enqueue(syncMailJob, { userId: account.userId, accountId: account.id }, { singletonKey: `sync:${account.id}` });
    }
  },
});
