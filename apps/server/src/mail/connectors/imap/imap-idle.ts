import type { InboxWatch, MailError } from '../types.ts';
import { createImapClient, type ImapConfig, toMailError } from './imap-connector.ts';

/**
 * Servers may drop an IDLE after 30 minutes (RFC 2177 asks clients to re-issue it within 29);
 * imapflow breaks and re-issues it this often, which also shows a dead connection early.
 */
const MAX_IDLE_MS = 5 * 60_000;

/**
 * One IMAP connection that selects INBOX read-only and stays in IDLE; `onNewMail` is called each
 * time the server announces more messages (EXISTS grew). `closed` resolves when the connection
 * ends for any reason other than `close()` (the server dropped it, the network failed), with the
 * error when one is known.
 */
export async function watchImapInbox(config: ImapConfig, onNewMail: () => void): Promise<InboxWatch> {
  const client = createImapClient(config, { autoIdle: true, maxIdleMs: MAX_IDLE_MS });
  let lastError: MailError | null = null;
  let closing = false;
  let resolveClosed: (error: MailError | null) => void = () => {};
  const closed = new Promise<MailError | null>((resolve) => {
    resolveClosed = resolve;
  });
  client.on('error', (error: unknown) => {
    lastError = toMailError(error);
  });
  client.on('close', () => {
    if (!closing) resolveClosed(lastError);
  });
  client.on('exists', (update: { path: string; count: number; prevCount: number }) => {
    if (update.count > update.prevCount) onNewMail();
  });
  try {
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    closing = true;
    client.close();
    throw toMailError(error);
  }
  return {
    closed,
    async close() {
      if (closing) return;
      closing = true;
      resolveClosed(null);
      await client.logout().catch(() => client.close());
    },
  };
}
