import path from 'node:path';
import { ACCOUNT_MESSAGES, DELIVERY_LABELS, type EmailAccount } from '@penman/contract';
import { expect, type Page, test } from '@playwright/test';
import { signIn, snap, toast } from './support.ts';

// The browser side of the Email Accounts screen that needs no mail server: the Add dialog's provider
// choice and form checks, and the Gmail popup protocol. Google's consent page and the /api/gmail/*
// answers are stood in for with page routes; the real flow against Dovecot is in the accounts spec.

const SESSION = path.join(import.meta.dirname, '..', 'test-results', 'e2e', 'accounts-ui-session.json');

test.use({ baseURL: process.env.E2E_BASE_URL, storageState: SESSION });

// Sign in once and share the session cookie.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: undefined });
  const page = await context.newPage();
  await signIn(page);
  await context.storageState({ path: SESSION });
  await context.close();
});

async function openAddDialog(page: Page) {
  await page.goto('/dashboard/email-accounts');
  await expect(page.getByRole('heading', { name: 'Email Accounts', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await expect(dialog.getByText('Choose a provider')).toBeVisible();
  return dialog;
}

test('the Add Email Account dialog offers the providers and checks each form before calling the server', async ({ page }) => {
  // A server with a Google client (the suite's has none: see the next test).
  await page.context().route('**/api/gmail/client-id', (route) => route.fulfill({ json: { clientId: 'e2e-client' } }));
  const dialog = await openAddDialog(page);
  await expect(dialog.getByRole('button', { name: /^Gmail/ })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /^Exchange \/ other IMAP/ })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /^Import a mailbox file/ })).toBeEnabled();
  // Microsoft 365 / Outlook is a working choice of its own (issue 22), second after Gmail.
  await expect(dialog.getByRole('button', { name: /^Microsoft 365 \/ Outlook/ })).toBeEnabled();
  await expect(dialog.getByRole('group', { name: 'Choose a provider' }).getByRole('button').nth(1)).toHaveAccessibleName(
    /^Microsoft 365 \/ Outlook/,
  );
  await expect(dialog.getByText('Coming soon')).toHaveCount(0);
  await snap(page, 'accounts-add-dialog');

  // Exchange / IMAP: defaults prefilled; email and password required; the address must be valid.
  await dialog.getByRole('button', { name: /^Exchange \/ other IMAP/ }).click();
  await expect(dialog.getByLabel('Server URL (optional)')).toHaveValue('outlook.office365.com');
  await expect(dialog.getByLabel('Port (optional)')).toHaveValue('993');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Missing Information', 'Please fill in all required fields.')).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill('not-an-address');
  await dialog.getByLabel('Password').fill('secret');
  await dialog.getByLabel('Port (optional)').fill('99999');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByText('Enter a port number from 1 to 65535.')).toBeVisible();
  await snap(page, 'accounts-exchange-form');

  // Gmail: the address is required, and its validity is re-checked on every change.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: /^Gmail/ }).click();
  await dialog.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(toast(page, 'Missing Information', 'Please enter your Gmail address.')).toBeVisible();
  await dialog.getByLabel('Gmail address').fill('ada@');
  await dialog.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Gmail address').fill('ada@gmail.com');
  await expect(dialog.getByText('Please enter a valid email address')).toBeHidden();

  // Mailbox file: the owner's address and a file are required.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: /^Import a mailbox file/ }).click();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Missing Information', 'Please fill in all required fields.').first()).toBeVisible();
  await expect(dialog.getByLabel('Mailbox file')).toHaveAttribute('accept', /\.mbox/);
});

