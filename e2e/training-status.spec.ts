import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type EmailAccount,
  formatCount,
  TRAINING_FIGURES,
  TRAINING_LABELS,
  TRAINING_MESSAGES,
  TRAINING_STATUS_LABELS,
  type TrainingAnalysis,
  type TrainingOverview,
} from '@penman/contract';
import { expect, type Page, test } from '@playwright/test';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { createUser, signIn, snap, toast, waitForInitialization } from './support.ts';

// Issue 16, "Training status and counters agree", as the reporter met it: a new user imports Vince
// Kaminski's mailbox (Enron, 2,256 messages, mail ending in January 2002) through "Import a mailbox
// file", then reads the dashboard, Email Accounts, Training and Analytics at 1280x900. All three
// screens must show one training status; the runs' default range must find mail; a run over an
// empty range must not fail the trained model; every figure says what it counts, with a thousands
// separator. Expected values come from the API, so the test checks what the screens do with them.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

const USER = { email: 'vince.status@example.com', password: 'e2e-status-pw-1', first: 'Vince', last: 'Status' };
const OWNER = 'vince.kaminski@enron.com';

/** The mailbox as an mbox file (mboxrd), the way a mail program exports it. */
function kaminskiMbox(): string {
  const files = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')];
  const records = files.map((file) => {
    const raw = fs
      .readFileSync(file)
      .toString('latin1')
      .replace(/\r\n/g, '\n')
      .replace(/^(>*From )/gm, '>$1');
    return Buffer.from(`From - Mon Jan  1 00:00:00 2001\n${raw}${raw.endsWith('\n') ? '' : '\n'}\n`, 'latin1');
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'penman-e2e-status-')), 'kaminski-v.mbox');
  fs.writeFileSync(file, Buffer.concat(records));
  return file;
}

let account: EmailAccount;

async function overview(page: Page): Promise<TrainingOverview> {
  const response = await page.request.get(`/api/accounts/${account.id}/training`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { overview: TrainingOverview }).overview;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Training status' });
const styleCorpus = (page: Page) => page.getByRole('article').filter({ hasText: OWNER }).getByRole('region', { name: 'Style Corpus' });
const analysisStatus = (page: Page) =>
  page
    .getByRole('region', { name: TRAINING_MESSAGES.analysisCardTitle })
    .getByRole('region', { name: TRAINING_MESSAGES.emailAnalysisStatus });
const downloadCard = (page: Page) => page.getByRole('region', { name: TRAINING_MESSAGES.downloadCardTitle });
const detail = (page: Page, label: string) =>
  downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.detailsTitle }).getByText(label, { exact: true }).locator('..');

/** The one status, as the dashboard, Email Accounts and Training show it. */
async function expectOneStatus(page: Page, label: string, shot: string) {
  await page.goto('/dashboard');
  await expect(banner(page).getByRole('heading', { name: label })).toBeVisible();
  await snap(page, `${shot}-dashboard`);
  await page.goto('/dashboard/email-accounts');
  await expect(styleCorpus(page)).toContainText(label);
  await snap(page, `${shot}-email-accounts`);
  await page.goto('/dashboard/training');
  await expect(analysisStatus(page)).toContainText(label);
  await snap(page, `${shot}-training`);
}

test.beforeAll(() => createUser(USER));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
});

