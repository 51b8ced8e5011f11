import { expect, type Page, test } from '@playwright/test';
import { connectImapMailbox, createUser, importMailbox, type MboxMessage, signIn, snap, toast } from './support.ts';

// The Dashboard overview and the Analytics screen against the production build, for a user
// without accounts and for a user whose four mailbox imports hold known mail (so every figure on
// screen is known): the main one has 20 received and 12 sent emails between 2025-03-03 and
// 2025-03-19, 10 of them replies timed into each response-time bucket twice.

test.use({ baseURL: process.env.E2E_BASE_URL });

const PASSWORD = 'e2e-analytics-pw-1';
const EMPTY_USER = 'nora.empty@example.com';
const DATA_USER = 'ana.lytics@example.com';
const OWNER = 'me@penman.test';

const SENDERS: [string, string, number][] = [
  ['Ada Lovelace', 'ada@engines.test', 6],
  ['Alan Turing', 'alan@bletchley.test', 5],
  ['Linus Torvalds', 'linus@kernel.test', 4],
  ['Margaret Hamilton', 'margaret@apollo.test', 3],
  ['Ken Thompson', 'ken@bell.test', 2],
];
const at = (hours: number) => new Date(Date.UTC(2025, 2, 3) + hours * 3_600_000);
// <1h, 1-4h, 4-24h, 1-3d, >3d: each twice over the 10 replies.
const REPLY_DELAYS_HOURS = [1 / 3, 2, 6, 30, 80];

function mainMailbox(): MboxMessage[] {
  const from = SENDERS.flatMap(([name, email, count]) => Array<string>(count).fill(`"${name}" <${email}>`));
  const incoming = from.map((sender, k) => ({ from: sender, to: OWNER, date: at(8 + 17 * k), id: `in-${k}`, subject: `Topic ${k}` }));
  const replies = incoming
    .filter((_, k) => k % 2 === 0)
    .map((original, i) => ({
      from: OWNER,
      to: 'someone@analytics.e2e',
      date: new Date(original.date.getTime() + REPLY_DELAYS_HOURS[i % 5]! * 3_600_000),
      id: `re-${i}`,
      subject: `Re: ${original.subject}`,
      inReplyTo: original.id,
    }));
  const news = [at(8 * 24 + 15), at(9 * 24 + 11.5)].map((date, i) => ({
    from: OWNER,
    to: 'team@analytics.e2e',
    date,
    id: `news-${i}`,
    subject: 'News',
  }));
  return [...incoming, ...replies, ...news];
}

/** Two emails ten days apart: 0.2 a day. */
const smallMailbox = (owner: string): MboxMessage[] => [
  { from: '"Ada Lovelace" <ada@engines.test>', to: owner, date: new Date(Date.UTC(2025, 0, 6, 9)), id: `${owner}-1`, subject: 'Hello' },
  { from: owner, to: 'ada@engines.test', date: new Date(Date.UTC(2025, 0, 16, 9)), id: `${owner}-2`, subject: 'Later' },
];

/** Creates the user with the operator CLI and signs in as them. */
async function signInAsNew(page: Page, email: string, [first, last]: [string, string]) {
  const user = { email, password: PASSWORD, first, last };
  createUser(user);
  await signIn(page, user);
}

/** Sees the toast, then closes it: toasts sit over the header's buttons. */
async function seeToast(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  await shown.getByRole('button', { name: 'Close toast' }).click();
  await expect(shown).toBeHidden();
}
const statCard = (page: Page, title: string) =>
  page
    .getByRole('link')
    .filter({ hasText: title })
    .filter({ has: page.locator('.text-3xl') });
const metric = (page: Page, title: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('dd')
    .first();

test('a user without accounts: empty overview and analytics, and the statistics failure state', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNew(page, EMPTY_USER, ['Nora', 'Empty']);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(EMPTY_USER, { exact: true }).first()).toBeVisible();
  for (const title of ['Email Accounts', 'Emails Processed', 'Knowledge Base', 'Attachments']) {
    await expect(statCard(page, title)).toContainText('0');
  }
  await expect(statCard(page, 'Emails Processed')).toHaveAttribute('href', '/dashboard/emails');
  await expect(page.getByRole('region', { name: 'Training status' })).toHaveCount(0);
  await expect(page.getByText('No email accounts connected yet.')).toBeVisible();
  await expect(page.getByText('Nothing yet. Connect an email account to get started.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Build Knowledge Base' })).toBeVisible();
  // The next step comes first (the walk found "0 waiting · Open Drafts" above it, a dead end on a phone).
  const connectFirst = await page
    .getByRole('heading', { name: 'Connect Email Accounts' })
    .evaluate(
      (connect, drafts) => Boolean(connect.compareDocumentPosition(drafts!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await page.getByRole('heading', { name: 'Drafts to review' }).elementHandle(),
    );
  expect(connectFirst).toBe(true);
  await snap(page, 'overview-empty');

  // Statistics that fail to load: '--', 'Failed to load' and Retry.
  await page.route('**/api/dashboard/stats', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load statistics' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('--', { exact: true })).toHaveCount(4);
  await expect(page.getByText('Failed to load', { exact: true })).toHaveCount(4);
  await snap(page, 'overview-stats-failed');
  await page.unroute('**/api/dashboard/stats');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Failed to load statistics')).toHaveCount(0);
  await expect(statCard(page, 'Emails Processed')).toContainText('0');

  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  await expect(page.getByText('No email accounts yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Email Accounts' })).toBeVisible();
  await snap(page, 'analytics-empty');

  // An IMAP account connected but not downloaded yet: the details, and every chart in its empty state.
  await connectImapMailbox(page.request);
  await page.reload();
  await expect(metric(page, 'Total Emails')).toHaveText('0');
  await expect(page.getByText('No mail yet')).toBeVisible();
  await expect(page.getByText('No top senders yet. Calculate them from the downloaded mail.')).toBeVisible();
  await expect(page.getByText('No dated mail to chart yet.')).toHaveCount(2);
  await expect(page.getByText('No replies found yet: none of your sent emails answers a downloaded incoming email.')).toBeVisible();
  await snap(page, 'analytics-charts-empty');
});

