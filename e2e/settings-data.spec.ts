import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { layoutProblems, PHONE } from './layout.ts';
import { createUser, signIn, snap } from './support.ts';

// Issue 21 (your data): Export My Data downloads a zip; Delete Account, after the spec's typed
// confirmation and the password, deletes the user and lands on the landing page signed out.

const USER = { email: 'leaving.data@example.com', password: 'e2e-data-pw-1', first: 'Lee', last: 'Ving' };

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => createUser(USER));

test('exports the data as a zip, then deletes the account and lands signed out', async ({ page }) => {
  await signIn(page, USER);
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const exportSection = page.getByRole('region', { name: 'Data Export' });
  const download = page.waitForEvent('download');
  await exportSection.getByRole('button', { name: 'Export My Data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^penman-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = fs.readFileSync(await file.path());
  expect(zip.length).toBeGreaterThan(100);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('profile.json'))).toBe(true);

  const danger = page.getByRole('region', { name: 'Danger Zone' });
  await danger.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete Account' });
  await dialog.getByLabel('Type DELETE MY ACCOUNT to confirm.').fill('delete my account');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE MY ACCOUNT to confirm.').fill('DELETE MY ACCOUNT');
  await dialog.getByLabel('Current password').fill('not-my-password');
  await confirm.click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'settings-delete-account-1280');
  await page.setViewportSize(PHONE);
  expect(await layoutProblems(page)).toEqual([]);
  await snap(page, 'settings-delete-account-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByLabel('Current password').fill(USER.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  // The user is gone: signing in again fails.
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const signInDialog = page.getByRole('dialog');
  await signInDialog.getByLabel('Email').fill(USER.email);
  await signInDialog.getByLabel('Password').fill(USER.password);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/dashboard$/);
});
