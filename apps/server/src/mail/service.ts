import type { SecretBox } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import type { GoogleConfig } from './connectors/gmail/google-clients.ts';
import { connectorFactory } from './connectors/index.ts';
import { type MessageParser, parseInline } from './parse-messages.ts';
import * as repo from './repo.ts';
import { type SyncOptions, type SyncResult, syncAccount } from './sync.ts';

export type MailDeps = { db: Db; secretBox: SecretBox; imapCa?: string; google?: GoogleConfig | null; parseMessages?: MessageParser };

/** Downloads an account's new mail with the production connectors and parser. */
export function runSync(deps: MailDeps, params: { userId: string; accountId: string; options?: SyncOptions }): Promise<SyncResult> {
  return syncAccount(
    {
      db: deps.db,
      openConnector: connectorFactory({ secretBox: deps.secretBox, imapCa: deps.imapCa, google: deps.google }),
      // The server's worker-thread pool when there is one; parsing on this thread blocks IMAP and inserts.
      parseMessages: deps.parseMessages ?? parseInline,
    },
    params,
  );
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
