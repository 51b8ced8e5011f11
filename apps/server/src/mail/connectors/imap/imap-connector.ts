import { ImapFlow } from 'imapflow';
import { messageIdOfHeader } from '../../engine/message-id-of-header.ts';
import {
  type FolderCursor,
  type ListQuery,
  type MailConnector,
  MailError,
  type MessageEnvelope,
  type MessageList,
  type RawMessage,
  type RemoteFolder,
} from '../types.ts';
import { uidSet } from './uid-set.ts';

/** A password, or an OAuth 2.0 access token sent with AUTH=XOAUTH2 (Microsoft 365). */
export type ImapCredentials = { password: string; accessToken?: undefined } | { accessToken: string; password?: undefined };

export type ImapConfig = ImapCredentials & {
  host: string;
  port: number;
  user: string;
  /** Extra trusted CA (PEM). Operators use NODE_EXTRA_CA_CERTS; tests pass their own. */
  ca?: string;
  /** The IP address `host` was resolved to and checked as; connected to instead of resolving again. TLS still checks `host`. */
  address?: string;
};

const SENT_NAMES = /^(sent|sent items|sent mail|sent messages|gesendet|envoy[ée]s|enviados|inviati|\[gmail\]\/sent mail)$/i;

/** Maps imapflow and socket errors to the connector error codes. */
export function toMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const e = error as {
    authenticationFailed?: boolean;
    code?: string;
    message?: string;
    responseText?: string;
    serverResponseCode?: string;
  };
  const message = e?.responseText || e?.message || String(error);
  if (e?.authenticationFailed || e?.serverResponseCode === 'AUTHENTICATIONFAILED')
    return new MailError('AUTH', `Authentication failed: ${message}`, { cause: error });
  if (e?.code === 'NotFound' || e?.serverResponseCode === 'NONEXISTENT') return new MailError('NOT_FOUND', message, { cause: error });
  if (e?.code === 'ETHROTTLE' || e?.serverResponseCode === 'LIMIT')
    return new MailError('RATE_LIMIT', message, { cause: error, retryAfterMs: 30_000 });
  return new MailError('TEMPORARY', message, { cause: error });
}

function folderRole(path: string, specialUse: string | undefined): RemoteFolder['role'] {
  if (specialUse === '\\Inbox' || path.toUpperCase() === 'INBOX') return 'inbox';
  if (specialUse === '\\Sent' || SENT_NAMES.test(path)) return 'sent';
  return 'other';
}

/**
 * An imapflow client for these settings (not yet connected): port 993 is implicit TLS, others must
 * upgrade with STARTTLS. `autoIdle` lets imapflow IDLE whenever the connection is quiet (the new
 * mail watcher); the sync issues its own commands and never idles.
 */
export function createImapClient(config: ImapConfig, options: { autoIdle?: boolean; maxIdleMs?: number } = {}): ImapFlow {
  const implicitTls = config.port === 993;
  const client = new ImapFlow({
    host: config.address ?? config.host,
    port: config.port,
    secure: implicitTls,
    // Any other port must upgrade: never send the password in the clear.
    doSTARTTLS: implicitTls ? undefined : true,
    auth:
      config.accessToken === undefined
        ? { user: config.user, pass: config.password }
        : { user: config.user, accessToken: config.accessToken },
    tls: { rejectUnauthorized: true, servername: config.host, ...(config.ca ? { ca: config.ca } : {}) },
    logger: false,
    disableAutoIdle: !options.autoIdle,
    // imapflow waits 15 s of quiet before its IDLE by default: mail in that window went unnoticed.
    ...(options.autoIdle ? { autoIdleDelay: 100 } : {}),
    ...(options.maxIdleMs ? { maxIdleTime: options.maxIdleMs } : {}),
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
  });
  client.on('error', () => {
    // Socket errors also reject the pending command (or close the connection); this keeps them from crashing the process.
  });
  return client;
}

