import type { Readable } from 'node:stream';
import { CONNECTION_CHECK_MESSAGES } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { allowsPrivateMailHosts } from '../env.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { checkMailServer } from '../platform/mail-server-check.ts';
import { createImapClient, createImapConnector, toMailError } from './connectors/imap/imap-connector.ts';
import {
  connectorFactory,
  imapSettings,
  MAIL_HOST_MESSAGES,
  MICROSOFT_NOT_CONFIGURED,
  microsoftImapSettings,
  withMicrosoftAccessToken,
} from './connectors/index.ts';
import { type ResolvedMailHost, resolveMailHost } from './connectors/mail-host.ts';
import { countZipMessages } from './connectors/mbox/zip-file.ts';
import { MailError } from './connectors/types.ts';

export { MailError } from './connectors/types.ts';

import { inboxWatchFactory } from './connectors/inbox-watch.ts';
import { indexStoredMailJob, syncMailJob } from './jobs.ts';
import * as repo from './repo.ts';
import { indexEmailsForSearch } from './search-index.ts';
import { type SyncOptions, type SyncResult, syncAccount } from './sync.ts';
import { DEFAULT_WATCHER_OPTIONS, type MailWatcher, type MailWatcherOptions, startMailWatcher } from './watcher.ts';

// Imported mailbox files, as the import checks them before an account exists.
export { encodeMailboxSecret } from './connectors/mbox/mbox-connector.ts';
export { type MailboxFileKind, SNIFF_BYTES as MAILBOX_SNIFF_BYTES, sniffMailboxFile } from './connectors/mbox/sniff.ts';
export type { SyncOptions } from './sync.ts';

/** How many messages a stored zip of .eml files holds, from its central directory; throws when it is no readable zip. */
export function countZipMessagesAt({ storage }: Pick<Deps, 'storage'>, key: string): Promise<number> {
  return countZipMessages(storage.absolutePath(key));
}

/** What a download needs: the connectors' secrets and settings, the parser, and the queue it publishes "mail stored" on. */
export type SyncRunDeps = Pick<
  Deps,
  'env' | 'db' | 'queue' | 'secretBox' | 'storage' | 'google' | 'microsoft' | 'imapCa' | 'parseMessages'
>;

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
      openConnector: connectorFactory({
        secretBox: deps.secretBox,
        storage: deps.storage,
        imapCa: deps.imapCa,
        google: deps.google,
        microsoft: deps.microsoft,
        allowPrivateHosts: allowsPrivateMailHosts(deps.env),
      }),
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

export type { MailWatcher } from './watcher.ts';

/**
 * Starts the new mail watcher (worker processes): IMAP IDLE on each active, initialized IMAP account
 * (at most MAIL_WATCH_MAX_CONNECTIONS) and a Gmail history poll every GMAIL_POLL_SECONDS; new mail
 * enqueues the account's sync. Stop it before the queue closes.
 */
export function startNewMailWatcher(
  deps: Pick<Deps, 'env' | 'db' | 'queue' | 'secretBox' | 'storage' | 'google' | 'microsoft' | 'imapCa'>,
  overrides: Partial<MailWatcherOptions> = {},
): MailWatcher {
  return startMailWatcher(
    {
      listAccounts: () => repo.listAccountsToWatch(deps.db),
      inboxCursor: (accountId) => repo.findFolderCursor(deps.db, accountId, 'INBOX'),
      openWatch: inboxWatchFactory({
        secretBox: deps.secretBox,
        storage: deps.storage,
        imapCa: deps.imapCa,
        google: deps.google,
        microsoft: deps.microsoft,
        allowPrivateHosts: allowsPrivateMailHosts(deps.env),
      }),
      onNewMail: (params) => enqueueSync(deps, params),
    },
    {
      ...DEFAULT_WATCHER_OPTIONS,
      maxImapConnections: deps.env.MAIL_WATCH_MAX_CONNECTIONS,
      gmailPollMs: deps.env.GMAIL_POLL_SECONDS * 1000,
      ...overrides,
    },
  );
}

/** While an account downloads, the indexer looks this often whether the download has ended... */
const DOWNLOAD_CHECK_MS = 250;
/** ...for at most this long in one run; then the run hands over to a later one (a job is not held for ever)... */
const DOWNLOAD_WAIT_PER_RUN_MS = 60_000;
/**
 * ...and meanwhile indexes the other accounts' mail this often (finding it reads past the
 * downloading account's queue entries, so not at every look).
 */
const OTHERS_EVERY_MS = 5_000;

/**
 * The search indexer's run: every email waiting for its full-text vector. The mail of an account
 * that is downloading waits for its download to end (decision 012: indexing beside a download made
 * it about 45 % slower on two cores, 2.5 s against 3.6-4.0 s on the sync bench; it is found by
 * subject and sender meanwhile); every other account's mail is indexed meanwhile, so one long
 * download never holds back the search of the others (another user's, or the same user's other
 * mailbox).
 */
