import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { layoutProblems, PHONE } from './layout.ts';
import { signIn, snap } from './support.ts';

// The provider presets of the Exchange / IMAP form (issue 22): choosing a provider fills the server
// and port and shows its app-password note with the link to its page; Other empties them; an
// address typed first suggests its provider. Known domains answer from the presets table (no DNS).

test.use({ baseURL: process.env.E2E_BASE_URL });

async function openImapForm(page: Page) {
  await page.goto('/dashboard/email-accounts');
  await expect(page.getByRole('heading', { name: 'Email Accounts', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await dialog.getByRole('button', { name: /^Exchange \/ / }).click();
  await expect(dialog.getByLabel('Provider')).toBeVisible();
  return dialog;
}

for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
  test(`choosing a provider fills the server and says when it needs an app password (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    const dialog = await openImapForm(page);
    const server = dialog.getByLabel('Server URL (optional)');
    const port = dialog.getByLabel('Port (optional)');

    await dialog.getByLabel('Provider').selectOption({ label: 'Yahoo Mail' });
    await expect(server).toHaveValue('imap.mail.yahoo.com');
    await expect(port).toHaveValue('993');
    await expect(dialog.getByText('Yahoo refuses your account password here')).toBeVisible();
    const link = dialog.getByRole('link', { name: 'How to make an app password for Yahoo Mail' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', 'https://help.yahoo.com/kb/SLN15241.html');
    await expect(link).toHaveAttribute('target', '_blank');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await layoutProblems(page, dialog)).toEqual([]);
    await snap(page, `provider-presets-yahoo-${viewport.width}`);

    await dialog.getByLabel('Provider').selectOption({ label: 'Other' });
    await expect(server).toHaveValue('');
    await expect(port).toHaveValue('');
    await expect(link).toBeHidden();

    // Microsoft turned off passwords for IMAP: the note sends the user to its own choice.
    await dialog.getByLabel('Provider').selectOption({ label: 'Microsoft 365 / Outlook.com' });
    await expect(dialog.getByText('choose "Microsoft 365 / Outlook" instead')).toBeVisible();
  });
}

test('an address typed first suggests its provider, and a server typed by the user is kept', async ({ page }) => {
  await signIn(page);
  let dialog = await openImapForm(page);
  await dialog.getByLabel('Email', { exact: true }).fill('someone@icloud.com');
  await dialog.getByLabel('Password').focus();
  await expect(dialog.getByLabel('Provider')).toHaveValue('icloud');
  await expect(dialog.getByLabel('Server URL (optional)')).toHaveValue('imap.mail.me.com');
  await expect(dialog.getByRole('status').filter({ hasText: 'Settings for iCloud Mail filled in from your address.' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'How to make an app password for iCloud Mail' })).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // The user's own server stays: no suggestion overwrites it.
  await page.keyboard.press('Escape');
  dialog = await openImapForm(page);
  await dialog.getByLabel('Server URL (optional)').fill('mail.example.org');
  await dialog.getByLabel('Email', { exact: true }).fill('someone@yahoo.com');
  await dialog.getByLabel('Password').focus();
  await expect(dialog.getByLabel('Server URL (optional)')).toHaveValue('mail.example.org');
  await expect(dialog.getByLabel('Provider')).toHaveValue('');
});