test('after importing a mailbox file, the dashboard, Email Accounts and Training show one status', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/dashboard/email-accounts');
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await dialog.getByRole('button', { name: /^Import a mailbox file/ }).click();
  await dialog.getByLabel('Your email address').fill(OWNER);
  await dialog.getByLabel('Mailbox file').setInputFiles(kaminskiMbox());
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, 'Import started')).toBeVisible({ timeout: 30_000 });

  const { accounts } = (await (await page.request.get('/api/accounts')).json()) as { accounts: EmailAccount[] };
  account = await waitForInitialization(page.request, accounts.find((a) => a.emailAddress === OWNER)!.id, 150_000);
  // The initialization built the style profile: trained, on every screen.
  expect(account.styleProfileGeneratedAt).not.toBeNull();
  expect(account.trainingStatus).toBe('completed');
  expect((await overview(page)).trainingStatus).toBe('completed');
  await expectOneStatus(page, TRAINING_STATUS_LABELS.completed, 'status-imported');
  await page.goto('/dashboard/email-accounts');
  await expect(styleCorpus(page).getByText('Ready', { exact: true })).toBeVisible();
  await expect(page.getByText(TRAINING_STATUS_LABELS.not_started)).toHaveCount(0);

  // The same on a phone, within the screen's width.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectOneStatus(page, TRAINING_STATUS_LABELS.completed, 'status-imported-phone');
  for (const screen of ['/dashboard', '/dashboard/email-accounts', '/dashboard/training']) {
    await page.goto(screen);
    await expect(page.getByText(TRAINING_STATUS_LABELS.completed).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
});

test('a run over a range without mail fails its download, not the trained model', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/training');
  await downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate).fill('2010-01-01');
  await downloadCard(page).getByLabel(TRAINING_MESSAGES.endDate).fill('2010-06-30');
  await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.generateSentStyleCorpus }).click();
  await expect(toast(page, TRAINING_MESSAGES.downloadFailedTitle, TRAINING_MESSAGES.noEmailsFound)).toBeVisible({ timeout: 60_000 });
  await expect(downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.downloadFailedTitle })).toContainText(
    TRAINING_MESSAGES.noEmailsFound,
  );
  await expect(analysisStatus(page)).toContainText(TRAINING_STATUS_LABELS.completed);
  await expect(analysisStatus(page)).not.toContainText(TRAINING_MESSAGES.trainingFailed);
  await snap(page, 'status-empty-range');
  await expectOneStatus(page, TRAINING_STATUS_LABELS.completed, 'status-after-empty-range');
});

test('the default range holds the mail: Build Inbox Contacts and Generate Sent Style Corpus find some', async ({ page }) => {
  test.setTimeout(150_000);
  const { defaultRange } = await overview(page);
  // The archive ends on 2002-01-30: its newest months, not the last 3 months up to today, nor the
  // range that just found nothing.
  expect(defaultRange.endDate).toBe('2002-01-30');
  expect(defaultRange.startDate < '2001-11-01').toBe(true);
  await page.goto('/dashboard/training');
  await expect(downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate)).toHaveValue(defaultRange.startDate);
  await expect(downloadCard(page).getByLabel(TRAINING_MESSAGES.endDate)).toHaveValue(defaultRange.endDate);

  for (const button of [TRAINING_MESSAGES.buildInboxContacts, TRAINING_MESSAGES.generateSentStyleCorpus]) {
    const previous = (await overview(page)).latestSession?.id;
    await downloadCard(page).getByRole('button', { name: button }).click();
    await expect
      .poll(
        async () => {
          const { latestSession } = await overview(page);
          return latestSession && latestSession.id !== previous && latestSession.status !== 'downloading' ? latestSession : null;
        },
        { timeout: 120_000 },
      )
      .toMatchObject({ status: 'completed', errorMessage: null });
    await expect(downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.downloadCompleted })).toBeVisible();
    await expect(toast(page, TRAINING_MESSAGES.downloadFailedTitle)).toHaveCount(0);
  }
  expect((await overview(page)).latestSession!.totalEmailsDownloaded).toBeGreaterThan(0);
  await expect(analysisStatus(page)).toContainText(TRAINING_STATUS_LABELS.completed);
  await snap(page, 'status-runs-found-mail');
});

