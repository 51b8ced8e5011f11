import { Readable } from 'node:stream';
import type { gmail_v1 } from '@googleapis/gmail';
import { createGmailApi, createOAuthClient, type GoogleConfig } from '../../../platform/google.ts';
import {
  type FolderCursor,
  type ListQuery,
  type MailConnector,
  MailError,
  type MessageList,
  type RawMessage,
  type RemoteFolder,
} from '../types.ts';

/**
 * Gmail over its REST API (read-only scope). Folders are the INBOX and SENT system labels.
 *
 * Ids: the sync engine stores a folder's resume point as an integer, so this connector speaks Gmail
 * message ids (64-bit, hexadecimal) in decimal and turns them back into hex for the API.
 *
 * Cursor: `modseq` is the mailbox historyId up to which the folder is complete (only in the cursor
 * of a finished folder); `validity` is the historyId from which the current list was taken, kept in
 * the per-batch cursor; `lastId` is the last stored id of that list. So:
 * - no cursor: list the label (newest first, returned oldest first);
 * - `modseq`: history.list since it (messages added to the label); a history id too old for Gmail
 *   (404) falls back to listing the whole label, with `reset`;
 * - `lastId` without `modseq` (a run cut off mid-folder): list again and skip up to `lastId`, plus
 *   what history since `validity` added (mail added out of date order meanwhile). Stored mail is
 *   never duplicated whatever is listed twice: inserts are idempotent.
 */
export type GmailConnectorConfig = { google: GoogleConfig; refreshToken: string };

const FOLDERS: RemoteFolder[] = [
  { path: 'INBOX', role: 'inbox', specialUse: 'INBOX' },
  { path: 'SENT', role: 'sent', specialUse: 'SENT' },
];
const PAGE_SIZE = 500;
const FETCH_CONCURRENCY = 10;
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);
const AUTH_OAUTH_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client', 'invalid_token']);

/** Gmail id (hex) <-> the decimal form the engine stores. */
export const gmailIdToEngine = (hexId: string): string => BigInt(`0x${hexId}`).toString(10);
export const engineIdToGmail = (id: string): string => BigInt(id).toString(16);

type HttpFailure = {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; headers?: Headers | Record<string, string>; data?: unknown };
};

function header(headers: Headers | Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Maps google-auth-library / Gmail API failures to the connector error codes. The library's error
 * (whose request carries tokens) is never attached: only its status and reason are kept.
 */
export function toMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const e = (error ?? {}) as HttpFailure;
  const status = e.response?.status ?? e.status;
  const data = (e.response?.data ?? {}) as { error?: unknown; error_description?: unknown };
  // The token endpoint answers { error: 'invalid_grant', ... }; the Gmail API { error: { code, errors: [{ reason }] } }.
  const oauthError = typeof data.error === 'string' ? data.error : undefined;
  const apiError =
    typeof data.error === 'object' && data.error ? (data.error as { message?: string; errors?: { reason?: string }[] }) : undefined;
  const reasons = (apiError?.errors ?? []).map((x) => x.reason ?? '');
  const detail = oauthError ?? apiError?.message ?? e.message ?? 'request failed';
  const message = status ? `Gmail answered ${status}: ${detail}` : `Could not reach Gmail: ${detail}`;

  if ((oauthError && AUTH_OAUTH_ERRORS.has(oauthError)) || status === 401) return new MailError('AUTH', message);
  if (status === 429 || (status === 403 && reasons.some((r) => RATE_LIMIT_REASONS.has(r)))) {
    const wait = retryAfterMs(header(e.response?.headers, 'retry-after'));
    return new MailError('RATE_LIMIT', message, wait === undefined ? {} : { retryAfterMs: wait });
  }
  // Any other refusal (access revoked, scope missing, account policy) needs the user to reconnect.
  if (status === 403) return new MailError('AUTH', message);
  if (status === 404) return new MailError('NOT_FOUND', message);
  return new MailError('TEMPORARY', message);
}

const isNotFound = (error: unknown) => toMailError(error).code === 'NOT_FOUND';

/** A history id the engine can store (it keeps `validity` as an integer). */
function storableHistoryId(historyId: string | null | undefined): string | undefined {
  return historyId && Number.isSafeInteger(Number(historyId)) ? historyId : undefined;
}

