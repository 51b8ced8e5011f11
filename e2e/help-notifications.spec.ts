import type { EmailAccount } from '@penman/contract';
import { expect, type Page, test } from '@playwright/test';
import { layoutProblems, PHONE } from './layout.ts';
import { createUser, SAME_ORIGIN, signIn, snap, waitForInitialization } from './support.ts';

// Issue 21 (Help & Support and notifications): the Help page's sections at 1280 and 375 px; a
// notification toggle saved survives a reload; drafting a reply (a real action) makes the header
// bell show an unread count without a reload.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

const USER = { email: 'nora.notify@example.com', password: 'e2e-notify-pw-1', first: 'Nora', last: 'Notify' };
const OWNER = 'nora@penman.test';

test.beforeAll(() => createUser(USER));

const HELP_SECTIONS = [
  'How Penman works',
  'What leaves this machine',
  'Keyboard shortcuts',
  'Connecting your mailboxes',
  'Troubleshooting',
  'Version and links',
  'Contact us',
];

async function expectHelpPage(page: Page) {
  await page.goto('/dashboard/help');
  await expect(page.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeVisible();
  for (const title of HELP_SECTIONS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The queue's real keys, and the troubleshooting quoting the app's own messages.
  for (const key of ['j', 'k', 'a', 'e', 'r', 'b']) await expect(page.locator('kbd', { hasText: new RegExp(`^${key}$`) })).toBeVisible();
  await expect(page.getByText('Unable to connect to the email account. Please check your credentials.')).toBeVisible();
  await expect(page.getByText(/^Penman version \d+\.\d+\.\d+/)).toBeVisible();
}

test('the Help page shows its sections and opens the contact form, at 1280 and 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await expectHelpPage(page);
  await snap(page, 'help-1280');
  await page.getByRole('button', { name: 'Contact us' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await expectHelpPage(page);
  expect(await layoutProblems(page)).toEqual([]);
  await snap(page, 'help-375');
});

test('a notification toggle saved survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Notifications' });
  const weekly = section.getByRole('switch', { name: 'Weekly summary' });
  await expect(weekly).not.toBeChecked();
  await expect(weekly).toBeEnabled();
  await weekly.click();
  await expect(weekly).toBeChecked();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'Weekly summary' })).toBeChecked();
  await snap(page, 'settings-notifications');
});

const MBOX = [
  'From carol@client.example Mon Jan  8 09:00:00 2001',
  'From: Carol Client <carol@client.example>',
  `To: ${OWNER}`,
  'Subject: Schedule for next week',
  'Date: Mon, 8 Jan 2001 09:00:00 +0000',
  'Message-ID: <notify-1@client.example>',
  '',
  'Hi Nora,',
  '',
  'Could you send me the schedule for next week?',
  '',
  'Thanks, Carol',
  '',
].join('\n');

test('drafting a reply rings the bell without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const imported = await page.request.post('/api/accounts/import', {
    headers: SAME_ORIGIN,
    multipart: {
      emailAddress: OWNER,
      file: { name: 'notify.mbox', mimeType: 'application/mbox', buffer: Buffer.from(MBOX) },
    },
  });
  expect(imported.status()).toBe(201);
  const { account } = (await imported.json()) as { account: EmailAccount };
  await waitForInitialization(page.request, account.id);
  const { emails } = (await (await page.request.get(`/api/emails?accountId=${account.id}`)).json()) as { emails: { id: string }[] };
  expect(emails).toHaveLength(1);

  await page.goto('/dashboard');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  const before = await page.getByTestId('notification-count').count();
  expect((await page.request.post(`/api/emails/${emails[0]!.id}/draft`, { headers: SAME_ORIGIN })).ok()).toBe(true);
  await expect(page.getByTestId('notification-count')).toHaveText(String(before + 1), { timeout: 20_000 });
  await bell.click();
  await expect(page.getByRole('menuitem', { name: /Schedule for next week/ })).toBeVisible();
  await snap(page, 'notifications-bell-1280');

  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await bell.click();
  await expect(page.getByRole('menuitem', { name: /Schedule for next week/ })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await snap(page, 'notifications-bell-375');
  await page.getByRole('menuitem', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
});
