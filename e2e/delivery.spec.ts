import fs from 'node:fs';
import path from 'node:path';
import type { Draft, EmailAccount } from '@penman/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { axeViolations } from './axe.ts';
import { layoutProblems, PHONE } from './layout.ts';
import {
  connectImapMailbox,
  createUser,
  deliverQuestion as deliverQuestionTo,
  E2E_DELIVERY_IMAP,
  SAME_ORIGIN,
  signInAndSaveSession,
  snap,
  toast,
  waitForInitialization,
  waitUntilNewMailIsNoticed,
} from './support.ts';

// Issue 20, "Done when": the Playwright run approves a draft and finds it in Dovecot's Drafts. An
// initialized IMAP account on the real Dovecot (Enron allen-p, a mailbox of its own); a question
// APPENDed into the INBOX gets a draft; Approve saves the reply (Save to Drafts is the default)
// into the mailbox's Drafts folder, threaded (In-Reply-To), exactly once; the card follows the
// delivery live; Copy and Download .eml work; the account card's Replies section works; axe finds
// nothing; the queue and the account card fit a phone.

const SESSION = path.join(import.meta.dirname, '..', 'test-results', 'delivery-session.json');
const USER = { email: 'ada.delivery@example.com', password: 'e2e-delivery-pw-1' };
const MAILBOX = E2E_DELIVERY_IMAP;
/** Realtime: a draft arrives within the landing page's promise (10 s), with a margin for a busy machine. */
const DRAFT_ARRIVES_MS = 30_000;
/** A delivery job on a busy machine: the queue picks it up in milliseconds, the APPEND takes one IMAP login. */
const DELIVERED_MS = 45_000;

test.use({ baseURL: process.env.E2E_BASE_URL, storageState: SESSION });
test.describe.configure({ mode: 'serial' });

let account: EmailAccount;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  createUser({ ...USER, first: 'Ada', last: 'Delivery' });
  const page = await signInAndSaveSession(browser, { email: USER.email, session: SESSION }, USER.password);
  account = await connectImapMailbox(page.request, MAILBOX);
  expect((await page.request.post(`/api/accounts/${account.id}/initialize`, { headers: SAME_ORIGIN })).ok()).toBe(true);
  account = await waitForInitialization(page.request, account.id, 200_000);
  await waitUntilNewMailIsNoticed(page.request, MAILBOX, account.id);
  await page.context().close();
});

/** A question from Keith Holst (someone Phillip often writes to), delivered into the INBOX. */
const deliverQuestion = (topic: string) => deliverQuestionTo(MAILBOX, topic);

const queueList = (page: Page) => page.getByRole('list', { name: 'Drafts waiting for review' });
const card = (page: Page, subject: string): Locator =>
  queueList(page)
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: subject }) });

type StoredDraft = { subject: string; inReplyTo: string; references: string; flags: string[]; raw: string };

