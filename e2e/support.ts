import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { EmailAccount } from '@penman/contract';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { E2E_IMAP, E2E_USER } from './global-setup.ts';

export { E2E_ASKS_IMAP, E2E_DELIVERY_IMAP, E2E_DRAFTS_IMAP, E2E_IMAP, E2E_MICROSOFT, E2E_USER } from './global-setup.ts';

const root = path.resolve(import.meta.dirname, '..');

/** What a page of Penman sends with every state-changing call; `page.request` does not add it by itself. */
export const SAME_ORIGIN = { origin: process.env.E2E_BASE_URL ?? '' };

/** Runs the operator CLI against the server the tests started. */
export function admin(...args: string[]): string {
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: process.env.E2E_BASE_URL };
  return execFileSync('node', ['apps/server/dist/cli.js', ...args], { cwd: root, env, encoding: 'utf8' });
}

/** Saves a full-page screenshot as a test artifact under test-results/screenshots. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(root, 'test-results', 'screenshots', `${name}.png`), fullPage: true });
}

type Credentials = { email: string; password: string };

/**
 * Creates a user of the spec's own with the operator CLI: each spec works with its own users (and
 * so its own accounts, mail and live updates), whatever the other specs did before it.
 */
export function createUser(user: Credentials & { first: string; last: string }): void {
  admin('create-user', '--email', user.email, '--password', user.password, '--first', user.first, '--last', user.last);
}

/** Signs in from the landing page's Sign In dialog (by default as the user the global setup made). */
export async function signIn(page: Page, user: Credentials = E2E_USER): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A toast by its title (and description). */
export function toast(page: Page, title: string, description?: string): Locator {
  const found = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? found.filter({ hasText: description }) : found;
}

type ImapMailbox = { user: string; password: string; email: string };

