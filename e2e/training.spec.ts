import fs from 'node:fs';
import path from 'node:path';
import {
  STYLE_MESSAGES,
  type StyleProfile,
  TRAINING_FIGURES,
  TRAINING_LABELS,
  TRAINING_MESSAGES,
  TRAINING_STATUS_LABELS,
  type TrainingOverview,
  type TrainingSession,
} from '@penman/contract';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { connectImapMailbox, createUser, E2E_IMAP, importRawMailbox, signInAndSaveSession, snap, toast } from './support.ts';

// The Training screen and the Style Corpus report against real mail. A user of its own imports the
// Enron allen-p mailbox (66 inbox + 562 sent, Dec 1999 to Jan 2002) as a mailbox file, downloads
// it for training from the screen, trains the model and reads the report, then cleans up (session,
// prune, delete all). A mailbox file, not the global setup's Dovecot copy: Dovecot stores that copy
// with today's INTERNALDATE, so an IMAP download of the mail's real dates finds nothing. Another
// user connects the Dovecot mailbox without downloading (no mail yet). Expected figures are read
// from the API: the test checks what the screen does with the data, not the engines' numbers.

// Outside Playwright's outputDir, which every run empties first.
const SESSIONS = path.join(import.meta.dirname, '..', 'test-results', 'training-sessions');
const PASSWORD = 'e2e-training-pw-1';
const WITH_MAIL = { email: 'barbara@example.com', session: path.join(SESSIONS, 'training-barbara.json') };
const NO_MAIL = { email: 'edith@example.com', session: path.join(SESSIONS, 'training-edith.json') };
const NO_ACCOUNT = { email: 'claude@example.com', session: path.join(SESSIONS, 'training-claude.json') };
const OWNER = 'phillip.allen@enron.com';
/** The range that holds the whole mailbox. */
const RANGE = { start: '1999-12-01', end: '2002-01-31' };

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

let accountId: string;

const signInAs = (browser: Browser, user: { email: string; session: string }) => signInAndSaveSession(browser, user, PASSWORD);

async function overview(request: APIRequestContext): Promise<TrainingOverview> {
  const response = await request.get(`/api/accounts/${accountId}/training`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { overview: TrainingOverview }).overview;
}

async function sessions(request: APIRequestContext): Promise<TrainingSession[]> {
  return ((await (await request.get(`/api/accounts/${accountId}/training/sessions`)).json()) as { sessions: TrainingSession[] }).sessions;
}

const count = (value: number) => value.toLocaleString('en-US');
const downloadCard = (page: Page) => page.getByRole('region', { name: TRAINING_MESSAGES.downloadCardTitle });
const analysisCard = (page: Page) => page.getByRole('region', { name: TRAINING_MESSAGES.analysisCardTitle });
/** One figure of the Training Data Details panel. */
const detail = (page: Page, label: string) =>
  downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.detailsTitle }).getByText(label, { exact: true }).locator('..');

/** A tall window, so a full-page screenshot shows a whole dialog (dialogs are at most the window's height). */
async function snapTall(page: Page, name: string, height = 4200) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: size?.width ?? 1280, height });
  await snap(page, name);
  if (size) await page.setViewportSize(size);
}

