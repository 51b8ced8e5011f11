import { logger } from '../platform/logger.ts';
import type { OpenInboxWatch, WatchKind } from './connectors/inbox-watch.ts';
import { watchKindOf } from './connectors/inbox-watch.ts';
import type { FolderCursor, InboxWatch, MailError } from './connectors/types.ts';
import type { SyncAccount } from './repo.ts';

/**
 * New mail noticed at once (issue 18, "Speed"): one IMAP IDLE connection per active, initialized
 * IMAP account and a 30 s history poll per Gmail account; new mail enqueues the account's sync.
 * The SYNC_INTERVAL_MINUTES schedule stays as the fallback (accounts over the cap, watches that
 * are down, missed events).
 */
export type MailWatcherOptions = {
  /** Open IMAP IDLE connections at most (each holds a socket and a server session); 0 = none. */
  maxImapConnections: number;
  gmailPollMs: number;
  /** How often the list of accounts to watch is read again (accounts added, paused, removed). */
  refreshMs: number;
  /** Back-off after a failed or dropped watch: from `baseMs`, doubling, up to `maxMs`, with jitter. */
  backoff: { baseMs: number; maxMs: number };
  /** A watch that lived this long was healthy: its next failure starts the back-off afresh. */
  stableMs: number;
  /** Events closer than this are one sync (a burst of deliveries, EXISTS repeated). */
  coalesceMs: number;
  random: () => number;
};

export const DEFAULT_WATCHER_OPTIONS: Omit<MailWatcherOptions, 'maxImapConnections' | 'gmailPollMs'> = {
  // A newly initialized account is watched within 15 s (one small query of the active accounts).
  refreshMs: 15_000,
  // 1 s, 2 s, 4 s ... 5 min: a server restart is bridged in seconds; a server that is down for
  // long (or refuses the password) is asked every few minutes, not hammered.
  backoff: { baseMs: 1_000, maxMs: 5 * 60_000 },
  stableMs: 60_000,
  coalesceMs: 500,
  random: Math.random,
};

export type MailWatcherDeps = {
  listAccounts: () => Promise<SyncAccount[]>;
  inboxCursor: (accountId: string) => Promise<FolderCursor | undefined>;
  openWatch: OpenInboxWatch;
  /** Enqueues the account's sync (one per account: the job's singleton key). */
  onNewMail: (account: { userId: string; accountId: string }) => Promise<void>;
};

export type MailWatcher = {
  /** Reads the accounts again now, opening and closing watches to match (also runs every `refreshMs`). */
  refresh: () => Promise<void>;
  /** The accounts whose watch is open now, by kind. */
  open: () => { imap: string[]; gmail: string[] };
  /** Closes every watch; nothing is opened again. */
  stop: () => Promise<void>;
};

type Entry = {
  account: SyncAccount;
  kind: WatchKind;
  watch?: InboxWatch;
  /** Opening, or waiting to open again: counts against the cap like an open connection. */
  pending: boolean;
  failures: number;
  retry?: NodeJS.Timeout;
  /** The open in flight, awaited on stop so no connection outlives it. */
  opening?: Promise<void>;
  coalesce?: NodeJS.Timeout;
  removed: boolean;
  /**
   * Sync once the watch opens: an account that appears after the watcher started (just initialized,
   * resumed, or its password changed) may have received mail before its watch opened.
   */
  catchUp: boolean;
};

/** Back-off with "equal jitter": half the doubled delay fixed, half random, so many accounts dropped at once do not reconnect in step. */
export function backoffDelay(failures: number, backoff: { baseMs: number; maxMs: number }, random: () => number): number {
  const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(delay / 2 + (random() * delay) / 2);
}