export async function indexStoredMail(
  { db, queue }: Pick<Deps, 'db' | 'queue'>,
  _trigger: { accountId?: string | undefined },
  options: { downloadCheckMs?: number; downloadWaitMs?: number; othersEveryMs?: number } = {},
) {
  const deadline = Date.now() + (options.downloadWaitMs ?? DOWNLOAD_WAIT_PER_RUN_MS);
  let othersAt = 0;
  for (;;) {
    const downloading = await repo.downloadingAccounts(db);
    if (downloading.length === 0) {
      await indexEmailsForSearch(db);
      return;
    }
    if (Date.now() >= othersAt) {
      await indexEmailsForSearch(db, { skipAccounts: downloading });
      othersAt = Date.now() + (options.othersEveryMs ?? OTHERS_EVERY_MS);
    }
    if (Date.now() >= deadline) {
      await queue.enqueue(indexStoredMailJob, {}, { startAfterSeconds: 1 });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, options.downloadCheckMs ?? DOWNLOAD_CHECK_MS));
  }
}

/** At start: mail stored while the process was down, or mid-way when it stopped, still needs its vectors. */
export async function resumeSearchIndexing({ queue }: Pick<Deps, 'queue'>): Promise<void> {
  await queue.enqueue(indexStoredMailJob, {});
}

export { imapSettings } from './connectors/index.ts';
/** The private-host rule's test of one address (the accounts' mail server lookup checks DNS answers with it). */
export { isPublicAddress } from './connectors/public-address.ts';

/** What "Show original" needs to reach a mailbox: the connectors' secrets and settings. */
export type MailboxReadDeps = Pick<Deps, 'env' | 'db' | 'secretBox' | 'storage' | 'google' | 'microsoft' | 'imapCa'>;

/**
 * A stored message as its mailbox holds it (raw RFC 822), streamed from the account's source (IMAP,
 * Gmail, the imported file) by its `provider_uid` (`folder:id`); null when the account is not the
 * user's or the message is no longer there. The connection closes when the stream ends or is
 * destroyed. Throws `MailError` (AUTH, TEMPORARY, ...) when the mailbox cannot be read.
 */
export async function openOriginalMessage(
  deps: MailboxReadDeps,
  params: { userId: string; accountId: string; providerUid: string },
): Promise<Readable | null> {
  const account = await repo.findSyncAccount(deps.db, params.userId, params.accountId);
  const at = params.providerUid.lastIndexOf(':');
  if (!account || at < 0) return null;
  const path = params.providerUid.slice(0, at);
  const id = params.providerUid.slice(at + 1);
  const connector = await connectorFactory({
    secretBox: deps.secretBox,
    storage: deps.storage,
    imapCa: deps.imapCa,
    google: deps.google,
    microsoft: deps.microsoft,
    allowPrivateHosts: allowsPrivateMailHosts(deps.env),
  })(account);
  try {
    const folder = (await connector.listFolders()).find((f) => f.path === path);
    const stream = folder ? await connector.openOriginal(folder, id) : null;
    if (!stream) {
      await connector.close();
      return null;
    }
    stream.once('close', () => void connector.close().catch(() => {}));
    return stream;
  } catch (error) {
    await connector.close().catch(() => {});
    throw error;
  }
}

type ImapSettings = ReturnType<typeof imapSettings>;

/**
 * Logs in to the server with these settings, and out again, as a check of a server the user names
 * (platform/mail-server-check.ts: counted per user, one generic failure after `timeoutMs`; a
 * refused password is said at once). `allowPrivateHosts` false (open sign-up) refuses hosts with a
 * loopback, private or link-local address before any connection is made.
 */
export async function checkImapLogin({
  db,
  userId,
  settings,
  password,
  imapCa,
  allowPrivateHosts,
  timeoutMs,
}: {
  db: Db;
  userId: string;
  settings: ImapSettings;
  password: string;
  imapCa: string | undefined;
  allowPrivateHosts: boolean;
  timeoutMs: number;
}) {
  const { host, port } = settings;
  const target = await resolveMailHost(host, { allowPrivate: allowPrivateHosts });
  if ('refused' in target) {
    logger.info({ host, port, reason: target.refused, detail: target.detail }, 'mail server refused before connecting');
    throw new AppError('BAD_REQUEST', target.refused === 'private' ? MAIL_HOST_MESSAGES.privateHost : CONNECTION_CHECK_MESSAGES.failed);
  }
  const explain = (error: unknown) =>
    error instanceof MailError && error.code === 'AUTH' ? new AppError('BAD_REQUEST', CONNECTION_CHECK_MESSAGES.refusedLogin(host)) : null;
  await checkMailServer({ db, userId, timeoutMs, log: { protocol: 'imap', host, port, address: target.address }, explain }, async () => {
    const connector = await createImapConnector({ ...settings, address: target.address, password, ca: imapCa });
    try {
      await connector.listFolders();
    } finally {
      await connector.close().catch(() => {});
    }
  });
}

