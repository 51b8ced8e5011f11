import { expect, test } from '@playwright/test';
import { createUser, importMailbox, signIn, snap } from './support.ts';

// A mailbox file with a message over the import's size limit (25 MB), against the production
// build: the message is stored with its headers only, and the account card says so.

test.use({ baseURL: process.env.E2E_BASE_URL });

const USER = { email: 'ivy.imports@example.com', password: 'e2e-imports-pw-1', first: 'Ivy', last: 'Importer' };

test.beforeAll(() => createUser(USER));

test('a message over the size limit is stored without its body, and the account card counts it', async ({ page }) => {
  await signIn(page, USER);
  const day = (n: number) => new Date(Date.UTC(2003, 4, 1, 9, 0) + n * 86_400_000);
  const account = await importMailbox(page, 'ivy@example.com', [
    { from: 'Ann <ann@example.com>', to: 'ivy@example.com', subject: 'Lunch on Friday', date: day(0), id: 'lunch' },
    {
      from: 'Bob <bob@example.com>',
      to: 'ivy@example.com',
      subject: 'The whole archive',
      date: day(1),
      id: 'archive',
      body: `${'x'.repeat(999)}\n`.repeat(28_000),
    },
    { from: 'ivy@example.com', to: 'ann@example.com', subject: 'Re: Lunch on Friday', date: day(2), id: 'reply', inReplyTo: 'lunch' },
  ]);
  expect(account.messagesTruncated).toBe(1);

  await page.goto('/dashboard/email-accounts');
  const card = page.getByRole('article', { name: 'ivy@example.com' });
  await expect(card.getByText('1 message was too large; stored without its body.')).toBeVisible();
  await snap(page, 'accounts-message-too-large');

  await page.goto('/dashboard/emails');
  await expect(page.getByText('The whole archive')).toBeVisible();
});