/** The report's summary cards, eight sections and real content (never raw JSON). */
async function expectReport(dialog: Locator, profile: StyleProfile) {
  await expect(dialog.getByRole('heading', { name: STYLE_MESSAGES.reportTitle })).toBeVisible();
  for (const [label, value] of [
    [STYLE_MESSAGES.sampleSize, count(profile.sampleSize)],
    [STYLE_MESSAGES.totalAvailable, count(profile.totalEmailsAvailable)],
    [STYLE_MESSAGES.status, STYLE_MESSAGES.complete],
  ] as const) {
    await expect(dialog.getByText(label, { exact: true }).locator('..')).toContainText(value);
  }
  await expect(dialog.getByText(STYLE_MESSAGES.analysisDate, { exact: true })).toBeVisible();
  for (const section of Object.values(STYLE_MESSAGES.sections)) {
    await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  for (const sub of [STYLE_MESSAGES.internal, STYLE_MESSAGES.external, STYLE_MESSAGES.urgent, STYLE_MESSAGES.routine]) {
    await expect(dialog.getByRole('heading', { name: sub, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('heading', { name: STYLE_MESSAGES.complaint, exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: STYLE_MESSAGES.meeting, exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: STYLE_MESSAGES.superior, exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: STYLE_MESSAGES.subordinate, exact: true })).toBeVisible();

  // Plain words from the profile: the formality level with its score, a greeting, the metadata.
  await expect(dialog.getByText(/^(Very formal|Formal|Neutral|Casual|Very casual) \(\d+ \/ 100\)$/)).toBeVisible();
  await expect(dialog.getByRole('meter', { name: 'Formality' })).toBeVisible();
  if (profile.greetingPatterns[0]) await expect(dialog.getByText(`“${profile.greetingPatterns[0].text.trim()}”`).first()).toBeVisible();
  if (profile.closingPatterns[0]) await expect(dialog.getByText(`“${profile.closingPatterns[0].text.trim()}”`).first()).toBeVisible();
  await expect(dialog.getByText(/ words per sentence$/)).toBeVisible();
  await expect(dialog.getByText(/^Based on \d[\d,]* emails?$/).first()).toBeVisible();
  await expect(dialog.getByText(profile.id, { exact: true })).toBeVisible();
  await expect(dialog.getByText(profile.analysisVersion, { exact: true })).toBeVisible();
  await expect(dialog).not.toContainText('{"');
  await expect(dialog).not.toContainText('[object Object]');
  await expect(dialog).not.toContainText('undefined');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  for (const user of [WITH_MAIL, NO_MAIL, NO_ACCOUNT])
    createUser({ email: user.email, password: PASSWORD, first: 'E2E', last: 'Training' });
  await (await signInAs(browser, NO_ACCOUNT)).context().close();
  const empty = await signInAs(browser, NO_MAIL);
  await connectImapMailbox(empty.request);
  await empty.context().close();
  const page = await signInAs(browser, WITH_MAIL);
  const files = [...enronFolder('allen-p', 'inbox'), ...enronFolder('allen-p', 'sent')];
  accountId = (
    await importRawMailbox(
      page,
      OWNER,
      files.map((file) => fs.readFileSync(file)),
    )
  ).id;
  await page.context().close();
});

test('without an email account the screen says so', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: NO_ACCOUNT.session });
  const page = await context.newPage();
  await page.goto('/dashboard/training');
  await expect(page.getByRole('heading', { name: TRAINING_MESSAGES.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: TRAINING_MESSAGES.noAccounts })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Email Accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/email-accounts$/);
  await context.close();
});

