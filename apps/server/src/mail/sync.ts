import { ACCOUNT_MESSAGES, MICROSOFT_MESSAGES } from '@penman/contract';
import { notifyFailure } from '../notifications/service.ts';
import type { Db } from '../platform/db/client.ts';
import { logger } from '../platform/logger.ts';
import type { Queue } from '../platform/queue.ts';
import { publishEvent } from '../platform/realtime.ts';
import {
  type MailConnector,
  MailError,
  type MessageEnvelope,
  type RawMessage,
  type RemoteFolder,
  retryPolicy,
} from './connectors/types.ts';
import type { ParsedMessage } from './engine/parse-message.ts';
import { type MailStoredSource, mailStoredEvent } from './jobs.ts';
import type { MessageParser } from './parse-messages.ts';
import * as repo from './repo.ts';

/** Opens the right connector for an account (IMAP, Gmail, mbox); injected so tests can add a CA. */
export type ConnectorFactory = (account: repo.SyncAccount) => Promise<MailConnector>;

export type SyncDeps = {
  db: Db;
  openConnector: ConnectorFactory;
  parseMessages: MessageParser;
  /** Where "mail stored" is published, in each batch's transaction. */
  queue: Pick<Queue, 'publish'>;
  sleep?: (ms: number) => Promise<void>;
};

export type SyncOptions = {
  /** Only messages in this date range (training downloads). */
  since?: Date;
  before?: Date;
  /** Which folders: both (default), inbox only (Build Inbox Contacts) or sent only (style corpus). */
  folders?: 'all' | 'inbox' | 'sent';
  /** At most this many new messages in this run (newest first); null = unlimited. */
  limit?: number | null;
  markTrainingData?: boolean;
  /** Told to the subscribers of mail stored: 'sync' (the default), 'initial' or 'training'. */
  source?: MailStoredSource;
};

export type SyncResult = { status: 'completed' | 'stopped' | 'failed'; stored: number; error?: string; errorCode?: string };

/**
 * Messages per batch: one FETCH, one parse task, one transaction. Each batch costs a few round
 * trips and a commit, so 150 downloads the bench mailbox ~10 % faster than 100; larger batches
 * gain no more and hold more mail in memory (400: peak RSS over 300 MB; BENCHMARKS.md).
 */
export const SYNC_BATCH_SIZE = 150;
/**
 * Bytes of mail per batch at most, when the connector tells what its messages weigh (imports):
 * 150 messages near the 25 MB import limit would be 3.7 GB, and the sync holds up to
 * PREPARE_AHEAD + STORE_CONCURRENCY batches. A message larger than this is a batch of its own.
 * Ordinary mail (150 messages of 15 KB on average) stays far below it.
 */
export const SYNC_BATCH_BYTES = 16 * 1024 * 1024;
/** Batches fetched and parsed ahead of the one being stored. */
const PREPARE_AHEAD = 2;
/** Batches being stored at once (each in its own transaction, committed in order). */
const STORE_CONCURRENCY = 2;

const SPECIAL_USE_BY_ROLE = { inbox: '\\Inbox', sent: '\\Sent' } as const;

/** Envelopes read and matched against the stored mail per round trip, after a folder's ids were reset. */
const ENVELOPE_BATCH_SIZE = 1000;

const providerUid = (folder: RemoteFolder, id: string) => `${folder.path}:${id}`;

function toRow(
  account: repo.SyncAccount,
  folder: RemoteFolder,
  raw: RawMessage,
  parsed: ParsedMessage,
  options: SyncOptions,
  ownAddresses: Set<string>,
): repo.EmailToStore {
  const isOutgoing = folder.role === 'sent' || (parsed.senderEmail != null && ownAddresses.has(parsed.senderEmail));
  return {
    userId: account.userId,
    emailAccountId: account.id,
    messageKey: parsed.messageKey,
    messageId: parsed.messageId,
    threadId: parsed.threadId,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    providerUid: providerUid(folder, raw.id),
    subject: parsed.subject,
    senderEmail: parsed.senderEmail,
    senderName: parsed.senderName,
    recipientEmails: parsed.recipientEmails,
    ccEmails: parsed.ccEmails,
    recipientNames: parsed.recipientNames,
    receivedDate: parsed.date ?? raw.internalDate ?? null,
    dateUnknown: parsed.dateUnknown,
    folderName: folder.path,
    hasAttachments: parsed.hasAttachments,
    // A body not stored is null, not the empty body of its header block.
    bodyText: raw.bodyOmitted ? null : parsed.bodyText,
    bodyHtml: raw.bodyOmitted ? null : parsed.bodyHtml,
    isOutgoing,
    isTrainingData: options.markTrainingData ?? false,
    isRead: isOutgoing || (raw.seen ?? false),
    // A message stored without its body: its real size, and why (counted on the account).
    sizeBytes: raw.bodyOmitted?.sizeBytes ?? parsed.sizeBytes,
    contentHash: parsed.contentHash,
    parseProblem: raw.bodyOmitted ? [raw.bodyOmitted.note, parsed.parseProblem].filter(Boolean).join('\n') : parsed.parseProblem,
    headers: Object.fromEntries(Object.entries(parsed.headers).filter(([, v]) => v != null)),
    attachments: parsed.attachments,
  };
}