test('every training figure says what it counts, the same on Training, the Train Model dialog and Analytics', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/training');
  await page.getByRole('button', { name: TRAINING_MESSAGES.trainModel }).click();
  const dialog = page.getByRole('dialog', { name: TRAINING_MESSAGES.trainModel });
  await expect(dialog.getByText(TRAINING_LABELS.reportReady)).toBeVisible({ timeout: 60_000 });
  const { analysis, outgoingEmailsCount, trainingEmailsCount } = await overview(page);
  expect(analysis).not.toBeNull();
  const { sampleSize, emailsAnalyzed, totalEmailsAvailable } = analysis!;
  for (const [figure, value] of [
    [TRAINING_FIGURES.sampleSize, sampleSize],
    [TRAINING_FIGURES.emailsAnalyzed, emailsAnalyzed],
    [TRAINING_FIGURES.totalEmailsAvailable, totalEmailsAvailable],
  ] as const) {
    const shown = dialog.getByText(figure.label, { exact: true }).locator('..');
    await expect(shown).toContainText(formatCount(value));
    await expect(shown).toContainText(figure.counts);
  }
  await snap(page, 'status-train-model-dialog');
  await dialog.getByRole('button', { name: TRAINING_LABELS.close }).first().click();

  // The status line names the same figures with the same words.
  await expect(analysisStatus(page)).toContainText(TRAINING_LABELS.sampleOfTotal(sampleSize, totalEmailsAvailable));
  await expect(analysisStatus(page)).toContainText(TRAINING_LABELS.withOwnWords(emailsAnalyzed));
  await expect(detail(page, TRAINING_FIGURES.trainingEmailsAvailable.label)).toContainText(formatCount(outgoingEmailsCount));
  await expect(detail(page, TRAINING_FIGURES.trainingEmailsAvailable.label)).toContainText(TRAINING_FIGURES.trainingEmailsAvailable.counts);
  await expect(detail(page, TRAINING_FIGURES.downloadedForTraining.label)).toContainText(formatCount(trainingEmailsCount));

  // Email topics: whole emails per theme, never a weight like 170.5.
  const { analysis: topics } = (await (await page.request.get(`/api/accounts/${account.id}/training/analysis`)).json()) as {
    analysis: TrainingAnalysis;
  };
  const themes = page.getByRole('heading', { name: 'Themes' }).locator('xpath=../..').getByRole('listitem');
  await expect(themes.first()).toBeVisible();
  for (const text of await themes.allInnerTexts()) expect(text).toMatch(/\d+ \(\d+%\)$/);
  await expect(page.getByRole('heading', { name: 'Themes' }).locator('xpath=../..')).not.toContainText('.5');
  const appreciation = topics.themeEmails.appreciation;
  if (appreciation) {
    await expect(themes.filter({ hasText: 'Appreciation' })).toContainText(formatCount(appreciation));
  }
  await snap(page, 'status-training-figures');

  // Analytics: the same status and figures, and no unread count for a file with no read state.
  await page.goto(`/dashboard/analytics?account=${account.id}`);
  const details = page.getByRole('heading', { name: 'Account details' }).locator('xpath=../..');
  await expect(details).toContainText(TRAINING_STATUS_LABELS.completed);
  await expect(details.getByText(TRAINING_FIGURES.trainingEmailsAvailable.label).locator('..')).toContainText(
    formatCount(outgoingEmailsCount),
  );
  await expect(details.getByText(TRAINING_FIGURES.downloadedForTraining.label).locator('..')).toContainText(
    formatCount(trainingEmailsCount),
  );
  await expect(details.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(details).not.toContainText('Training emails');
  await expect(page.locator('figcaption').first()).toBeVisible();
  await snap(page, 'status-analytics');
});

test('the delete confirmation states the count with its thousands separator', async ({ page }) => {
  const { trainingEmailsCount } = await overview(page);
  // Both runs flagged their range: most of the archive is training data now.
  expect(trainingEmailsCount).toBeGreaterThan(999);
  await page.goto('/dashboard/training');
  await expect(downloadCard(page)).toContainText(TRAINING_LABELS.hasTrainingEmails(trainingEmailsCount));
  await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails }).click();
  const confirm = page.getByRole('alertdialog', { name: TRAINING_MESSAGES.deleteConfirmTitle });
  await expect(confirm).toContainText(`(${formatCount(trainingEmailsCount)} emails)`);
  expect(formatCount(trainingEmailsCount)).toMatch(/^\d{1,3}(,\d{3})+$/);
  await snap(page, 'status-delete-confirm');
  await confirm.getByRole('button', { name: TRAINING_MESSAGES.cancel }).click();
  await expect(confirm).toBeHidden();
});
