import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { layoutProblems, PHONE } from './layout.ts';
import { createUser, signIn, snap, toast } from './support.ts';

// Issue 21 (security part): the Settings page with real profile, account info and security
// sections. TOTP is enrolled with a code computed here from the key the page shows, the user signs
// out and back in with a fresh code, and a new name reaches the sidebar at once.

const USER = { email: 'grace.settings@example.com', password: 'e2e-settings-pw-1', first: 'Grace', last: 'Hopper' };

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => createUser(USER));

/** The code the user's authenticator app shows now, from the key shown on the page. */
function codeFor(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) }).generate();
}

async function openSettings(page: Page) {
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(USER.email);
}

let secret = '';

test('enrols TOTP with a code, signs out, and signs back in with a code', async ({ page }) => {
  await signIn(page, USER);
  await openSettings(page);
  // The spec's sections, in its order.
  const sections = page.getByRole('region');
  await expect(sections.locator('h2')).toHaveText([
    'Profile',
    'Account Information',
    'Notifications',
    'Security',
    'Data Export',
    'Danger Zone',
  ]);
  await expect(page.getByText('Free Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export My Data' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toBeVisible();

  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await security.getByLabel('Confirm with your password').fill(USER.password);
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(security.getByRole('img', { name: /Scan this QR code/ })).toBeVisible();
  secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await snap(page, 'settings-two-factor-scan');

  await security.getByLabel('Enter the 6-digit code the app shows').fill('000000');
  await security.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(security.getByText('That code is not valid.')).toBeVisible();
  await security.getByLabel('Enter the 6-digit code the app shows').fill(codeFor(secret));
  await security.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(security.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  await snap(page, 'settings-backup-codes');
  await security.getByRole('button', { name: 'Done' }).click();
  await expect(security.getByText('On. Every sign-in asks for a code')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Password first, then the second step of the same dialog.
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(USER.email);
  await dialog.getByLabel('Password').fill(USER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await snap(page, 'sign-in-second-step');
  await dialog.getByLabel('Code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('That code is not valid.')).toBeVisible();
  await dialog.getByLabel('Code').fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
});

test('a new name shows in the sidebar at once; the page fits a phone and a desktop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(USER.email);
  await dialog.getByLabel('Password').fill(USER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.getByLabel('Code').fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSettings(page);
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Grace Hopper');
  const profile = page.getByRole('region', { name: 'Profile' });
  // The email is checked as it is typed.
  await profile.getByLabel('Email').fill('grace@');
  await expect(profile.getByText('Please enter a valid email address')).toBeVisible();
  await profile.getByLabel('Email').fill(USER.email);
  await expect(profile.getByText('Please enter a valid email address')).toHaveCount(0);
  await profile.getByLabel('First name').fill('Admiral');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Admiral Hopper');

  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, 'settings-1280');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account Information' }).getByText('Free Plan')).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await snap(page, 'settings-375');
});