/**
 * Logs in with an OAuth access token (XOAUTH2, Microsoft 365) and out again, before an account is
 * saved. The host is the operator's setting, so the private-address rule does not apply. Throws
 * `MailError` (AUTH when the server refuses the token).
 */
export async function checkImapTokenLogin({
  settings,
  accessToken,
  imapCa,
}: {
  settings: ImapSettings;
  accessToken: string;
  imapCa: string | undefined;
}): Promise<void> {
  const connector = await createImapConnector({ ...settings, accessToken, ...(imapCa ? { ca: imapCa } : {}) });
  try {
    await connector.listFolders();
  } finally {
    await connector.close().catch(() => {});
  }
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

/**
 * Refreshes the account's proposals of addresses that may be the user's (also done at the end of
 * every sync). False when the account is not the user's.
 */
export function refreshAliasProposals({ db, userId, accountId }: AccountScope): Promise<boolean> {
  return repo.refreshAliasProposals(db, userId, accountId);
}

/**
 * The ids of the account's emails that are outgoing when its addresses now say incoming, or the
 * other way (mail the mailbox files as sent is always outgoing).
 */
export function listMailDirectionChanges({ db, userId, accountId }: AccountScope): Promise<string[]> {
  return repo.listDirectionChanges(db, userId, accountId);
}

/** Gives these emails the direction the account's addresses now give them; answers how many changed. */
export function remarkMailDirection({ db, userId, accountId }: AccountScope, emailIds: string[]): Promise<number> {
  return repo.remarkDirection(db, userId, accountId, emailIds);
}

/** Whether a download of the account is running (a stale one, whose process died, is not). */
export function isDownloading({ db }: Pick<Deps, 'db'>, accountId: string): Promise<boolean> {
  return repo.isDownloading(db, accountId);
}

// ---------------------------------------------------------------------------------------------
// Delivery (issue 20) writes into the mailbox: it reaches IMAP and mail hosts through these.

/**
 * The one address a mail server connection may go to (IMAP or SMTP): the same private-host rule
 * as the sync's (refused with open sign-up unless ALLOW_PRIVATE_MAIL_HOSTS).
 */
export function resolveMailServer(deps: Pick<Deps, 'env'>, host: string): Promise<ResolvedMailHost> {
  return resolveMailHost(host, { allowPrivate: allowsPrivateMailHosts(deps.env) });
}

/**
 * A connected imapflow client on an IMAP account of the user (the sync's settings, host rule and
 * TLS), for writing into the mailbox (APPEND to Drafts or Sent); the caller logs out. Throws
 * `MailError` (AUTH, TEMPORARY, NOT_FOUND for a refused host).
 */
export async function connectImapAccount(
  deps: Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'microsoft'>,
  params: { userId: string; accountId: string },
) {
  const account = await repo.findSyncAccount(deps.db, params.userId, params.accountId);
  if (account?.provider !== 'exchange' && account?.provider !== 'outlook') throw new MailError('NOT_FOUND', 'No IMAP account');
  if (!account.encryptedPassword) throw new MailError('AUTH', 'No credentials stored for this account');
  const connect = async (client: ReturnType<typeof createImapClient>) => {
    try {
      await client.connect();
    } catch (error) {
      throw toMailError(error);
    }
    return client;
  };
  if (account.provider === 'outlook') {
    const microsoft = deps.microsoft;
    if (!microsoft) throw new MailError('NOT_FOUND', MICROSOFT_NOT_CONFIGURED);
    const settings = microsoftImapSettings(microsoft, account);
    return withMicrosoftAccessToken(microsoft, account, (accessToken) =>
      connect(createImapClient({ ...settings, accessToken, ...(deps.imapCa ? { ca: deps.imapCa } : {}) })),
    );
  }
  const settings = imapSettings(account);
  const target = await resolveMailServer(deps, settings.host);
  if ('refused' in target) {
    if (target.refused === 'private') throw new MailError('NOT_FOUND', MAIL_HOST_MESSAGES.privateHost);
    throw new MailError('TEMPORARY', MAIL_HOST_MESSAGES.unresolved(settings.host));
  }
  return connect(
    createImapClient({
      ...settings,
      address: target.address,
      password: deps.secretBox.decrypt(account.encryptedPassword),
      ...(deps.imapCa ? { ca: deps.imapCa } : {}),
    }),
  );
}
