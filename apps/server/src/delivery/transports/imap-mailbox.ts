import type { ImapFlow } from 'imapflow';

// Writing into an IMAP mailbox: the Drafts and Sent folders, APPEND, and the look-up of a message
// by its Message-ID that makes a retry safe.

const DRAFTS_NAMES = /^(drafts|draft|entw[üu]rfe|brouillons|borradores|bozze|concepten|utkast|kladder|rascunhos)$/i;
const SENT_NAMES = /^(sent|sent items|sent mail|sent messages|gesendet|gesendete elemente|envoy[ée]s|enviados|inviati|verzonden)$/i;

export type FolderRole = 'drafts' | 'sent';

const lastSegment = (path: string, delimiter: string | undefined) => (delimiter ? (path.split(delimiter).at(-1) ?? path) : path);

/**
 * The account's Drafts (or Sent) folder: SPECIAL-USE first (RFC 6154), then a usual name (also
 * under INBOX, as Courier and Cyrus nest them); created as "Drafts" / "Sent" when there is none.
 */
export async function findFolder(client: ImapFlow, role: FolderRole): Promise<string> {
  const folders = await client.list();
  const flag = role === 'drafts' ? '\\Drafts' : '\\Sent';
  const names = role === 'drafts' ? DRAFTS_NAMES : SENT_NAMES;
  const special = folders.find((f) => f.specialUse === flag);
  if (special) return special.path;
  const named = folders.find((f) => !f.flags.has('\\Noselect') && names.test(lastSegment(f.path, f.delimiter)));
  if (named) return named.path;
  const name = role === 'drafts' ? 'Drafts' : 'Sent';
  const created = await client.mailboxCreate(name);
  return created.path;
}

/** UIDs of the messages in `folder` whose Message-ID header is this one (without angle brackets). */
export async function findByMessageId(client: ImapFlow, folder: string, messageId: string): Promise<number[]> {
  const lock = await client.getMailboxLock(folder);
  try {
    const found = await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true });
    return found || [];
  } finally {
    lock.release();
  }
}

/** APPENDs the message with these flags; answers 'folder:uid' when the server says the uid (UIDPLUS). */
export async function appendMessage(client: ImapFlow, folder: string, raw: Buffer, flags: string[], date: Date): Promise<string | null> {
  const result = await client.append(folder, raw, flags, date);
  return result && typeof result === 'object' && result.uid ? `${folder}:${result.uid}` : null;
}