test.describe('the Gmail consent popup', () => {
  const STATE = JSON.stringify({ email: 'ada@gmail.com', nonce: 'e2e-nonce' });
  const authUrl = () => {
    const url = new URL('https://accounts.google.com/o/oauth2/v2/auth');
    url.search = new URLSearchParams({
      client_id: 'e2e-client',
      redirect_uri: `${process.env.E2E_BASE_URL}/gmail-callback`,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/gmail.readonly',
      access_type: 'offline',
      prompt: 'consent',
      state: STATE,
    }).toString();
    return url.toString();
  };

  async function standIns(page: Page, { clientId, exchange }: { clientId: string | null; exchange: 'ok' | 'no-refresh-token' }) {
    const context = page.context();
    await context.route('**/api/gmail/client-id', (route) => route.fulfill({ json: { clientId } }));
    await context.route('**/api/gmail/start', (route) => route.fulfill({ json: { state: STATE, authUrl: authUrl() } }));
    await context.route('**/api/gmail/exchange', (route) =>
      exchange === 'ok'
        ? route.fulfill({ status: 201, json: { account: gmailAccount(), email: 'ada@gmail.com' } })
        : route.fulfill({ status: 400, json: { error: { code: 'BAD_REQUEST', message: 'No refresh token received from Google' } } }),
    );
    // Google's consent page: straight back to the callback with a code, as after "Allow".
    await context.route('https://accounts.google.com/**', (route) => {
      const consent = new URL(route.request().url());
      const back = new URL(consent.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'e2e-code');
      back.searchParams.set('state', consent.searchParams.get('state') ?? '');
      return route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
  }

  async function connectGmail(page: Page) {
    const dialog = await openAddDialog(page);
    await dialog.getByRole('button', { name: /^Gmail/ }).click();
    await dialog.getByLabel('Gmail address').fill('ada@gmail.com');
    return dialog;
  }

  // Issue 16: with no Google client the Gmail button opened a blank popup that closed itself.
  test('a server without a Google client says what the operator must set, and opens no popup', async ({ page }) => {
    // The suite's server has no GOOGLE_CLIENT_ID: its own answer, no stand-in.
    const popups: Page[] = [];
    page.on('popup', (popup) => popups.push(popup));
    const dialog = await openAddDialog(page);
    await expect(dialog.getByRole('button', { name: /^Gmail/ })).toContainText('Not set up on this server yet.');
    await dialog.getByRole('button', { name: /^Gmail/ }).click();
    const notice = dialog.getByRole('alert').filter({ hasText: 'Gmail is not set up on this server' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('GOOGLE_CLIENT_ID');
    await expect(notice).toContainText('GOOGLE_CLIENT_SECRET');
    await expect(notice.getByRole('link', { name: 'Setup: README, Configuration' })).toHaveAttribute('href', /#configuration$/);
    await expect(dialog.getByRole('button', { name: 'Connect Gmail' })).toBeDisabled();
    await expect(dialog.getByLabel('Gmail address')).toBeDisabled();
    await snap(page, 'accounts-gmail-not-configured');
    expect(popups).toHaveLength(0);
  });

  test("the popup opens the server's consent URL and reports the exchange's error", async ({ page }) => {
    await standIns(page, { clientId: 'e2e-client', exchange: 'no-refresh-token' });
    const consent = page.context().waitForEvent('request', (request) => request.url().startsWith('https://accounts.google.com/'));
    const start = page.waitForRequest('**/api/gmail/start');
    const dialog = await connectGmail(page);
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Connect Gmail' }).click();
    await expect(dialog.getByRole('button', { name: 'Waiting for Google...' })).toBeDisabled();
    expect((await start).postDataJSON()).toEqual({ emailAddress: 'ada@gmail.com' });
    expect((await consent).url()).toBe(authUrl());
    await (await popup).waitForEvent('close');
    await expect(toast(page, 'Authentication Failed', 'No refresh token received from Google')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Connect Gmail' })).toBeEnabled();
  });

  test('a successful consent connects the account and closes the dialog', async ({ page }) => {
    await standIns(page, { clientId: 'e2e-client', exchange: 'ok' });
    const dialog = await connectGmail(page);
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Connect Gmail' }).click();
    await (await popup).waitForEvent('close');
    await expect(toast(page, 'Gmail Account Connected', 'Successfully connected ada@gmail.com.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a Gmail account Google stopped accepting offers Reconnect, which runs the consent again for its address', async ({ page }) => {
    await standIns(page, { clientId: 'e2e-client', exchange: 'ok' });
    const refused = { ...gmailAccount(), syncState: 'failed', lastSyncError: ACCOUNT_MESSAGES.reconnectNeeded };
    await page
      .context()
      .route(/\/api\/accounts$/, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: { accounts: [refused] } }) : route.fallback(),
      );
    await page.goto('/dashboard/email-accounts');
    const card = page.getByRole('article', { name: 'ada@gmail.com' });
    await expect(card.getByText(ACCOUNT_MESSAGES.reconnectNeeded)).toBeVisible();
    // Google's consent again, not the password dialog of an IMAP account.
    const start = page.waitForRequest('**/api/gmail/start');
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Reconnect' }).click();
    await expect(card.getByRole('button', { name: 'Waiting for Google...' })).toBeDisabled();
    expect((await start).postDataJSON()).toEqual({ emailAddress: 'ada@gmail.com' });
    await (await popup).waitForEvent('close');
    await expect(toast(page, 'Gmail Account Connected', 'Successfully connected ada@gmail.com.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a Gmail account connected read-only: Reconnect Gmail in Replies runs the consent, and the alert goes once compose is granted', async ({
    page,
  }) => {
    await standIns(page, { clientId: 'e2e-client', exchange: 'ok' });
    const account = gmailAccount();
    let canCompose = false;
    await page
      .context()
      .route(/\/api\/accounts$/, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: { accounts: [account] } }) : route.fallback(),
      );
    await page
      .context()
      .route(`**/api/accounts/${account.id}/delivery`, (route) =>
        route.fulfill({ json: { mode: 'save_to_drafts', smtp: null, canDeliver: true, canCompose } }),
      );
    await page.goto('/dashboard/email-accounts');
    const replies = page.getByRole('article', { name: 'ada@gmail.com' }).getByRole('region', { name: 'Replies' });
    await expect(replies.getByText(DELIVERY_LABELS.account.gmailNoCompose)).toBeVisible();
    // What the server answers once Google granted compose.
    canCompose = true;
    const popup = page.waitForEvent('popup');
    await replies.getByRole('button', { name: DELIVERY_LABELS.account.reconnect }).click();
    await (await popup).waitForEvent('close');
    await expect(toast(page, 'Gmail Account Connected', 'Successfully connected ada@gmail.com.')).toBeVisible();
    await expect(replies.getByText(DELIVERY_LABELS.account.gmailNoCompose)).toBeHidden();
  });

  test('the popup is 500x600 and closing it ends the wait', async ({ page }) => {
    await standIns(page, { clientId: 'e2e-client', exchange: 'ok' });
    await page.context().unroute('https://accounts.google.com/**');
    await page
      .context()
      .route('https://accounts.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Consent</p>' }));
    const dialog = await connectGmail(page);
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Connect Gmail' }).click();
    const consent = await popup;
    await consent.waitForURL(/accounts\.google\.com/);
    expect(await consent.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 600]);
    await consent.close();
    await expect(dialog.getByRole('button', { name: 'Connect Gmail' })).toBeEnabled({ timeout: 3000 });
  });
});

/** A Gmail account as the server answers it (only its shape matters here). */
function gmailAccount(): EmailAccount {
  const now = new Date().toISOString();
  return {
    id: '00000000-0000-4000-8000-000000000001',
    emailAddress: 'ada@gmail.com',
    provider: 'gmail',
    displayName: 'ada@gmail.com',
    serverUrl: null,
    port: null,
    username: null,
    isActive: true,
    lastSyncAt: null,
    syncState: 'idle',
    lastSyncError: null,
    createdAt: now,
    updatedAt: now,
    emailsDownloadedCount: 0,
    trainingEmailsCount: 0,
    totalEmailsCountActual: 0,
    incomingEmailsCount: 0,
    outgoingEmailsCount: 0,
    unreadEmailsCount: 0,
    emailsWithAttachmentsCount: 0,
    messagesTruncated: 0,
    contactsCount: 0,
    dateRangeStart: null,
    dateRangeEnd: null,
    averageEmailsPerDay: 0,
    topSenders: [],
    trainingStatus: 'not_started',
    trainingStartedAt: null,
    trainingCompletedAt: null,
    trainingDurationMs: null,
    trainingError: null,
    initialized: false,
    initializationStatus: null,
    lastInitStep: null,
    initializationStartedAt: null,
    initializationCompletedAt: null,
    initializationError: null,
    inboxContactsPageCap: null,
    inboxContactsMaxNew: null,
    sentStyleCap: null,
    maxEmailsPerDownload: null,
    stopDownload: false,
    emailsDownloadStartedAt: null,
    styleProfileGeneratedAt: null,
    aliases: [],
    aliasProposals: [],
    aliasesRecompute: null,
  };
}

test('/gmail-callback opened on its own shows the provider error and drops the query', async ({ page }) => {
  await page.goto('/gmail-callback?error=access_denied&state=x');
  await expect(page.getByText('Gmail authentication failed. You can close this window.')).toBeVisible();
  await expect(page.getByText('access_denied')).toBeVisible();
  await expect(page).toHaveURL(/\/gmail-callback$/);
  await snap(page, 'gmail-callback-error');
});
