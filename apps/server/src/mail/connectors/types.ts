import type { Readable } from 'node:stream';

/**
 * One interface for every mail source (IMAP, Gmail, mbox import). Connectors throw `MailError`
 * with a code from a closed set; `retryPolicy()` decides retry / throttle / fail in one place.
 */
export type FolderRole = 'inbox' | 'sent' | 'other';

export type RemoteFolder = {
  path: string;
  role: FolderRole;
  /** Raw special-use flag or system label, for the record. */
  specialUse: string | null;
};

/** Where a folder's sync stopped. Opaque to the sync engine except for equality. */
export type FolderCursor = {
  /** IMAP UIDVALIDITY / Gmail: absent. A change means the ids of the folder were reset. */
  validity?: string;
  /** Highest id already stored (IMAP UID as text, mbox byte offset, ...). */
  lastId?: string;
  /** IMAP HIGHESTMODSEQ or Gmail historyId. */
  modseq?: string;
  /** Cheap change detection: the folder's message count and next UID when last seen. */
  messageCount?: number;
  uidNext?: string;
};

export type ListQuery = {
  cursor?: FolderCursor;
  /** Only messages received on or after / before these (training downloads, caps). */
  since?: Date;
  before?: Date;
};

export type MessageList = {
  /** New message ids, oldest first. */
  ids: string[];
  /** The cursor once all of `ids` are stored. */
  cursor: FolderCursor;
  /** True when the folder's ids were reset (UIDVALIDITY change): the list is the whole folder. */
  reset: boolean;
  /** True when nothing changed since `cursor` (a cheap status check), so `ids` is empty. */
  unchanged: boolean;
  /**
   * What each of `ids` weighs once fetched, in bytes, when the connector knows it without fetching
   * (mbox, zip): the sync then bounds its batches by bytes as well as by count.
   */
  sizes?: number[];
};

/** How the note of a message stored without its body starts (`parse_problem`; counted per account). */
export const BODY_NOT_STORED = 'Body not stored: ';

export type RawMessage = {
  id: string;
  raw: Buffer;
  internalDate?: Date;
  seen?: boolean;
  /**
   * Set when the connector kept only the message's header block (it was over a size limit): `raw`
   * is that block, `sizeBytes` the whole message's size, `note` says why, starting with BODY_NOT_STORED.
   */
  bodyOmitted?: { sizeBytes: number; note: string };
};

/** What tells, without its body, whether a message is stored already. */
export type MessageEnvelope = {
  id: string;
  /** The Message-ID as `parseMessage` gives it (`messageIdOfHeader`); null: only the content identifies it. */
  messageId: string | null;
  sizeBytes?: number;
};

export interface MailConnector {
  /**
   * The message `id` of `folder` as the source holds it (the raw RFC 822 bytes, for "Show
   * original"), streamed; null when it is no longer there. The stream must be read or destroyed:
   * the connector may hold its folder until then.
   */
  openOriginal(folder: RemoteFolder, id: string): Promise<Readable | null>;
  listFolders(): Promise<RemoteFolder[]>;
  listMessageIds(folder: RemoteFolder, query: ListQuery): Promise<MessageList>;
  /** Yields the raw messages of `ids` (any order); ids that vanished are skipped. */
  fetchMessages(folder: RemoteFolder, ids: string[]): AsyncIterable<RawMessage>;
  /**
   * Yields the envelopes of `ids` (any order; ids that vanished are skipped). Read after a `reset`
   * so that mail already stored is not downloaded again; only connectors whose ids can be reset
   * under stored mail (IMAP's UIDVALIDITY) have it.
   */
  fetchEnvelopes?(folder: RemoteFolder, ids: string[]): AsyncIterable<MessageEnvelope>;
  close(): Promise<void>;
}

export const MAIL_ERROR_CODES = ['AUTH', 'RATE_LIMIT', 'TEMPORARY', 'NOT_FOUND', 'CURSOR_INVALID'] as const;
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[number];

export class MailError extends Error {
  readonly code: MailErrorCode;
  /** Server-suggested wait before retrying (rate limits). */
  readonly retryAfterMs?: number;

  constructor(code: MailErrorCode, message: string, options: { cause?: unknown; retryAfterMs?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MailError';
    this.code = code;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

export type RetryDecision = { action: 'retry'; delayMs: number } | { action: 'fail'; reason: 'auth' | 'gone' | 'exhausted' };

const MAX_ATTEMPTS = 6;

/** The one place that maps a connector failure to what the sync does next. */
export function retryPolicy(error: unknown, attempt: number): RetryDecision {
  const code = error instanceof MailError ? error.code : 'TEMPORARY';
  if (code === 'AUTH') return { action: 'fail', reason: 'auth' };
  if (code === 'NOT_FOUND') return { action: 'fail', reason: 'gone' };
  if (attempt >= MAX_ATTEMPTS) return { action: 'fail', reason: 'exhausted' };
  // Exponential backoff with jitter: 0.5 s, 1 s, 2 s, ... capped at 30 s.
  const base = Math.min(30_000, 500 * 2 ** (attempt - 1));
  const throttled = error instanceof MailError && error.retryAfterMs ? Math.max(base, error.retryAfterMs) : base;
  return { action: 'retry', delayMs: Math.round(throttled * (0.75 + Math.random() * 0.5)) };
}

/**
 * A live watch of an account's INBOX (IMAP IDLE, Gmail history polling). `closed` resolves when the
 * watch ended by itself (connection dropped, provider error), with the error when one is known;
 * `close()` ends it and resolves `closed` with null.
 */
export type InboxWatch = {
  closed: Promise<MailError | null>;
  close: () => Promise<void>;
};
