import { expect, test } from '@playwright/test';
import { admin, E2E_USER, signIn, snap } from './support.ts';

test.use({ baseURL: process.env.E2E_BASE_URL });

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await snap(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the dashboard signed out shows the Authentication Required card', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up here' })).toBeVisible();
  await snap(page, 'auth-required');
});

test('sign in, use the sidebar, keep its state across a reload, sign out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Validation messages of the spec.
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await snap(page, 'sign-in-validation');

  // A wrong password gets the mapped message.
  await dialog.getByLabel('Email').fill(E2E_USER.email);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible();

  await dialog.getByLabel('Password').fill(E2E_USER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  // Issue 16: the retry dismissed the old error; it does not stay beside the welcome. (Checked within
  // a second: left alone, the error would go by itself after its 4 s.)
  const failedToast = page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: 'Sign in failed' });
  await expect(failedToast).toHaveCount(0, { timeout: 1000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`${E2E_USER.first} ${E2E_USER.last}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Dashboard/ })).toHaveAttribute('aria-current', 'page');
  await snap(page, 'dashboard');

  // Signed in, / goes to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Ctrl+B collapses the sidebar; the cookie keeps it collapsed after a reload.
  const sidebar = page.locator('[data-slot="sidebar"]').first();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute('data-state', 'collapsed');
  await snap(page, 'dashboard-collapsed');
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute('data-state', 'expanded');

  // Prefix match: a section page highlights its own item.
  await page.getByRole('link', { name: /^Contacts/ }).click();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Contacts/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: /^Dashboard/ })).not.toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  // Signed out, the app goes home; only then is the session gone (going on at once raced it).
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page.getByText('Authentication Required')).toBeVisible();
});

test('an invitation link from the admin CLI creates a working account', async ({ page }) => {
  const output = admin('invite', 'linus@example.com');
  const link = output.match(/http:\/\/\S+\/invite\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Create your Penman account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('linus@example.com');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Linus');
  await page.getByLabel('Last name').fill('Torvalds');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await snap(page, 'invitation');
  await page.getByLabel('Password').fill('penguin-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Linus Torvalds')).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByText('This invitation link is invalid or has already been used.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the sidebar is an overlay opened from the top bar', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('link', { name: /^Contacts/ })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('link', { name: /^Contacts/ })).toBeVisible();
    await page.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await snap(page, 'dashboard-mobile-menu');
    await page.getByRole('link', { name: /^Contacts/ }).click();
    await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
