import path from 'node:path';
import type { EmailAccount } from '@penman/contract';
import { expect, type Page, test } from '@playwright/test';
import { LAPTOP, layoutProblems, PHONE } from './layout.ts';
import {
  appendToInbox,
  connectImapMailbox,
  createUser,
  E2E_ASKS_IMAP,
  emailsMatching,
  SAME_ORIGIN,
  signInAndSaveSession,
  snap,
  toast,
  waitForInitialization,
  waitUntilNewMailIsNoticed,
} from './support.ts';

// Issue 31, "Done when": the Emails view and the review queue show what an email asks and the
// triage reasons in words, at 1280 and 375 px. New mail arrives over IMAP (real Dovecot, Enron
// allen-p): a colleague's question with a deadline, a mail that asks someone else with Phillip only
// in Cc, and a newsletter; the user corrects one decision and Penman keeps it.

const SESSION = path.join(import.meta.dirname, '..', 'test-results', 'understanding-session.json');
const USER = { email: 'phillip.asks@example.com', password: 'e2e-asks-pw-1' };
const ARRIVES_MS = 45_000;

test.use({ baseURL: process.env.E2E_BASE_URL, storageState: SESSION });
test.describe.configure({ mode: 'serial' });

let account: EmailAccount;
const stamp = Date.now();
const SUBJECTS = {
  question: `Supply agreement ${stamp}`,
  ccOnly: `Storage report ${stamp}`,
  newsletter: `Weekly gas digest ${stamp}`,
};

/** A message: its header lines, then the body's (the MIME headers go with the others). */
function mail(lines: string[]): string {
  const blank = lines.indexOf('');
  return [...lines.slice(0, blank), 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', ...lines.slice(blank)].join('\n');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  createUser({ ...USER, first: 'Phillip', last: 'Allen' });
  const page = await signInAndSaveSession(browser, { email: USER.email, session: SESSION }, USER.password);
  account = await connectImapMailbox(page.request, E2E_ASKS_IMAP);
  expect((await page.request.post(`/api/accounts/${account.id}/initialize`, { headers: SAME_ORIGIN })).ok()).toBe(true);
  account = await waitForInitialization(page.request, account.id, 200_000);
  await waitUntilNewMailIsNoticed(page.request, E2E_ASKS_IMAP, account.id);
  const date = new Date().toUTCString().replace('GMT', '+0000');
  await appendToInbox(
    E2E_ASKS_IMAP,
    mail([
      'From: Keith Holst <keith.holst@enron.com>',
      `To: Phillip K Allen <${E2E_ASKS_IMAP.email}>`,
      `Subject: ${SUBJECTS.question}`,
      `Date: ${date}`,
      `Message-ID: <asks-question-${stamp}@e2e.test>`,
      '',
      'Phillip,',
      '',
      'Could you send me the signed supply agreement by Friday? Legal is asking for it.',
      '',
      'Thanks,',
      'Keith',
    ]),
  );
  await appendToInbox(
    E2E_ASKS_IMAP,
    mail([
      'From: Mike Grigsby <mike.grigsby@enron.com>',
      'To: Joe Parks <joe.parks@enron.com>',
      `Cc: Phillip K Allen <${E2E_ASKS_IMAP.email}>`,
      `Subject: ${SUBJECTS.ccOnly}`,
      `Date: ${date}`,
      `Message-ID: <asks-cc-${stamp}@e2e.test>`,
      '',
      'Joe,',
      '',
      'Can you update the storage report before the meeting?',
      '',
      'Mike',
    ]),
  );
  await appendToInbox(
    E2E_ASKS_IMAP,
    mail([
      'From: Gas Daily <news@gasdaily.example>',
      `To: ${E2E_ASKS_IMAP.email}`,
      `Subject: ${SUBJECTS.newsletter}`,
      `Date: ${date}`,
      `Message-ID: <asks-news-${stamp}@e2e.test>`,
      'List-Id: <gasdaily.example>',
      'List-Unsubscribe: <mailto:leave@gasdaily.example>',
      '',
      'This week: prices rose in the West. Would you like to know more? Read on.',
    ]),
  );
  for (const subject of Object.values(SUBJECTS))
    await expect
      .poll(async () => (await emailsMatching(page.request, account.id, subject)).length, { timeout: ARRIVES_MS })
      .toBeGreaterThan(0);
  await page.context().close();
});

