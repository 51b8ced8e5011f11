import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_USER } from './global-setup.ts';

export { E2E_IMAP, E2E_USER } from './global-setup.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the operator CLI against the server the tests started. */
export function admin(...args: string[]): string {
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: process.env.E2E_BASE_URL };
  return execFileSync('node', ['apps/server/dist/cli.js', ...args], { cwd: root, env, encoding: 'utf8' });
}

/** Saves a full-page screenshot as a test artifact under test-results/screenshots. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(root, 'test-results', 'screenshots', `${name}.png`), fullPage: true });
}

/** Signs in from the landing page's Sign In dialog as the user the global setup made. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(E2E_USER.email);
  await dialog.getByLabel('Password').fill(E2E_USER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
