import type { Deps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { connectorFactory } from './connectors/index.ts';
import { indexStoredMailJob, syncMailJob } from './jobs.ts';
import * as repo from './repo.ts';
import { indexEmailsForSearch } from './search-index.ts';
import { type SyncOptions, type SyncResult, syncAccount } from './sync.ts';

export type { SyncOptions } from './sync.ts';

/** What a download needs: the connectors' secrets and settings, the parser, and the queue it publishes "mail stored" on. */
export type SyncRunDeps = Pick<Deps, 'db' | 'queue' | 'secretBox' | 'storage' | 'google' | 'imapCa' | 'parseMessages'>;

/**
 * Downloads an account's new mail with the production connectors and parser. Each stored batch
 * publishes "mail stored" (contacts, the search index and other subscribers react to it).
 */
export async function runSync(
  deps: SyncRunDeps,
  params: { userId: string; accountId: string; options?: SyncOptions },
): Promise<SyncResult> {
  return syncAccount(
    {
      db: deps.db,
      queue: deps.queue,
      openConnector: connectorFactory({ secretBox: deps.secretBox, storage: deps.storage, imapCa: deps.imapCa, google: deps.google }),
      parseMessages: deps.parseMessages,
    },
    params,
  );
}

/** The scheduler's tick: one incremental sync job for each active, initialized account. */
export async function enqueueScheduledSyncs({ db, queue }: Pick<Deps, 'db' | 'queue'>): Promise<void> {
  for (const account of await repo.listAccountsForScheduledSync(db)) {
    await queue.enqueue(syncMailJob, { userId: account.userId, accountId: account.id }, { singletonKey: `sync:${account.id}` });
  }
}

/** The Download button (and the scheduler): one incremental download of an account, as a background job. */
export async function enqueueSync({ queue }: Pick<Deps, 'queue'>, params: { userId: string; accountId: string }): Promise<void> {
  await queue.enqueue(syncMailJob, params, { singletonKey: `sync:${params.accountId}` });
}

/** Indexes every email waiting for its full-text vector (the search indexer's run). */
export async function indexStoredMail({ db }: Pick<Deps, 'db'>): Promise<void> {
  await indexEmailsForSearch(db);
}

/** At start: mail stored while the process was down, or mid-way when it stopped, still needs its vectors. */
export async function resumeSearchIndexing({ queue }: Pick<Deps, 'queue'>): Promise<void> {
  await queue.enqueue(indexStoredMailJob, {});
}

type AccountScope = { db: Db; userId: string; accountId: string };

/**
 * recalculate-email-stats: every counter of an account, its date range and daily average, exactly
 * from the stored mail and contacts (what every sync ends with). False when the account is not the user's.
 */
export function recalculateAccountStatistics({ db, userId, accountId }: AccountScope): Promise<boolean> {
  return repo.recalculateStatistics(db, userId, accountId);
}

/** calculate-top-senders: the account's 10 most frequent senders of incoming mail. False when not the user's. */
export function calculateTopSenders({ db, userId, accountId }: AccountScope): Promise<boolean> {
  return repo.calculateTopSenders(db, userId, accountId);
}