export function createGmailConnector(config: GmailConnectorConfig): MailConnector {
  const auth = createOAuthClient(config.google);
  auth.setCredentials({ refresh_token: config.refreshToken });
  const api = createGmailApi(config.google, auth);
  const users = api.users;

  const call = async <T>(work: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await work()).data;
    } catch (error) {
      throw toMailError(error);
    }
  };

  const currentHistoryId = async () => (await call(() => users.getProfile({ userId: 'me' }))).historyId ?? undefined;

  /** Every message id of a label (optionally in a date range), oldest first. */
  async function listLabel(label: string, query: ListQuery): Promise<string[]> {
    const terms: string[] = [];
    if (query.since) terms.push(`after:${Math.floor(query.since.getTime() / 1000) - 1}`);
    if (query.before) terms.push(`before:${Math.ceil(query.before.getTime() / 1000)}`);
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page: gmail_v1.Schema$ListMessagesResponse = await call(() =>
        users.messages.list({
          userId: 'me',
          labelIds: [label],
          maxResults: PAGE_SIZE,
          includeSpamTrash: false,
          ...(terms.length ? { q: terms.join(' ') } : {}),
          ...(pageToken ? { pageToken } : {}),
        }),
      );
      for (const message of page.messages ?? []) if (message.id) ids.push(message.id);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    // Gmail lists newest first.
    return [...new Set(ids)].reverse().map(gmailIdToEngine);
  }

  /** Ids added to a label since `startHistoryId`, oldest first; null when Gmail no longer has that history. */
  async function addedSince(label: string, startHistoryId: string): Promise<{ ids: string[]; historyId: string | undefined } | null> {
    const ids = new Set<string>();
    let historyId: string | undefined;
    let pageToken: string | undefined;
    try {
      do {
        const page: gmail_v1.Schema$ListHistoryResponse = (
          await users.history.list({
            userId: 'me',
            startHistoryId,
            labelId: label,
            historyTypes: ['messageAdded', 'labelAdded'],
            maxResults: PAGE_SIZE,
            ...(pageToken ? { pageToken } : {}),
          })
        ).data;
        // The first page's id: anything after it is seen again next time rather than missed.
        historyId ??= page.historyId ?? undefined;
        for (const record of page.history ?? []) {
          for (const added of record.messagesAdded ?? []) {
            const m = added.message;
            if (m?.id && (!m.labelIds || m.labelIds.includes(label))) ids.add(m.id);
          }
          for (const added of record.labelsAdded ?? []) {
            if (added.message?.id && added.labelIds?.includes(label)) ids.add(added.message.id);
          }
        }
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
    } catch (error) {
      // 404: the start id is older than the history Gmail keeps (about a week).
      if (isNotFound(error)) return null;
      throw toMailError(error);
    }
    return { ids: [...ids].map(gmailIdToEngine), historyId };
  }

  async function listIds(folder: RemoteFolder, query: ListQuery): Promise<MessageList> {
    const label = folder.path;
    const ranged = Boolean(query.since || query.before);
    const cursor = ranged ? undefined : query.cursor;

    if (cursor?.modseq) {
      const changes = await addedSince(label, cursor.modseq);
      if (changes) {
        const next: FolderCursor = { validity: storableHistoryId(cursor.modseq), modseq: changes.historyId ?? cursor.modseq };
        return { ids: changes.ids, cursor: next, reset: false, unchanged: changes.ids.length === 0 };
      }
      return { ...(await fullList(label, query)), reset: true };
    }
    if (cursor?.lastId) return resumeList(label, cursor, query);
    return fullList(label, query);
  }

  async function fullList(label: string, query: ListQuery): Promise<MessageList> {
    // Taken before listing: whatever arrives while the list runs is in the history after it.
    const start = await currentHistoryId();
    const ids = await listLabel(label, query);
    return { ids, cursor: { validity: storableHistoryId(start), modseq: start }, reset: false, unchanged: false };
  }

  async function resumeList(label: string, cursor: FolderCursor, query: ListQuery): Promise<MessageList> {
    const start = await currentHistoryId();
    const all = await listLabel(label, query);
    // The engine keeps the id as an integer, possibly rounded: compare as numbers.
    const last = Number(cursor.lastId);
    const at = all.findIndex((id) => Number(id) === last);
    const changes = at >= 0 && cursor.validity ? await addedSince(label, cursor.validity) : null;
    let ids = all;
    if (at >= 0 && changes) {
      const rest = all.slice(at + 1);
      const pending = new Set(rest);
      ids = [...changes.ids.filter((id) => !pending.has(id)), ...rest];
    }
    return { ids, cursor: { validity: storableHistoryId(start), modseq: start }, reset: false, unchanged: false };
  }

  async function fetchOne(id: string): Promise<RawMessage | null> {
    try {
      const { data } = await users.messages.get({ userId: 'me', id: engineIdToGmail(id), format: 'raw' });
      if (!data.raw) return null;
      const message: RawMessage = {
        id,
        raw: Buffer.from(data.raw, 'base64url'),
        seen: !(data.labelIds ?? []).includes('UNREAD'),
      };
      const internal = Number(data.internalDate);
      if (data.internalDate && Number.isFinite(internal)) message.internalDate = new Date(internal);
      return message;
    } catch (error) {
      // Deleted since it was listed.
      if (isNotFound(error)) return null;
      throw toMailError(error);
    }
  }

  return {
    listFolders: async () => FOLDERS.map((f) => ({ ...f })),

    listMessageIds: (folder, query) => listIds(folder, query),

    /** messages.get format=raw, FETCH_CONCURRENCY at a time, yielded in the order asked. */
    async *fetchMessages(_folder, ids) {
      const inFlight: Promise<RawMessage | null>[] = [];
      let next = 0;
      const launch = () => {
        const pending = fetchOne(ids[next++]!);
        // Awaited in order below; this keeps a failure that comes early from being "unhandled".
        pending.catch(() => {});
        inFlight.push(pending);
      };
      while (next < ids.length && inFlight.length < FETCH_CONCURRENCY) launch();
      while (inFlight.length > 0) {
        const message = await inFlight.shift()!;
        if (next < ids.length) launch();
        if (message) yield message;
      }
    },

    /** Gmail answers the raw message in one JSON document (base64url): it is decoded whole, then streamed. */
    async openOriginal(_folder, id) {
      const message = await fetchOne(id);
      return message ? Readable.from([message.raw]) : null;
    },

    async close() {
      // Stateless HTTP: nothing to close.
    },
  };
}