/** Opens the Emails view on `subject` and answers its row. */
async function emailRow(page: Page, subject: string) {
  await page.goto(`/dashboard/emails?q=${encodeURIComponent(subject)}`);
  const row = page.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: subject });
  await expect(row).toBeVisible();
  return row;
}

test('the Emails view names what each email asks, and of whom', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  const question = await emailRow(page, SUBJECTS.question);
  // The row: "Needs a reply" and the reason that names the ask and its deadline.
  await expect(question.getByTestId('email-row-ask')).toContainText('Needs a reply');
  await expect(question.getByTestId('email-row-ask')).toContainText('Asks you: send the signed supply agreement (by Friday)');
  await snap(page, 'emails-asks-list-1280');
  await question.getByRole('button').click();
  const triage = page.getByRole('dialog').getByTestId('email-triage');
  await expect(triage).toContainText('Needs a reply');
  await expect(triage.getByTestId('email-asks')).toContainText('Send the signed supply agreement');
  await expect(triage.getByTestId('email-asks')).toContainText('by Friday');
  // A contract mentioned: a person checks whatever answers it.
  await expect(triage).toContainText('Needs review');
  await expect(triage).toContainText(/About contract or legal terms: .*agreement/);
  expect(await layoutProblems(page, page.getByRole('dialog'))).toEqual([]);
  await snap(page, 'emails-asks-detail-1280');

  // Only in Cc, and the mail asks Joe: no reply needed, said in words.
  const cc = await emailRow(page, SUBJECTS.ccOnly);
  await expect(cc.getByTestId('email-row-ask')).toHaveCount(0);
  await cc.getByRole('button').click();
  const ccTriage = page.getByRole('dialog').getByTestId('email-triage');
  await expect(ccTriage).toContainText('No reply needed');
  await expect(ccTriage).toContainText('Only in Cc; asks Joe');

  // The newsletter: a mailing list, no reply.
  const news = await emailRow(page, SUBJECTS.newsletter);
  await news.getByRole('button').click();
  await expect(page.getByRole('dialog').getByTestId('email-triage')).toContainText('Sent to a mailing list (List-Id)');
});

test('a correction is kept, shown and gets the email drafted', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  const cc = await emailRow(page, SUBJECTS.ccOnly);
  await cc.getByRole('button').click();
  const triage = page.getByRole('dialog').getByTestId('email-triage');
  await triage.getByRole('button', { name: 'Needs a reply' }).click();
  await expect(toast(page, 'Marked as needing a reply')).toBeVisible();
  await expect(triage).toContainText('You marked this');
  await expect(triage).toContainText('You marked this email as needing a reply');
  await expect(triage.getByRole('button', { name: "Doesn't need a reply" })).toBeVisible();
  // Kept: the server says so after a reload, and drafting follows the correction.
  await page.reload();
  const [email] = await emailsMatching(page.request, account.id, SUBJECTS.ccOnly);
  const after = await (await page.request.get(`/api/emails/${email!.id}/draft`)).json();
  expect(after.triage).toMatchObject({ needsReply: true, corrected: true });
  await expect
    .poll(async () => (await (await page.request.get(`/api/emails/${email!.id}/draft`)).json()).draft?.status ?? 'none', {
      timeout: ARRIVES_MS,
    })
    .toBe('pending');
});

test('the review queue shows what the email asks above its draft', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await page.goto('/dashboard/drafts');
  const card = page
    .getByRole('list', { name: 'Drafts waiting for review' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: SUBJECTS.question }) });
  await expect(card).toBeVisible({ timeout: ARRIVES_MS });
  const asks = card.getByRole('region', { name: 'What this email asks' });
  await expect(asks).toContainText('Send the signed supply agreement');
  await expect(asks).toContainText('by Friday');
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'drafts-asks-1280');
});

test.describe('at 375 x 812', () => {
  test.use({ viewport: PHONE });

  test('the asks and the triage fit a phone', async ({ page }) => {
    const question = await emailRow(page, SUBJECTS.question);
    await expect(question.getByTestId('email-row-ask')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await snap(page, 'phone-emails-asks-list');
    await question.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('email-asks')).toBeVisible();
    expect(await layoutProblems(page, dialog)).toEqual([]);
    await snap(page, 'phone-emails-asks-detail');
    await page.goto('/dashboard/drafts');
    const asks = page.getByRole('region', { name: 'What this email asks' }).first();
    await expect(asks).toBeVisible({ timeout: ARRIVES_MS });
    expect(await layoutProblems(page)).toEqual([]);
    await snap(page, 'phone-drafts-asks');
  });
});