/** Connects the global setup's Dovecot mailbox (Enron allen-p) as an IMAP account of the signed-in user, without initializing it. */
export async function connectImapMailbox(request: APIRequestContext, mailbox: ImapMailbox = E2E_IMAP): Promise<EmailAccount> {
  const response = await request.post('/api/accounts', {
    headers: SAME_ORIGIN,
    data: {
      provider: 'exchange',
      emailAddress: mailbox.email,
      password: mailbox.password,
      username: mailbox.user,
      serverUrl: 'localhost',
      port: Number(process.env.E2E_IMAP_PORT),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { account: EmailAccount }).account;
}

/** APPENDs a message into a Dovecot mailbox's INBOX, as a mail server delivering new mail would. */
export async function appendToInbox(mailbox: ImapMailbox, raw: string): Promise<void> {
  const client = new ImapFlow({
    host: 'localhost',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    // The test server allows plain logins on its plain port; nothing to protect between two local processes.
    doSTARTTLS: false,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('INBOX', Buffer.from(raw.replace(/\r?\n/g, '\r\n')));
  } finally {
    await client.logout();
  }
}

/** Waits until the account's initialization (download, contacts, style) has completed; fails at once when it failed. */
export async function waitForInitialization(request: APIRequestContext, accountId: string, timeoutMs = 150_000): Promise<EmailAccount> {
  const deadline = Date.now() + timeoutMs;
  let state: Partial<EmailAccount> = {};
  while (Date.now() < deadline) {
    state = ((await (await request.get(`/api/accounts/${accountId}`)).json()) as { account: EmailAccount }).account;
    if (state.initialized && state.initializationStatus === 'completed') return state as EmailAccount;
    if (state.initializationStatus === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { initializationStatus, lastInitStep, initializationError, emailsDownloadedCount, contactsCount } = state;
  throw new Error(
    `initialization did not complete: ${JSON.stringify({ initializationStatus, lastInitStep, initializationError, emailsDownloadedCount, contactsCount })}`,
  );
}

/** One message of a test mailbox; `id` and `inReplyTo` become Message-IDs `<id@e2e.test>`. */
export type MboxMessage = {
  from: string;
  to: string;
  subject: string;
  date: Date;
  id: string;
  inReplyTo?: string;
  contentType?: string;
  /** Plain text unless `contentType` says otherwise; by default a line about the subject. */
  body?: string;
};

/** An mbox file (mboxrd: 'From ' lines in bodies quoted) holding the messages in order. */
export function mbox(messages: MboxMessage[]): Buffer {
  return Buffer.from(
    messages
      .map((m) => {
        const headers = [
          `From: ${m.from}`,
          `To: ${m.to}`,
          `Subject: ${m.subject}`,
          `Date: ${m.date.toUTCString().replace('GMT', '+0000')}`,
          `Message-ID: <${m.id}@e2e.test>`,
          ...(m.inReplyTo ? [`In-Reply-To: <${m.inReplyTo}@e2e.test>`] : []),
          'MIME-Version: 1.0',
          `Content-Type: ${m.contentType ?? 'text/plain; charset=utf-8'}`,
        ];
        const body = (m.body ?? `Hello,\nabout ${m.subject}.`).replace(/^From /gm, '>From ');
        return `From sender@e2e.test ${m.date.toUTCString()}\n${headers.join('\n')}\n\n${body}\n`;
      })
      .join('\n'),
  );
}

/**
 * Imports the messages as a mailbox file account of the signed-in user and waits until its
 * initialization has completed (so no work of this spec is left running for the next one), with
 * every message stored.
 */
export async function importMailbox(page: Page, emailAddress: string, messages: MboxMessage[]): Promise<EmailAccount> {
  const response = await page.request.post('/api/accounts/import', {
    headers: SAME_ORIGIN,
    multipart: { emailAddress, file: { name: 'mail.mbox', mimeType: 'application/mbox', buffer: mbox(messages) } },
  });
  expect(response.status()).toBe(201);
  const { account } = (await response.json()) as { account: EmailAccount };
  const initialized = await waitForInitialization(page.request, account.id, 60_000);
  expect(initialized.emailsDownloadedCount).toBe(messages.length);
  return initialized;
}

/** An mbox file (mboxrd) of real messages, each one raw RFC822 message (e.g. a corpus file), in order. */
function rawMbox(messages: Buffer[]): Buffer {
  return Buffer.concat(
    messages.map((message) => {
      // latin1 keeps every byte as it is, whatever the message's charset.
      const raw = message
        .toString('latin1')
        .replace(/\r\n/g, '\n')
        .replace(/^(>*From )/gm, '>$1');
      return Buffer.from(`From e2e@e2e.test Mon Jan  1 00:00:00 2001\n${raw}${raw.endsWith('\n') ? '' : '\n'}\n`, 'latin1');
    }),
  );
}

/**
 * Imports real messages (e.g. the files of a corpus folder) as a mailbox file account of the
 * signed-in user and waits until its initialization (download, contacts, style) has completed.
 */
export async function importRawMailbox(page: Page, emailAddress: string, messages: Buffer[]): Promise<EmailAccount> {
  const response = await page.request.post('/api/accounts/import', {
    headers: SAME_ORIGIN,
    multipart: { emailAddress, file: { name: 'mail.mbox', mimeType: 'application/mbox', buffer: rawMbox(messages) } },
  });
  expect(response.status()).toBe(201);
  const { account } = (await response.json()) as { account: EmailAccount };
  return waitForInitialization(page.request, account.id, 120_000);
}

/** Signs a user in, in a browser context of its own, and saves the session for the tests that reuse it. */
export async function signInAndSaveSession(browser: Browser, user: { email: string; session: string }, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: undefined });
  const page = await context.newPage();
  await signIn(page, { email: user.email, password });
  await context.storageState({ path: user.session });
  return page;
}

/** The emails of `accountId` whose search matches `subject` (the Emails list's search). */
export async function emailsMatching(request: APIRequestContext, accountId: string, subject: string): Promise<{ id: string }[]> {
  const response = await request.get(`/api/emails?accountId=${accountId}&search=${encodeURIComponent(subject)}`);
  return ((await response.json()) as { emails?: { id: string }[] }).emails ?? [];
}

let questions = 0;

/** A question from Keith Holst (someone Phillip often writes to), delivered into `mailbox`'s INBOX. */
export async function deliverQuestion(
  mailbox: ImapMailbox,
  topic: string,
  /** The mail's own words instead of the question about `topic`. */
  text?: string,
): Promise<{ subject: string; messageId: string }> {
  questions += 1;
  const subject = `${topic} ${Date.now()}-${questions}`;
  const messageId = `<question-${Date.now()}-${questions}@e2e.test>`;
  await appendToInbox(
    mailbox,
    [
      'From: Keith Holst <keith.holst@enron.com>',
      `To: Phillip K Allen <${mailbox.email}>`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Phillip,',
      '',
      text ?? `Can you send me your view on ${topic.toLowerCase()} before Thursday? I need it for the morning meeting.`,
      '',
      'Thanks,',
      'Keith',
      '',
    ].join('\n'),
  );
  return { subject, messageId };
}

/** The watcher reads its accounts every 15 s (DEFAULT_WATCHER_OPTIONS.refreshMs); a margin for a busy machine. */
const WATCH_OPENS_MS = 60_000;
const PROBE_EVERY_MS = 15_000;

/**
 * Waits until new mail in `mailbox` is noticed for the just-initialized `accountId`: the watcher
 * opens its watch within its refresh period (and its first open syncs what came before). One
 * probe message every PROBE_EVERY_MS until one is stored; from then on tests time real arrivals.
 */
export async function waitUntilNewMailIsNoticed(request: APIRequestContext, mailbox: ImapMailbox, accountId: string): Promise<void> {
  const deadline = Date.now() + WATCH_OPENS_MS;
  let stored = false;
  while (!stored && Date.now() < deadline) {
    const probe = await deliverQuestion(mailbox, 'Warm-up');
    const until = Date.now() + PROBE_EVERY_MS;
    while (!stored && Date.now() < until) {
      stored = (await emailsMatching(request, accountId, probe.subject)).length > 0;
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  expect(stored, 'a new message in the INBOX was stored').toBe(true);
}