/** IMAP (Exchange, Dovecot, Yahoo, Fastmail, any server). */
export async function createImapConnector(config: ImapConfig): Promise<MailConnector> {
  const client = createImapClient(config);
  try {
    await client.connect();
  } catch (error) {
    throw toMailError(error);
  }

  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toMailError(error);
    }
  };

  return {
    listFolders: () =>
      run(async () => {
        const folders = await client.list();
        return folders
          .filter((f) => !f.flags.has('\\Noselect'))
          .map((f) => ({ path: f.path, specialUse: f.specialUse ?? null, role: folderRole(f.path, f.specialUse) }));
      }),

    listMessageIds: (folder, query) => run(() => listIds(client, folder, query)),

    async *fetchMessages(folder, ids) {
      if (ids.length === 0) return;
      const lock = await run(() => client.getMailboxLock(folder.path, { readOnly: true }));
      try {
        const stream = client.fetch(uidSet(ids), { uid: true, source: true, internalDate: true, flags: true }, { uid: true });
        for await (const message of stream) {
          if (!message.source) continue;
          const raw: RawMessage = { id: String(message.uid), raw: message.source, seen: message.flags?.has('\\Seen') ?? false };
          if (message.internalDate) raw.internalDate = new Date(message.internalDate);
          yield raw;
        }
      } catch (error) {
        throw toMailError(error);
      } finally {
        lock.release();
      }
    },

    async *fetchEnvelopes(folder, ids) {
      if (ids.length === 0) return;
      const lock = await run(() => client.getMailboxLock(folder.path, { readOnly: true }));
      try {
        // Only the Message-ID lines and the size: a few dozen bytes a message instead of the message.
        const stream = client.fetch(uidSet(ids), { uid: true, size: true, headers: ['message-id'] }, { uid: true });
        for await (const message of stream) {
          const envelope: MessageEnvelope = {
            id: String(message.uid),
            messageId: message.headers ? await messageIdOfHeader(message.headers) : null,
          };
          if (message.size != null) envelope.sizeBytes = message.size;
          yield envelope;
        }
      } catch (error) {
        throw toMailError(error);
      } finally {
        lock.release();
      }
    },

    async openOriginal(folder, id) {
      const lock = await run(() => client.getMailboxLock(folder.path, { readOnly: true }));
      try {
        // Chunked FETCHes of BODY.PEEK[] while the stream is read; the folder stays selected until it ends.
        const { content } = await client.download(id, undefined, { uid: true });
        if (!content) {
          lock.release();
          return null;
        }
        content.once('close', () => lock.release());
        return content;
      } catch (error) {
        lock.release();
        throw toMailError(error);
      }
    },

    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}

async function listIds(client: ImapFlow, folder: RemoteFolder, query: ListQuery): Promise<MessageList> {
  const status = await client.status(folder.path, { messages: true, uidNext: true, uidValidity: true, highestModseq: true });
  if (!status) throw new MailError('NOT_FOUND', `Folder ${folder.path} not found`);
  const validity = status.uidValidity?.toString();
  const cursor = query.cursor;
  const current: FolderCursor = {
    validity,
    messageCount: status.messages,
    uidNext: status.uidNext?.toString(),
    modseq: status.highestModseq?.toString(),
  };
  const reset = Boolean(cursor?.validity && cursor.validity !== validity);
  if (
    !reset &&
    cursor?.lastId &&
    cursor.uidNext === current.uidNext &&
    cursor.messageCount === current.messageCount &&
    (cursor.modseq ?? null) === (current.modseq ?? null)
  ) {
    return { ids: [], cursor: { ...cursor, ...current }, reset: false, unchanged: true };
  }
  const lastUid = reset ? 0 : Number(cursor?.lastId ?? 0);
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  try {
    const search: Record<string, unknown> = { uid: `${lastUid + 1}:*` };
    if (query.since) search.since = query.since;
    if (query.before) search.before = query.before;
    const found = (await client.search(search, { uid: true })) || [];
    // `N:*` always matches the highest UID even when it is below N.
    const ids = found.filter((uid) => uid > lastUid).sort((a, b) => a - b);
    const highest = ids.length ? ids[ids.length - 1]! : lastUid;
    return {
      ids: ids.map(String),
      cursor: { ...current, lastId: String(highest) },
      reset,
      unchanged: false,
    };
  } finally {
    lock.release();
  }
}