/** The messages of the mailbox's Drafts folder (SPECIAL-USE \Drafts, else the folder named Drafts) whose subject contains `subject`. */
async function draftsFolderMessages(subject: string): Promise<StoredDraft[]> {
  const client = new ImapFlow({
    host: 'localhost',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    // The test server allows plain logins on its plain port; nothing to protect between two local processes.
    doSTARTTLS: false,
    auth: { user: MAILBOX.user, pass: MAILBOX.password },
    logger: false,
  });
  await client.connect();
  try {
    const folders = await client.list();
    const drafts = folders.find((folder) => folder.specialUse === '\\Drafts') ?? folders.find((folder) => /^drafts$/i.test(folder.name));
    if (!drafts) return [];
    const lock = await client.getMailboxLock(drafts.path);
    try {
      const found: StoredDraft[] = [];
      if (!client.mailbox || client.mailbox.exists === 0) return [];
      for await (const message of client.fetch('1:*', { envelope: true, flags: true, source: true })) {
        if (!message.envelope?.subject?.includes(subject)) continue;
        const raw = message.source?.toString('utf8') ?? '';
        found.push({
          subject: message.envelope.subject,
          inReplyTo: message.envelope.inReplyTo ?? '',
          references: raw.match(/^References:\s*(.+(?:\r?\n[ \t].+)*)/im)?.[1] ?? '',
          flags: [...(message.flags ?? [])],
          raw,
        });
      }
      return found;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

async function draftById(page: Page, draftId: string): Promise<Draft> {
  return ((await (await page.request.get(`/api/drafts/${draftId}`)).json()) as { draft: Draft }).draft;
}

test('Approve saves the reply into the Drafts folder of the mailbox, threaded, once; the card follows it live', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/drafts');
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();

  const question = await deliverQuestion('Delivery of the Q3 forecast');
  const item = card(page, question.subject);
  await expect(item).toBeVisible({ timeout: DRAFT_ARRIVES_MS });
  // The recipients are above the reply.
  await expect(item.getByRole('definition').filter({ hasText: 'keith.holst@enron.com' })).toBeVisible();
  await snap(page, 'delivery-queue-pending-1280');

  await item.getByRole('button', { name: 'Approve' }).click();
  // Focus does not fall to the page: it is on a card (the next pending one, or this one).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li[id^="draft-"]') !== null)).toBe(true);
  const delivery = item.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toBeVisible();
  // Live, without a reload: "Saving to Drafts…", then saved.
  await expect(delivery.getByRole('status')).toContainText(`Saved to Drafts in ${MAILBOX.email}`, { timeout: DELIVERED_MS });
  await expect(delivery.getByRole('status').locator('time')).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(delivery.getByRole('link', { name: 'Download .eml' })).toBeVisible();
  await expect(delivery.getByRole('alert')).toHaveCount(0);
  await snap(page, 'delivery-queue-saved-1280');
  expect(await axeViolations(page)).toEqual([]);

  // In Dovecot: one reply in Drafts, flagged \Draft, answering the question's Message-ID.
  const stored = await draftsFolderMessages(question.subject);
  expect(stored.map((message) => message.subject)).toEqual([`Re: ${question.subject}`]);
  const [reply] = stored;
  expect(reply?.inReplyTo).toBe(question.messageId);
  expect(reply?.references).toContain(question.messageId);
  expect(reply?.flags).toContain('\\Draft');

  // The draft as the server has it: saved, with the same Message-ID as the stored reply.
  const draftId = (await item.getAttribute('id'))?.replace(/^draft-/, '') ?? '';
  const saved = await draftById(page, draftId);
  expect(saved.status).toBe('saved');
  expect(saved.delivery).toMatchObject({ mode: 'save_to_drafts', state: 'delivered', error: null });
  expect(reply?.raw).toContain(saved.delivery?.messageId ?? 'no Message-ID');

  // Copy: the reply on the clipboard, with a toast.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await delivery.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Reply copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(saved.body.trim().split('\n')[0] ?? '');

  // Download .eml: a message file of the same reply.
  const download = page.waitForEvent('download');
  await delivery.getByRole('link', { name: 'Download .eml' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.eml$/);
  const eml = fs.readFileSync((await file.path()) ?? '', 'utf8');
  expect(eml).toMatch(new RegExp(`^In-Reply-To:\\s*${question.messageId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im'));
});

test("the account card's Replies section: the mode, the SMTP settings and their connection check", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/email-accounts');
  const accountCard = page.getByRole('article', { name: MAILBOX.email });
  const replies = accountCard.getByRole('region', { name: 'Replies' });
  await expect(replies.getByRole('radio', { name: /Save to Drafts/ })).toBeChecked();
  await expect(replies.getByRole('radio', { name: /^Send/ })).not.toBeChecked();
  const smtp = replies.getByRole('form', { name: 'Outgoing mail server (SMTP)' });
  await expect(smtp.getByLabel('SMTP server')).not.toHaveValue('');
  await expect(smtp.getByLabel('Use the IMAP password')).toBeChecked();
  await replies.scrollIntoViewIfNeeded();
  await snap(page, 'delivery-account-replies-1280');

  // A password of its own: the field appears and is required.
  await smtp.getByLabel('Use the IMAP password').uncheck();
  await smtp.getByRole('button', { name: 'Check connection' }).click();
  await expect(smtp.getByText('Enter the SMTP password, or use the IMAP password.')).toBeVisible();
  await smtp.getByLabel('Use the IMAP password').check();

  // Nothing listens on port 1: the check fails, and says so as an alert.
  await smtp.getByRole('textbox', { name: 'Port' }).fill('1');
  await smtp.getByRole('button', { name: 'Check connection' }).click();
  await expect(smtp.getByRole('alert')).toContainText('Connection failed', { timeout: 30_000 });
  await snap(page, 'delivery-account-check-failed-1280');
  expect(await axeViolations(page)).toEqual([]);

  // The mode is saved as soon as it is chosen.
  const mode = async () => ((await (await page.request.get(`/api/accounts/${account.id}/delivery`)).json()) as { mode: string }).mode;
  await replies.getByRole('radio', { name: /^Send/ }).check();
  await expect(toast(page, 'Reply settings saved').first()).toBeVisible();
  await expect.poll(mode).toBe('send');
  await replies.getByRole('radio', { name: /Save to Drafts/ }).check();
  await expect.poll(mode).toBe('save_to_drafts');
});

test('a failed delivery shows why, stays in the queue after a reload, and Retry tries again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Send through the suggested SMTP server (this machine, port 587), where nothing listens.
  const setMode = async (mode: string) =>
    expect((await page.request.put(`/api/accounts/${account.id}/delivery`, { headers: SAME_ORIGIN, data: { mode } })).ok()).toBe(true);
  await setMode('send');
  try {
    await page.goto('/dashboard/drafts');
    const question = await deliverQuestion('Failing send');
    const item = card(page, question.subject);
    await expect(item).toBeVisible({ timeout: DRAFT_ARRIVES_MS });
    await item.getByRole('button', { name: 'Approve' }).click();
    const delivery = item.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByRole('alert')).toContainText('Not delivered', { timeout: DELIVERED_MS });
    await expect(delivery.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(delivery.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(delivery.getByRole('link', { name: 'Download .eml' })).toBeVisible();
    await snap(page, 'delivery-queue-failed-1280');
    expect(await axeViolations(page)).toEqual([]);

    // A reload: the approved draft is still in sight, with its failure and Retry.
    await page.reload();
    await expect(item.getByRole('region', { name: 'Delivery' }).getByRole('alert')).toContainText('Not delivered');
    const draftId = (await item.getAttribute('id'))?.replace(/^draft-/, '') ?? '';
    const attemptsBefore = (await draftById(page, draftId)).delivery?.attempts ?? 0;
    await item.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery queued again.' })).toBeAttached();
    // Tried again (and failed again: still nothing listens).
    await expect
      .poll(async () => (await draftById(page, draftId)).delivery?.attempts ?? 0, { timeout: DELIVERED_MS })
      .toBeGreaterThan(attemptsBefore);
    await expect(item.getByRole('region', { name: 'Delivery' }).getByRole('alert')).toContainText('Not delivered', {
      timeout: DELIVERED_MS,
    });
    // Nothing of it reached the mailbox's Drafts folder.
    expect(await draftsFolderMessages(question.subject)).toEqual([]);
  } finally {
    await setMode('save_to_drafts');
  }
});

test.describe('at 375 x 812', () => {
  test.use({ viewport: PHONE });

  test('a delivered draft and the Replies section fit a phone', async ({ page }) => {
    test.setTimeout(90_000);
    // The delivered draft left the queue; approve another to see a delivery on a phone.
    await page.goto('/dashboard/drafts');
    const question = await deliverQuestion('Phone check');
    const item = card(page, question.subject);
    await expect(item).toBeVisible({ timeout: DRAFT_ARRIVES_MS });
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(item.getByRole('region', { name: 'Delivery' }).getByRole('status')).toContainText('Saved to Drafts', {
      timeout: DELIVERED_MS,
    });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await layoutProblems(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await snap(page, 'delivery-phone-queue');

    await page.goto('/dashboard/email-accounts');
    const replies = page.getByRole('article', { name: MAILBOX.email }).getByRole('region', { name: 'Replies' });
    await expect(replies.getByRole('radio', { name: /Save to Drafts/ })).toBeChecked();
    expect(await layoutProblems(page)).toEqual([]);
    await replies.scrollIntoViewIfNeeded();
    await snap(page, 'delivery-phone-account');
  });
});
