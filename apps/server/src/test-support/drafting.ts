import { and, eq } from 'drizzle-orm';
import { imapMailboxIdentity } from '../accounts/service.ts';
import type { Deps } from '../deps.ts';
import { runSync } from '../mail/service.ts';
import { drafts, emailAccounts, emails, emailTriage } from '../platform/db/schema/index.ts';
import { type DovecotServer, openTestMailbox } from './dovecot.ts';

// Drafting's tests and its speed bench: mail written for the purpose, an initialized IMAP account on
// the test Dovecot (or Gmail account on the Google stand-in), delivery by IMAP APPEND, and polling for what the pipeline wrote.

/** A message from a person to the account, asking something (RFC 5322, CRLF). */
export function personalMail({
  from,
  to,
  subject,
  body,
  messageId,
  date = new Date(),
  headers = {},
}: {
  from: string;
  to: string;
  subject: string;
  body: string;
  messageId: string;
  date?: Date;
  headers?: Record<string, string>;
}): Buffer {
  const lines = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    ...Object.entries(headers).map(([key, value]) => `${key}: ${value}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ];
  return Buffer.from(lines.join('\r\n'));
}

/** A newsletter (List-Id, List-Unsubscribe): never needs a reply. */
export function newsletterMail({ to, messageId }: { to: string; messageId: string }): Buffer {
  return personalMail({
    from: 'News <news@lists.example.org>',
    to,
    subject: 'This week in gardening',
    body: 'Ten tips for autumn. Would you like to read more?',
    messageId,
    headers: { 'List-Id': '<gardening.lists.example.org>', 'List-Unsubscribe': '<https://lists.example.org/u>' },
  });
}

/** An initialized, active IMAP account of `userId` on the test Dovecot, its initial download done. */
export async function addInitializedImapAccount(
  deps: Deps,
  dovecot: DovecotServer,
  { userId, mailUser, emailAddress, seed = [] }: { userId: string; mailUser: string; emailAddress: string; seed?: Buffer[] },
): Promise<string> {
  dovecot.addUser(mailUser, `${mailUser}-pw`);
  if (seed.length > 0)
    dovecot.seed(
      mailUser,
      'INBOX',
      seed.map((raw) => ({ raw })),
    );
  const [row] = await deps.db
    .insert(emailAccounts)
    .values({
      userId,
      emailAddress,
      provider: 'exchange',
      serverUrl: 'localhost',
      port: dovecot.imapPort,
      username: mailUser,
      encryptedPassword: deps.secretBox.encrypt(`${mailUser}-pw`),
      // As an add that logged in stores it.
      mailboxIdentity: imapMailboxIdentity({ host: 'localhost', port: dovecot.imapPort, user: mailUser }),
      isActive: true,
      initialized: true,
    })
    .returning({ id: emailAccounts.id });
  await runSync(deps, { userId, accountId: row!.id });
  return row!.id;
}

/** An initialized, active Gmail account of `userId` on the Google stand-in (its refresh token issued there), not yet synced. */
export async function addInitializedGmailAccount(
  deps: Pick<Deps, 'db' | 'secretBox'>,
  google: { emailAddress: string; issueRefreshToken: () => string },
  userId: string,
): Promise<string> {
  const [row] = await deps.db
    .insert(emailAccounts)
    .values({
      userId,
      emailAddress: google.emailAddress,
      provider: 'gmail',
      encryptedPassword: deps.secretBox.encrypt(google.issueRefreshToken()),
      isActive: true,
      initialized: true,
    })
    .returning({ id: emailAccounts.id });
  return row!.id;
}

/** Delivers one message into the user's INBOX the way a mail server does (IMAP APPEND). */
export async function appendToInbox(dovecot: DovecotServer, mailUser: string, raw: Buffer): Promise<void> {
  const client = await openTestMailbox(dovecot, mailUser);
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  ok: (value: T) => boolean,
  ms = 20_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The stored email of an account with this Message-ID (without angle brackets), if stored yet. */
export async function emailIdByMessageId(deps: Pick<Deps, 'db'>, accountId: string, messageId: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.emailAccountId, accountId), eq(emails.messageId, messageId)))
    .limit(1);
  return row?.id;
}

export async function draftOfEmail(deps: Pick<Deps, 'db'>, emailId: string) {
  const [row] = await deps.db.select().from(drafts).where(eq(drafts.emailId, emailId)).limit(1);
  return row;
}

export async function triageOfEmail(deps: Pick<Deps, 'db'>, emailId: string) {
  const [row] = await deps.db.select().from(emailTriage).where(eq(emailTriage.emailId, emailId)).limit(1);
  return row;
}

let questionsStored = 0;

/**
 * An incoming question ("could you send me the schedule for next week?") from Carol to Alice on a
 * bare account of `userId`, stored directly (no mailbox behind it); each one a minute newer than
 * the one before. `fields` changes any column.
 */
export async function storeIncomingQuestion(
  db: Deps['db'],
  userId: string,
  accountId: string,
  fields: Partial<typeof emails.$inferInsert> = {},
): Promise<string> {
  questionsStored++;
  const [row] = await db
    .insert(emails)
    .values({
      userId,
      emailAccountId: accountId,
      messageKey: `question-${questionsStored}@client.test`,
      messageId: `question-${questionsStored}@client.test`,
      subject: `Question ${questionsStored}`,
      senderEmail: 'carol@client.test',
      senderName: 'Carol Client',
      recipientEmails: ['alice@penman.test'],
      bodyText: 'Hi Alice,\n\nCould you send me the schedule for next week?\n\nThanks, Carol',
      receivedDate: new Date(Date.now() - (1000 - questionsStored) * 60_000),
      ...fields,
    })
    .returning({ id: emails.id });
  return row!.id;
}
