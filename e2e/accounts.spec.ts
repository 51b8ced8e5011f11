import { expect, test } from '@playwright/test';
import { E2E_IMAP, signIn, snap, toast } from './support.ts';

// The Email Accounts flow against a real Dovecot IMAP server holding a real Enron mailbox
// (allen-p: 66 inbox + 562 sent messages), started by the global setup.

test.use({ baseURL: process.env.E2E_BASE_URL });

const TOTAL = 66 + 562;

test('add an IMAP account, initialize it, watch the counters, pause, retry, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // The sidebar's item (the overview has an Email Accounts card too).
  const sidebarItem = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Email Accounts/ });
  await sidebarItem.click();
  await expect(page.getByRole('heading', { name: 'Email Accounts', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await dialog.getByRole('button', { name: /^Exchange \/ other IMAP/ }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(E2E_IMAP.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByLabel('Username (optional)').fill(E2E_IMAP.user);
  await dialog.getByLabel('Server URL (optional)').fill('localhost');
  await dialog.getByLabel('Port (optional)').fill(process.env.E2E_IMAP_PORT!);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Connection Failed', 'refused the username or password')).toBeVisible({ timeout: 20_000 });

  await dialog.getByLabel('Password').fill(E2E_IMAP.password);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Email Account Connected')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article').filter({ hasText: E2E_IMAP.email });
  await expect(card).toBeVisible();
  await expect(card.getByText('Not initialized')).toBeVisible();
  await snap(page, 'accounts-connected');

  // Initialize, then pause as soon as it runs: the account shows the error and Retry.
  await card.getByRole('button', { name: 'Initialize' }).click();
  await expect(toast(page, 'Edge function invoked')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'Initialization paused')).toBeVisible();
  await expect(card.getByText('Paused by user')).toBeVisible();
  await snap(page, 'accounts-paused');

  // Retry runs to the end; the counters move while it downloads (live updates over SSE).
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByText(/^Initialized/)).toBeVisible({ timeout: 90_000 });
  const downloaded = card.getByText('Emails downloaded').locator('..');
  await expect(downloaded).toContainText(String(TOTAL));
  await snap(page, 'accounts-initialized');

  // The counts survive a reload and match the sidebar badge.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: E2E_IMAP.email }).getByText('Emails downloaded').locator('..')).toContainText(
    String(TOTAL),
  );
  await expect(sidebarItem).toContainText('1');

  // The overview lists it; an address too long for its card is cut, and its whole text is its title.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  // The Email Accounts screen has a list of the same name: look once the overview has replaced it.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Connected email accounts' }).getByText(E2E_IMAP.email, { exact: true });
  await expect(listed).toHaveAttribute('title', E2E_IMAP.email);
  await sidebarItem.click();

  // Delete needs the typed confirmation.
  const again = page.getByRole('article').filter({ hasText: E2E_IMAP.email });
  await again.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this email account?' });
  const confirmButton = confirm.getByRole('button', { name: 'Delete email account' });
  await expect(confirmButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('delete email account');
  await expect(confirmButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('DELETE EMAIL ACCOUNT');
  await confirmButton.click();
  await expect(toast(page, 'Email Account Deleted')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: E2E_IMAP.email })).toHaveCount(0);
});