test.describe('with a connected mailbox and no mail yet', () => {
  test.use({ storageState: NO_MAIL.session });

  test('no mail yet: the default range, the guidance, the buttons, and no report', async ({ page }) => {
    await page.goto('/dashboard/training');
    await expect(page.getByRole('heading', { name: TRAINING_MESSAGES.title, level: 1 })).toBeVisible();
    // One account: plain text, no picker.
    await expect(downloadCard(page).getByText(E2E_IMAP.email, { exact: true })).toBeVisible();
    await expect(page.getByText(TRAINING_LABELS.loading)).toHaveCount(0);
    await expect(downloadCard(page).getByRole('combobox')).toHaveCount(0);

    // The default range: the last 3 months ending today (the earlier of the local and UTC dates).
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      const utc = now.toISOString().slice(0, 10);
      return local < utc ? local : utc;
    });
    const start = downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate);
    const end = downloadCard(page).getByLabel(TRAINING_MESSAGES.endDate);
    await expect(end).toHaveValue(today);
    await expect(end).toHaveAttribute('max', today);
    await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(end).toHaveAttribute('min', await start.inputValue());

    await expect(detail(page, TRAINING_MESSAGES.lastSync)).toContainText(TRAINING_MESSAGES.never);
    await expect(downloadCard(page).getByText(TRAINING_MESSAGES.lastStartDate)).toHaveCount(0);
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.downloadForTraining })).toBeEnabled();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.buildInboxContacts })).toBeEnabled();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.generateSentStyleCorpus })).toBeEnabled();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails })).toBeDisabled();

    await expect(analysisCard(page).getByText(TRAINING_MESSAGES.noTrainingEmailsGuidance)).toBeVisible();
    // Connected, never initialized: nothing will train it until the user starts.
    await expect(analysisCard(page).getByText(TRAINING_STATUS_LABELS.ready)).toBeVisible();
    await expect(analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.trainModel })).toBeDisabled();
    await expect(analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.showStyleReport })).toBeDisabled();
    await expect(analysisCard(page).getByRole('heading', { name: TRAINING_MESSAGES.trainingHistory })).toHaveCount(0);

    // Prune without outgoing mail.
    await analysisCard(page).getByRole('button', { name: 'Prune Outgoing Emails' }).click();
    await expect(toast(page, TRAINING_MESSAGES.noOutgoingTitle, TRAINING_MESSAGES.noOutgoing)).toBeVisible();

    // A range shorter than 3 months by month difference is refused before any call.
    await start.fill('2001-03-31');
    await end.fill('2001-05-31');
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.downloadForTraining }).click();
    await expect(toast(page, TRAINING_MESSAGES.invalidRangeTitle, TRAINING_MESSAGES.invalidRange)).toBeVisible();
    await snap(page, 'training-empty');

    // The account card's Style Corpus: Pending, and View details says there is no profile.
    await page.goto('/dashboard/email-accounts');
    const corpus = page.getByRole('article').filter({ hasText: E2E_IMAP.email }).getByRole('region', { name: 'Style Corpus' });
    await expect(corpus.getByText('Pending', { exact: true })).toBeVisible();
    await expect(corpus.getByText('Not generated yet')).toBeVisible();
    await corpus.getByRole('button', { name: 'View details' }).click();
    const report = page.getByRole('dialog', { name: STYLE_MESSAGES.reportTitle });
    await expect(report.getByText(STYLE_MESSAGES.noProfileTitle)).toBeVisible();
    await expect(report.getByText(STYLE_MESSAGES.noProfile)).toBeVisible();
    await snap(page, 'training-no-profile');
  });

  test("a run that finds no mail in its range: Download Failed and 'Training Failed'", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/training');
    // The default range (the last 3 months) holds none of this 2001 mailbox's mail.
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.buildInboxContacts }).click();
    await expect(toast(page, TRAINING_MESSAGES.downloadStarted)).toBeVisible();
    await expect(toast(page, TRAINING_MESSAGES.downloadFailedTitle, TRAINING_MESSAGES.noEmailsFound)).toBeVisible({ timeout: 60_000 });
    const box = downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.downloadFailedTitle });
    await expect(box).toContainText(TRAINING_MESSAGES.noEmailsFound);
    await expect(box).toContainText('Inbox contacts');
    const status = analysisCard(page).getByRole('region', { name: TRAINING_MESSAGES.emailAnalysisStatus });
    await expect(status).toContainText(TRAINING_MESSAGES.trainingFailed);
    await expect(status).toContainText(TRAINING_MESSAGES.noEmailsFound);
    const history = analysisCard(page).getByRole('list', { name: TRAINING_MESSAGES.trainingHistory });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('Failed');
    await snap(page, 'training-run-failed');
  });
});