test('a user with mail: overview counts, banner and activity; analytics figures, top senders, charts and toasts', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNew(page, DATA_USER, ['Ana', 'Lytics']);
  for (const owner of ['box1@penman.test', 'box2@penman.test', 'box3@penman.test']) await importMailbox(page, owner, smallMailbox(owner));
  const { id: mainId } = await importMailbox(page, OWNER, mainMailbox());

  // Overview: real counts, the training banner over all accounts, 3 accounts then '+1 more', real events.
  await page.goto('/dashboard');
  await expect(statCard(page, 'Email Accounts')).toContainText('4');
  await expect(statCard(page, 'Emails Processed')).toContainText('38');
  // Each import's initialization built its style profile: the model is ready.
  await expect(page.getByRole('region', { name: 'Training status' })).toContainText('AI Model Ready');
  const connected = page.getByRole('list', { name: 'Connected email accounts' });
  await expect(connected.getByRole('listitem')).toHaveCount(4);
  await expect(connected).toContainText(OWNER);
  await expect(connected).toContainText('+1 more');
  const activity = page.getByRole('list', { name: 'Recent Activity' });
  await expect(activity).toContainText(`Connected ${OWNER}`);
  await expect(activity).toContainText(`Finished initializing ${OWNER}`);
  await expect(activity).toContainText(`Synced ${OWNER}`);
  await expect(activity.locator('time').first()).toHaveText(/^\d+[smh] ago$/);
  await snap(page, 'overview-data');

  // Analytics over all four accounts: counts add up; the daily average is averaged, then rounded
  // ((32/17 + 3 x 0.2) / 4 = 0.62 -> 1; a sum would give 2).
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByLabel('Email account', { exact: true })).toHaveValue('all');
  await expect(metric(page, 'Total Emails')).toHaveText('38');
  await expect(metric(page, 'Received')).toHaveText('23');
  await expect(metric(page, 'Sent')).toHaveText('15');
  await expect(metric(page, 'Daily Average')).toHaveText('1');
  await expect(page.getByText('Choose an account to see and calculate its top senders.')).toBeVisible();
  await expect(page.getByText('All times are in UTC.')).toBeVisible();
  await expect(page.locator('figcaption').first()).toContainText('23 emails received and 15 sent');
  await snap(page, 'analytics-all-accounts');

  // One account: its figures, details, top senders and charts.
  await page.getByLabel('Email account', { exact: true }).selectOption({ label: OWNER });
  await expect(page).toHaveURL(new RegExp(`account=${mainId}`));
  await expect(metric(page, 'Total Emails')).toHaveText('32');
  await expect(metric(page, 'Received')).toHaveText('20');
  await expect(metric(page, 'Sent')).toHaveText('12');
  await expect(metric(page, 'Daily Average')).toHaveText('2');
  await expect(page.getByText('Mar 3, 2025 – Mar 19, 2025')).toBeVisible();
  const senders = page.getByRole('list', { name: 'Top Senders' });
  await expect(senders.getByRole('listitem')).toHaveCount(5);
  await expect(senders.getByRole('listitem').first()).toContainText('Ada Lovelace');
  await expect(senders.getByRole('listitem').first()).toContainText('6 emails');
  await expect(senders.getByRole('listitem').nth(4)).toContainText('Ken Thompson');

  const captions = page.locator('figcaption');
  await expect(captions.nth(0)).toContainText('17 days from Mar 3, 2025 to Mar 19, 2025: 20 emails received and 12 sent.');
  await expect(captions.nth(1)).toContainText('Mail arriving: 20 emails received.');
  await expect(captions.nth(2)).toHaveText(
    'You answered 10 emails. Median response time: 6 hours. <1h: 2, 1-4h: 2, 4-24h: 2, 1-3d: 2, >3d: 2.',
  );
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'analytics-account');

  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(captions.nth(0)).toContainText('3 weeks from Mar 3, 2025 to Mar 17, 2025');
  await snap(page, 'analytics-week');

  // The actions and their toasts.
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await seeToast(page, 'Top senders calculated successfully');
  await page.getByRole('button', { name: 'Recalculate statistics' }).click();
  await seeToast(page, 'Statistics recalculated successfully');
  await expect(metric(page, 'Total Emails')).toHaveText('32');

  await page.route('**/statistics/recalculate', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }),
  );
  await page.route('**/top-senders/calculate', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }),
  );
  await page.getByRole('button', { name: 'Recalculate statistics' }).click();
  await seeToast(page, 'Failed to recalculate statistics');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(toast(page, 'Failed to calculate top senders')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'analytics-toasts');
  await page.unrouteAll();

  // A small account: no replies, so the response-time chart shows its empty state.
  await page.getByLabel('Email account', { exact: true }).selectOption({ label: 'box1@penman.test' });
  await expect(metric(page, 'Total Emails')).toHaveText('2');
  await expect(page.getByText('No replies found yet: none of your sent emails answers a downloaded incoming email.')).toBeVisible();
});