class StopRequested extends Error {}

/** Consecutive batches of `ids`: SYNC_BATCH_SIZE messages at most, and SYNC_BATCH_BYTES when `sizes` are known. */
function splitIntoBatches(ids: string[], sizes?: number[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (let i = 0; i < ids.length; i++) {
    const size = sizes?.[i] ?? 0;
    if (batch.length === SYNC_BATCH_SIZE || (batch.length > 0 && bytes + size > SYNC_BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(ids[i]!);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Downloads an account's new mail: folder by folder, batch by batch, each batch stored with its
 * folder cursor in one transaction, so a crash or a cut connection resumes where it stopped and
 * never stores a message twice. Transient failures reconnect with backoff; an authentication
 * failure stops the account with a clear error.
 */
export async function syncAccount(
  deps: SyncDeps,
  params: { userId: string; accountId: string; options?: SyncOptions },
): Promise<SyncResult> {
  const { db } = deps;
  const options = params.options ?? {};
  const account = await repo.findSyncAccount(db, params.userId, params.accountId);
  if (!account) return { status: 'failed', stored: 0, error: 'Email account not found', errorCode: 'NOT_FOUND' };
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const notify = () => publishEvent(db, account.userId, { type: 'account.updated', data: { id: account.id } }).catch(() => {});

  await repo.setSyncState(db, account, { status: 'running' });
  await notify();
  let stored = 0;
  let remaining = options.limit ?? account.maxEmailsPerDownload ?? Number.POSITIVE_INFINITY;
  const ownAddresses = new Set([account.emailAddress.toLowerCase(), ...account.aliases]);

  for (let attempt = 1; ; attempt++) {
    let connector: MailConnector | undefined;
    const storedBeforeAttempt = stored;
    try {
      connector = await deps.openConnector(account);
      const folders = (await connector.listFolders()).filter((f) =>
        options.folders === 'inbox' ? f.role === 'inbox' : options.folders === 'sent' ? f.role === 'sent' : f.role !== 'other',
      );
      for (const folder of folders) {
        const onStored = (n: number) => {
          stored += n;
          remaining -= n;
        };
        await syncFolder(deps, connector, account, folder, options, ownAddresses, remaining, notify, onStored);
        if (remaining <= 0) break;
      }
      await connector.close();
      await repo.finishSync(db, account);
      await repo.setSyncState(db, account, { status: 'completed' });
      await notify();
      return { status: 'completed', stored };
    } catch (error) {
      await connector?.close().catch(() => {});
      if (error instanceof StopRequested) {
        await repo.finishSync(db, account);
        await repo.setSyncState(db, account, { status: 'stopped' });
        await notify();
        return { status: 'stopped', stored };
      }
      // An attempt that stored something made progress: the backoff starts over.
      if (stored > storedBeforeAttempt) attempt = 1;
      const decision = retryPolicy(error, attempt);
      const mailError = error instanceof MailError ? error : undefined;
      logger.warn(
        { accountId: account.id, attempt, code: mailError?.code ?? 'UNKNOWN', err: mailError ? undefined : error, decision },
        'mail sync attempt failed',
      );
      if (decision.action === 'retry') {
        await sleep(decision.delayMs);
        if (await repo.isStopRequested(db, account.id)) continue;
        continue;
      }
      const message = decision.reason === 'auth' ? authFailureMessage(mailError) : (mailError?.message ?? 'Mail sync failed');
      await repo.finishSync(db, account).catch(() => {});
      await repo.setSyncState(db, account, { status: 'failed', error: message, errorCode: mailError?.code ?? 'TEMPORARY' });
      await notify();
      await notifyFailure({ db, userId: account.userId }, { kind: 'sync_failed', reason: message, address: account.emailAddress });
      return { status: 'failed', stored, error: message, errorCode: mailError?.code ?? 'TEMPORARY' };
    }
  }
}

async function syncFolder(
  deps: SyncDeps,
  connector: MailConnector,
  account: repo.SyncAccount,
  folder: RemoteFolder,
  options: SyncOptions,
  ownAddresses: Set<string>,
  remaining: number,
  notify: () => Promise<unknown>,
  onStored: (count: number) => void,
): Promise<void> {
  const { db } = deps;
  const owner = { id: account.id, userId: account.userId };
  const folderRecord = { path: folder.path, specialUse: folder.role === 'other' ? folder.specialUse : SPECIAL_USE_BY_ROLE[folder.role] };
  // Date-limited runs (training) list the whole range; cursors belong to the regular sync.
  const ranged = Boolean(options.since || options.before);
  const cursor = ranged ? undefined : await repo.findFolderCursor(db, account.id, folder.path);
  const list = await connector.listMessageIds(folder, { cursor, since: options.since, before: options.before });
  if (list.unchanged) {
    await repo.saveFolderCursor(db, owner, folderRecord, list.cursor);
    return;
  }
  // After a reset the list is the whole folder, mostly mail stored already: only the rest is downloaded.
  const wanted =
    list.reset && connector.fetchEnvelopes
      ? await idsNotStored(db, owner, folder, list.ids, (batch) => connector.fetchEnvelopes!(folder, batch))
      : list.ids;
  // The validity stored with each batch's resume point. After a reset the ids below a resume point
  // were matched by envelope, not all downloaded: the old validity stays until the folder is
  // complete, so a cut sync matches envelopes again rather than downloading all above that point.
  const resumeValidity = list.reset && connector.fetchEnvelopes ? cursor?.validity : list.cursor.validity;
  // A cap keeps the newest messages.
  const ids = Number.isFinite(remaining) ? wanted.slice(Math.max(0, wanted.length - remaining)) : wanted;
  const timings = { fetchMs: 0, parseMs: 0, storeMs: 0 };
  const sizeOf = list.sizes ? new Map(list.ids.map((id, i) => [id, list.sizes![i] ?? 0])) : undefined;
  const batches = splitIntoBatches(ids, sizeOf && ids.map((id) => sizeOf.get(id) ?? 0));

  // A pipeline: while batches are stored, the next ones are fetched (the IMAP connection serves
  // one fetch at a time, so fetches are chained) and parsed (worker threads).
  let lastFetch: Promise<unknown> = Promise.resolve();
  const prepare = (batchIds: string[]) => {
    const fetched = lastFetch.then(async () => {
      const mark = performance.now();
      const raws: RawMessage[] = [];
      for await (const raw of connector.fetchMessages(folder, batchIds)) raws.push(raw);
      timings.fetchMs += performance.now() - mark;
      return raws;
    });
    lastFetch = fetched.catch(() => {});
    const prepared = fetched.then(async (raws) => {
      const mark = performance.now();
      const parsed = await deps.parseMessages(raws.map((r) => r.raw));
      timings.parseMs += performance.now() - mark;
      return { raws, parsed };
    });
    // Awaited later; until then a failure must not count as unhandled.
    prepared.catch(() => {});
    return prepared;
  };

  // Two ahead, so the next fetch starts while a batch is still being parsed instead of after it.
  const ahead: ReturnType<typeof prepare>[] = [];
  let prepared = 0;
  const prepareAhead = () => {
    while (prepared < batches.length && ahead.length < PREPARE_AHEAD) ahead.push(prepare(batches[prepared++]!));
  };
  // Up to STORE_CONCURRENCY batches are stored at once, each in its own transaction, so PostgreSQL
  // (index maintenance, TOAST) works on more than one core. They commit in batch
  // order: a batch inserts, then waits for the previous batch's commit before its counters and
  // resume point, so the cursor never passes a message that is not stored, and a failed batch
  // rolls back every later one with it.
  let previousCommit: Promise<unknown> = Promise.resolve();
  let previousKeys = new Set<string>();
  const storing: Promise<unknown>[] = [];
  try {
    for (let index = 0; index < batches.length; index++) {
      const batchIds = batches[index]!;
      prepareAhead();
      if (await repo.isStopRequested(db, account.id)) throw new StopRequested();
      const { raws, parsed } = await ahead.shift()!;
      prepareAhead();
      const keys = new Set<string>();
      const rows: repo.EmailToStore[] = [];
      for (let i = 0; i < raws.length; i++) {
        const row = toRow(account, folder, raws[i]!, parsed[i]!, options, ownAddresses);
        // A message also in the batch still being stored is that batch's to insert: two open
        // transactions inserting one key would wait on each other.
        if (previousKeys.has(row.messageKey)) continue;
        keys.add(row.messageKey);
        rows.push(row);
      }
      previousKeys = keys;
      const highest = batchIds[batchIds.length - 1]!;
      const afterPrevious = previousCommit;
      const mark = performance.now();
      const committed = db
        .transaction(async (tx) => {
          const inserted = await repo.insertEmailBatch(tx, rows);
          await afterPrevious;
          await repo.addToCounters(tx, account.id, inserted);
          if (inserted.length > 0) {
            const emailIds = inserted.map((email) => email.id);
            const source = options.source ?? 'sync';
            await deps.queue.publish(mailStoredEvent, { userId: account.userId, accountId: account.id, emailIds, source }, { tx });
          }
          // Resume point: everything up to the batch's highest id is stored. uidNext/messageCount
          // are left out until the folder is complete, so a partial folder never looks unchanged.
          if (!ranged) await repo.saveFolderCursor(tx, owner, folderRecord, { validity: resumeValidity, lastId: highest });
          return inserted.length;
        })
        .then(async (insertedInBatch) => {
          timings.storeMs += performance.now() - mark;
          onStored(insertedInBatch);
          await notify();
        });
      // Awaited below; until then a failure must not count as unhandled.
      committed.catch(() => {});
      previousCommit = committed;
      storing.push(committed);
      if (storing.length >= STORE_CONCURRENCY) await storing.shift();
    }
    await Promise.all(storing);
  } catch (error) {
    // Nothing may still run on the database or the IMAP connection once this folder gives up.
    await Promise.allSettled([...storing, lastFetch]);
    throw error;
  }
  // Let a prefetch still running end before the connection is reused or closed.
  await lastFetch;
  logger.debug({ accountId: account.id, folder: folder.path, messages: ids.length, ...timings }, 'folder synced');
  if (!ranged && (ids.length === wanted.length || ids.length === 0)) await repo.saveFolderCursor(db, owner, folderRecord, list.cursor);
  else if (!ranged) await repo.saveFolderCursor(db, owner, folderRecord, { ...list.cursor, uidNext: undefined, messageCount: undefined });
}

/**
 * The ids of `ids` whose message the account has not stored, in the same order, from their
 * envelopes (a new UIDVALIDITY renumbers a folder without changing its mail: Courier on every
 * session, Exchange after a mailbox move). A message without a Message-ID is downloaded, since only
 * its content identifies it. Messages found stored take their new ids (`relinkStoredMessages`).
 */
async function idsNotStored(
  db: Db,
  owner: { id: string; userId: string },
  folder: RemoteFolder,
  ids: string[],
  fetchEnvelopes: (ids: string[]) => AsyncIterable<MessageEnvelope>,
): Promise<string[]> {
  const missing: string[] = [];
  let skippedBytes = 0;
  for (let start = 0; start < ids.length; start += ENVELOPE_BATCH_SIZE) {
    const batch = ids.slice(start, start + ENVELOPE_BATCH_SIZE);
    const needed = new Set<string>();
    const byKey: { id: string; messageKey: string; sizeBytes: number }[] = [];
    for await (const envelope of fetchEnvelopes(batch)) {
      if (envelope.messageId) byKey.push({ id: envelope.id, messageKey: envelope.messageId, sizeBytes: envelope.sizeBytes ?? 0 });
      else needed.add(envelope.id);
    }
    const stored = await repo.relinkStoredMessages(
      db,
      owner,
      folder.path,
      byKey.map((m) => ({ messageKey: m.messageKey, providerUid: providerUid(folder, m.id) })),
    );
    for (const m of byKey) {
      if (stored.has(m.messageKey)) skippedBytes += m.sizeBytes;
      else needed.add(m.id);
    }
    // Ids without an envelope were expunged meanwhile: nothing to download.
    for (const id of batch) if (needed.has(id)) missing.push(id);
  }
  logger.info(
    { accountId: owner.id, folder: folder.path, listed: ids.length, missing: missing.length, skippedBytes },
    'folder ids were reset',
  );
  return missing;
}

/**
 * What a refused login tells the user: Microsoft's own words when its consent was revoked or the
 * mailbox refuses IMAP (a new sign-in, or an administrator, is what helps), else that the saved
 * credentials were refused. Never the server's raw answer.
 */
function authFailureMessage(error: MailError | undefined): string {
  const own: readonly string[] = [MICROSOFT_MESSAGES.reconnectNeeded, MICROSOFT_MESSAGES.imapDisabled];
  return error && own.includes(error.message) ? error.message : ACCOUNT_MESSAGES.reconnectNeeded;
}