export function startMailWatcher(deps: MailWatcherDeps, options: MailWatcherOptions): MailWatcher {
  const entries = new Map<string, Entry>();
  let stopped = false;
  let refreshing: Promise<void> | undefined;
  let reconciled = false;

  const imapHeld = () => [...entries.values()].filter((e) => e.kind === 'imap').length;

  const notify = (entry: Entry) => {
    if (entry.coalesce || stopped || entry.removed) return;
    entry.coalesce = setTimeout(() => {
      entry.coalesce = undefined;
      if (stopped || entry.removed) return;
      deps.onNewMail({ userId: entry.account.userId, accountId: entry.account.id }).catch((error) => {
        logger.warn({ accountId: entry.account.id, err: error }, 'could not enqueue the sync of new mail');
      });
    }, options.coalesceMs);
  };

  const scheduleRetry = (entry: Entry, error: MailError | null) => {
    if (stopped || entry.removed) return;
    entry.failures += 1;
    // A refused password or a missing server does not fix itself in seconds.
    const delay =
      error && (error.code === 'AUTH' || error.code === 'NOT_FOUND')
        ? options.backoff.maxMs
        : Math.max(backoffDelay(entry.failures, options.backoff, options.random), error?.retryAfterMs ?? 0);
    logger.info({ accountId: entry.account.id, kind: entry.kind, code: error?.code ?? null, retryInMs: delay }, 'inbox watch closed');
    entry.pending = true;
    entry.retry = setTimeout(() => {
      entry.retry = undefined;
      entry.opening = open(entry);
    }, delay);
  };

  const open = async (entry: Entry) => {
    if (stopped || entry.removed) return;
    entry.pending = true;
    let watch: InboxWatch;
    try {
      watch = await deps.openWatch(entry.account, {
        onNewMail: () => notify(entry),
        inboxCursor: () => deps.inboxCursor(entry.account.id),
        gmailPollMs: options.gmailPollMs,
      });
    } catch (error) {
      scheduleRetry(entry, error as MailError);
      return;
    }
    if (stopped || entry.removed) {
      await watch.close().catch(() => {});
      return;
    }
    entry.watch = watch;
    entry.pending = false;
    const openedAt = Date.now();
    // Mail that arrived while the watch was down, or before it first opened, is only in the next sync: ask for one.
    if (entry.failures > 0 || entry.catchUp) notify(entry);
    entry.catchUp = false;
    void watch.closed.then((error) => {
      if (entry.watch !== watch) return;
      entry.watch = undefined;
      if (Date.now() - openedAt >= options.stableMs) entry.failures = 0;
      scheduleRetry(entry, error);
    });
  };

  const remove = async (entry: Entry) => {
    entry.removed = true;
    entries.delete(entry.account.id);
    if (entry.retry) clearTimeout(entry.retry);
    if (entry.coalesce) clearTimeout(entry.coalesce);
    await entry.opening;
    const watch = entry.watch;
    entry.watch = undefined;
    await watch?.close().catch(() => {});
  };

  const reconcile = async () => {
    const accounts = await deps.listAccounts();
    if (stopped) return;
    const wanted = new Map(accounts.map((a) => [a.id, a]));
    for (const entry of [...entries.values()]) {
      const account = wanted.get(entry.account.id);
      // Gone, paused, or its settings or password changed: close (and open afresh below).
      if (
        !account ||
        account.encryptedPassword !== entry.account.encryptedPassword ||
        account.port !== entry.account.port ||
        account.serverUrl !== entry.account.serverUrl ||
        account.username !== entry.account.username
      )
        await remove(entry);
    }
    let capped = 0;
    for (const account of accounts) {
      if (entries.has(account.id)) continue;
      const kind = watchKindOf(account);
      if (!kind) continue;
      if (kind === 'imap' && imapHeld() >= options.maxImapConnections) {
        capped += 1;
        continue;
      }
      // At the watcher's start every account is behind by at most the schedule, which catches up; later arrivals sync at once.
      const entry: Entry = { account, kind, pending: true, failures: 0, removed: false, catchUp: reconciled };
      entries.set(account.id, entry);
      entry.opening = open(entry);
    }
    reconciled = true;
    if (capped > 0)
      logger.info({ capped, max: options.maxImapConnections }, 'IMAP accounts over the IDLE connection cap rely on the scheduled sync');
  };

  const refresh = () => {
    refreshing ??= reconcile()
      .catch((error) => logger.warn({ err: error }, 'could not read the accounts to watch'))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  const timer = setInterval(() => void refresh(), options.refreshMs);
  timer.unref();
  void refresh();

  return {
    refresh,
    open: () => {
      const openOf = (kind: WatchKind) => [...entries.values()].filter((e) => e.kind === kind && e.watch).map((e) => e.account.id);
      return { imap: openOf('imap'), gmail: openOf('gmail') };
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await refreshing;
      await Promise.all([...entries.values()].map(remove));
    },
  };
}
