import type { SecretBox } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import type { Queue } from '../platform/queue.ts';
import type { GoogleConfig } from './connectors/gmail/google-clients.ts';
import { connectorFactory } from './connectors/index.ts';
import { type MessageParser, parseInline } from './parse-messages.ts';
import * as repo from './repo.ts';
import { indexSearchJob } from './search-index.ts';
import { type SyncOptions, type SyncResult, syncAccount } from './sync.ts';

export type MailDeps = {
  db: Db;
  secretBox: SecretBox;
  imapCa?: string;
  google?: GoogleConfig | null;
  parseMessages?: MessageParser;
  /** Where the search indexer is enqueued once new mail is stored. */
  queue?: Pick<Queue, 'enqueue'>;
};

/**
 * Downloads an account's new mail with the production connectors and parser, then hands the new
 * mail to the search indexer (which fills its full-text vectors in the background).
 */
export async function runSync(deps: MailDeps, params: { userId: string; accountId: string; options?: SyncOptions }): Promise<SyncResult> {
  const result = await syncAccount(
    {
      db: deps.db,
      openConnector: connectorFactory({ secretBox: deps.secretBox, imapCa: deps.imapCa, google: deps.google }),
      // The server's worker-thread pool when there is one; parsing on this thread blocks IMAP and inserts.
      parseMessages: deps.parseMessages ?? parseInline,
    },
    params,
  );
  if (result.stored > 0) await deps.queue?.enqueue(indexSearchJob, {}, { singletonKey: 'search-index' });
  return result;
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