test.describe('with the allen-p mailbox', () => {
  test.use({ storageState: WITH_MAIL.session });

  test('download a range for training: progress, completion, the details panel and the history', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/dashboard/training');
    await downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate).fill(RANGE.start);
    await downloadCard(page).getByLabel(TRAINING_MESSAGES.endDate).fill(RANGE.end);
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.downloadForTraining }).click();
    await expect(toast(page, TRAINING_MESSAGES.downloadStarted, 'Downloading Dec 1, 1999 – Jan 31, 2002.')).toBeVisible();
    // The box shows while it runs, then its outcome.
    await expect(
      downloadCard(page).getByRole('region', {
        name: new RegExp(`^(${TRAINING_MESSAGES.downloadInProgress}|${TRAINING_MESSAGES.downloadCompleted})$`),
      }),
    ).toBeVisible();
    await expect(toast(page, TRAINING_MESSAGES.downloadCompleted, 'emails downloaded.')).toBeVisible({ timeout: 150_000 });
    const box = downloadCard(page).getByRole('region', { name: TRAINING_MESSAGES.downloadCompleted });
    await expect(box).toContainText('Completed');

    const data = await overview(page.request);
    expect(data.trainingEmailsCount).toBeGreaterThan(0);
    expect(data.outgoingEmailsCount).toBeGreaterThanOrEqual(50);
    await expect(box).toContainText(count(data.latestSession!.totalEmailsDownloaded));
    await expect(detail(page, TRAINING_MESSAGES.trainingEmailsAvailable)).toContainText(count(data.outgoingEmailsCount));
    await expect(detail(page, TRAINING_MESSAGES.totalEmailsDownloaded)).toContainText(count(data.totalEmailsCountActual));
    await expect(detail(page, TRAINING_MESSAGES.emailsReceived)).toContainText(count(data.incomingEmailsCount));
    await expect(detail(page, TRAINING_MESSAGES.emailsSent)).toContainText(count(data.outgoingEmailsCount));
    await expect(detail(page, TRAINING_MESSAGES.lastStartDate)).toContainText('Dec 1, 1999');
    await expect(detail(page, TRAINING_MESSAGES.lastEndDate)).toContainText('Jan 31, 2002');
    if (data.lastSyncAt) await expect(detail(page, TRAINING_MESSAGES.lastSync)).not.toContainText(TRAINING_MESSAGES.never);

    // Training emails exist: no date inputs, Download off, Delete on; 50+ sent mails: no guidance.
    await expect(downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate)).toHaveCount(0);
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.downloadForTraining })).toBeDisabled();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails })).toBeEnabled();
    await expect(analysisCard(page).getByText(TRAINING_MESSAGES.noTrainingEmailsGuidance)).toHaveCount(0);
    await expect(analysisCard(page).getByText(TRAINING_MESSAGES.moreEmailsRecommended)).toHaveCount(0);
    // Initialization already built a profile from every imported sent email; the training emails
    // downloaded since are new data, so Train Model is on.
    expect(data.analysis).not.toBeNull();
    expect(data.analysis!.sampleSize).toBe(data.outgoingEmailsCount);
    expect(Date.parse(data.trainingEmailsDownloadedOn!)).toBeGreaterThan(Date.parse(data.analysis!.analysisDate));
    await expect(analysisCard(page).getByRole('region', { name: TRAINING_MESSAGES.emailAnalysisStatus })).toContainText(
      TRAINING_STATUS_LABELS.completed,
    );
    await expect(analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.trainModel })).toBeEnabled();
    await expect(analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.showStyleReport })).toBeEnabled();

    // The history: the session with its kind, range, status and count.
    const history = analysisCard(page).getByRole('list', { name: TRAINING_MESSAGES.trainingHistory });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('Training download');
    await expect(history).toContainText('Dec 1, 1999 – Jan 31, 2002');
    await expect(history).toContainText('Completed');

    // Show goes to the emails of the account.
    await detail(page, TRAINING_MESSAGES.trainingEmailsAvailable).getByRole('link', { name: TRAINING_MESSAGES.show }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/emails\\?account=${accountId}$`));
    await page.goBack();
    await expect(detail(page, TRAINING_MESSAGES.emailsSent)).toContainText(count(data.outgoingEmailsCount));
    await snap(page, 'training-downloaded');
  });

  test('Train Model: the toasts, the training dialog and the style report', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/training');
    await analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.trainModel }).click();
    await expect(toast(page, TRAINING_MESSAGES.trainingStarted)).toBeVisible();
    const dialog = page.getByRole('dialog', { name: TRAINING_MESSAGES.trainModel });
    await expect(dialog).toBeVisible();
    await expect(toast(page, TRAINING_MESSAGES.analysisCompleted)).toBeVisible({ timeout: 60_000 });
    await expect(toast(page, TRAINING_MESSAGES.trainingComplete)).toBeVisible({ timeout: 20_000 });

    const { profile } = (await (await page.request.get(`/api/accounts/${accountId}/style`)).json()) as { profile: StyleProfile };
    expect(profile).not.toBeNull();
    await expect(dialog.getByText(TRAINING_FIGURES.emailsAnalyzed.label).locator('..')).toContainText(/\d/);
    await expect(dialog.getByText(STYLE_MESSAGES.sampleSize).locator('..')).toContainText(count(profile.sampleSize));
    await snap(page, 'training-dialog');
    await dialog.getByRole('button', { name: 'View report' }).click();

    const report = page.getByRole('dialog', { name: STYLE_MESSAGES.reportTitle });
    await expectReport(report, profile);
    await expect(report).toContainText(OWNER);
    await snapTall(page, 'training-style-report');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'training-style-report-mobile');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();

    // Trained: the status with its date, the topics, Train Model off until more sent mail arrives.
    const status = analysisCard(page).getByRole('region', { name: TRAINING_MESSAGES.emailAnalysisStatus });
    await expect(status).toContainText(TRAINING_STATUS_LABELS.completed);
    await expect(status).toContainText('Last analyzed');
    await expect(analysisCard(page).getByRole('heading', { name: 'Email topics' })).toBeVisible();
    await expect(analysisCard(page).getByRole('heading', { name: 'Themes' })).toBeVisible();
    const data = await overview(page.request);
    if (data.outgoingEmailsCount <= (data.analysis?.sampleSize ?? 0)) {
      await expect(analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.trainModel })).toBeDisabled();
      await expect(analysisCard(page).getByText('The model is up to date.', { exact: false })).toBeVisible();
    }
    await snap(page, 'training-analyzed');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'training-mobile');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The report again, from its own button, by keyboard.
    await analysisCard(page).getByRole('button', { name: TRAINING_MESSAGES.showStyleReport }).focus();
    await page.keyboard.press('Enter');
    await expect(report.getByText(profile.id, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test("the account card's Style Corpus is Ready and View details opens the same report", async ({ page }) => {
    const { profile } = (await (await page.request.get(`/api/accounts/${accountId}/style`)).json()) as { profile: StyleProfile };
    await page.goto('/dashboard/email-accounts');
    const card = page.getByRole('article').filter({ hasText: OWNER });
    const corpus = card.getByRole('region', { name: 'Style Corpus' });
    await expect(corpus.getByText('Ready', { exact: true })).toBeVisible();
    await expect(corpus.getByText(/^Last generated /)).toBeVisible();
    await corpus.getByRole('button', { name: 'View details' }).click();
    const report = page.getByRole('dialog', { name: STYLE_MESSAGES.reportTitle });
    await expectReport(report, profile);
    await snap(page, 'training-account-report');
    await report.getByRole('button', { name: 'Close' }).last().click();
    await expect(report).toBeHidden();
  });

  test('Recalculate, delete a session, prune, then delete all training emails', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/training');
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.recalculate }).click();
    await expect(toast(page, TRAINING_MESSAGES.statisticsUpdatedTitle, TRAINING_MESSAGES.statisticsUpdated)).toBeVisible();

    // Delete the session: it leaves the history (and the history leaves with its last session).
    const history = analysisCard(page).getByRole('list', { name: TRAINING_MESSAGES.trainingHistory });
    const before = (await sessions(page.request)).length;
    expect(before).toBeGreaterThan(0);
    await history
      .getByRole('button', { name: /^Delete session of / })
      .first()
      .click();
    await expect(toast(page, TRAINING_MESSAGES.sessionDeleted)).toBeVisible();
    expect(await sessions(page.request)).toHaveLength(before - 1);
    await expect(history.getByRole('listitem')).toHaveCount(before - 1);

    // Prune: confirm, toast, then the page reloads with the new counts.
    const sentBefore = (await overview(page.request)).outgoingEmailsCount;
    await analysisCard(page).getByRole('button', { name: 'Prune Outgoing Emails' }).click();
    const pruneDialog = page.getByRole('alertdialog', { name: 'Prune outgoing emails?' });
    await expect(pruneDialog).toBeVisible();
    await snap(page, 'training-prune-confirm');
    const reloaded = page.waitForEvent('load');
    await pruneDialog.getByRole('button', { name: 'Prune' }).click();
    await expect(toast(page, TRAINING_MESSAGES.emailsPruned)).toBeVisible();
    await reloaded;
    const pruned = await overview(page.request);
    expect(pruned.outgoingEmailsCount).toBeLessThanOrEqual(sentBefore);
    await expect(detail(page, TRAINING_MESSAGES.emailsSent)).toContainText(count(pruned.outgoingEmailsCount));

    // Delete all: the confirmation states the count; afterwards the dates and Download are back.
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails }).click();
    const confirm = page.getByRole('alertdialog', { name: TRAINING_MESSAGES.deleteConfirmTitle });
    await expect(confirm.getByText(TRAINING_MESSAGES.deleteConfirmBody(pruned.trainingEmailsCount), { exact: true })).toBeVisible();
    await snap(page, 'training-delete-confirm');
    await confirm.getByRole('button', { name: TRAINING_MESSAGES.cancel }).click();
    await expect(confirm).toBeHidden();
    await downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails }).click();
    await confirm.getByRole('button', { name: TRAINING_MESSAGES.delete, exact: true }).click();
    await expect(toast(page, 'Training Emails Deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    expect((await overview(page.request)).trainingEmailsCount).toBe(0);
    await expect(downloadCard(page).getByLabel(TRAINING_MESSAGES.startDate)).toBeVisible();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.deleteAllTrainingEmails })).toBeDisabled();
    await expect(downloadCard(page).getByRole('button', { name: TRAINING_MESSAGES.downloadForTraining })).toBeEnabled();
    await snap(page, 'training-deleted');
  });
});
