import { type EmailAccount, MICROSOFT_MESSAGES } from '@penman/contract';
import { expect, type Page, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { axeViolations } from './axe.ts';
import { layoutProblems, PHONE } from './layout.ts';
import {
  createUser,
  deliverQuestion,
  E2E_MICROSOFT,
  signIn,
  snap,
  toast,
  waitForInitialization,
  waitUntilNewMailIsNoticed,
} from './support.ts';

// Microsoft 365 / Outlook (issue 22) against the production build: the sign-in popup goes to the
// identity platform's stand-in (started by the global setup, as MICROSOFT_AUTHORITY), which consents
// as the login hint and sends the popup back to /microsoft-callback; the server redeems the code with
// its PKCE verifier and signs in to Dovecot over IMAP with XOAUTH2 (Dovecot's oauth2 passdb asks the
// stand-in's introspection endpoint). The mailbox is a real Enron one.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

const USER = { email: 'megan.e2e@example.com', password: 'e2e-microsoft-pw-1', first: 'Megan', last: 'Bowen' };

// Allen's inbox (66 messages) and the part of his Sent folder the global setup seeded.
const MESSAGES = 66 + E2E_MICROSOFT.sent;

test.beforeAll(() => createUser(USER));

async function openMicrosoftForm(page: Page) {
  await page.goto('/dashboard/email-accounts');
  await expect(page.getByRole('heading', { name: 'Email Accounts', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  const choice = dialog.getByRole('button', { name: /^Microsoft 365 \/ Outlook/ });
  await expect(choice).toContainText('work, school or personal');
  await choice.click();
  await expect(dialog.getByLabel('Microsoft email address')).toBeFocused();
  return dialog;
}

test('a Microsoft 365 mailbox connects through the sign-in popup, initializes and downloads its mail', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const dialog = await openMicrosoftForm(page);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await snap(page, 'microsoft-form-1280');

  await dialog.getByLabel('Microsoft email address').fill(E2E_MICROSOFT.email);
  const popupOpened = page.waitForEvent('popup');
  const authorize = page.context().waitForEvent('request', (request) => request.url().includes('/oauth2/v2.0/authorize'));
  await dialog.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(dialog.getByRole('button', { name: 'Waiting for Microsoft...' })).toBeDisabled();
  const popup = await popupOpened;
  // Microsoft's authorize endpoint with the address as login hint and a PKCE S256 challenge.
  const sent = new URL((await authorize).url());
  expect(sent.origin).toBe(process.env.E2E_MICROSOFT_AUTHORITY);
  expect(sent.searchParams.get('login_hint')).toBe(E2E_MICROSOFT.email);
  expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(sent.searchParams.get('redirect_uri')).toBe(`${process.env.E2E_BASE_URL}/microsoft-callback`);
  await popup.waitForEvent('close', { timeout: 30_000 });

  await expect(toast(page, 'Microsoft Account Connected', `Successfully connected ${E2E_MICROSOFT.email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: E2E_MICROSOFT.email });
  await expect(card).toBeVisible();
  await expect(card.getByText('Microsoft 365 / Outlook', { exact: true })).toBeVisible();
  await expect(card.getByText('Not initialized')).toBeVisible();
  await snap(page, 'microsoft-connected-1280');

  // The sync signs in with XOAUTH2 and downloads the seeded mailbox.
  await card.getByRole('button', { name: 'Initialize' }).click();
  await expect(toast(page, 'Edge function invoked')).toBeVisible();
  const accounts = (await (await page.request.get('/api/accounts')).json()) as { accounts: EmailAccount[] };
  const account = accounts.accounts.find((candidate) => candidate.emailAddress === E2E_MICROSOFT.email);
  expect(account?.provider).toBe('outlook');
  const done = await waitForInitialization(page.request, account!.id);
  expect(done.emailsDownloadedCount).toBe(MESSAGES);
  await expect(card.getByText(/^Initialized/)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Emails downloaded').locator('..')).toContainText(String(MESSAGES));
  // Replies go through Microsoft's SMTP server with the same sign-in: nothing to fill in or check.
  // (Here Microsoft's SMTP server is the global setup's, on this machine; in production smtp.office365.com, port 587.)
  await expect(card.getByText(/^Replies are sent through localhost \(port \d+\) with your Microsoft sign-in\.$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Check connection' })).toHaveCount(0);
  await snap(page, 'microsoft-initialized-1280');
  // Toasts fading out are half transparent: checked once they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
});

/** Realtime: a draft arrives within the landing page's promise (10 s), with a margin for a busy machine. */
const DRAFT_ARRIVES_MS = 30_000;
/** A delivery job on a busy machine: one token from the cache, one IMAP or SMTP login. */
const DELIVERED_MS = 45_000;

const queueCard = (page: Page, subject: string) =>
  page
    .getByRole('list', { name: 'Drafts waiting for review' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: subject }) });

/** What the global setup's SMTP server (Microsoft's, taking the stand-in's tokens) received, and its logins. */
async function microsoftSmtp(): Promise<{
  received: { from: string; to: string[]; subject: string }[];
  logins: { method: string; user: string }[];
}> {
  return (await fetch(`${process.env.E2E_MICROSOFT_CONTROL}/smtp`)).json();
}

/** The subjects of the Microsoft mailbox's `folder` (Dovecot, read with the mailbox's own password). */
async function folderSubjects(folder: string): Promise<string[]> {
  const client = new ImapFlow({
    host: 'localhost',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    // The test server allows plain logins on its plain port; nothing to protect between two local processes.
    doSTARTTLS: false,
    auth: { user: E2E_MICROSOFT.user, pass: E2E_MICROSOFT.password },
    logger: false,
  });
  await client.connect();
  try {
    if (!(await client.list()).some((candidate) => candidate.path === folder)) return [];
    const lock = await client.getMailboxLock(folder);
    try {
      if (!client.mailbox || client.mailbox.exists === 0) return [];
      const subjects: string[] = [];
      for await (const message of client.fetch('1:*', { envelope: true })) subjects.push(message.envelope?.subject ?? '');
      return subjects;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

test('replies of a Microsoft mailbox: Approve saves one into its Drafts, and in Send mode one goes out over SMTP with XOAUTH2', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const accounts = (await (await page.request.get('/api/accounts')).json()) as { accounts: EmailAccount[] };
  const account = accounts.accounts.find((candidate) => candidate.emailAddress === E2E_MICROSOFT.email)!;
  await waitUntilNewMailIsNoticed(page.request, E2E_MICROSOFT, account.id);

  // Save to Drafts (the default): the reply is APPENDed over IMAP with the account's token.
  await page.goto('/dashboard/drafts');
  const toSave = await deliverQuestion(E2E_MICROSOFT, 'Microsoft drafts folder');
  const saving = queueCard(page, toSave.subject);
  await expect(saving).toBeVisible({ timeout: DRAFT_ARRIVES_MS });
  await saving.getByRole('button', { name: 'Approve' }).click();
  await expect(saving.getByRole('region', { name: 'Delivery' }).getByRole('status')).toContainText(
    `Saved to Drafts in ${E2E_MICROSOFT.email}`,
    {
      timeout: DELIVERED_MS,
    },
  );
  expect((await folderSubjects('Drafts')).filter((subject) => subject === `Re: ${toSave.subject}`)).toHaveLength(1);

  // Send: chosen on the account card; the reply goes out through Microsoft's SMTP server, signed in with the token.
  await page.goto('/dashboard/email-accounts');
  const replies = page.getByRole('article', { name: E2E_MICROSOFT.email }).getByRole('region', { name: 'Replies' });
  await replies.getByRole('radio', { name: /^Send/ }).check();
  await expect(toast(page, 'Reply settings saved').first()).toBeVisible();
  await snap(page, 'microsoft-replies-send-1280');

  await page.goto('/dashboard/drafts');
  const toSend = await deliverQuestion(E2E_MICROSOFT, 'Microsoft send');
  const sending = queueCard(page, toSend.subject);
  await expect(sending).toBeVisible({ timeout: DRAFT_ARRIVES_MS });
  await sending.getByRole('button', { name: 'Approve' }).click();
  await expect(sending.getByRole('region', { name: 'Delivery' }).getByRole('status')).toContainText('Sent', { timeout: DELIVERED_MS });
  const smtp = await microsoftSmtp();
  const sent = smtp.received.filter((message) => message.subject === `Re: ${toSend.subject}`);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ from: E2E_MICROSOFT.email, to: ['keith.holst@enron.com'] });
  expect(smtp.logins).toContainEqual({ method: 'XOAUTH2', user: E2E_MICROSOFT.email });
  // The copy in Sent, stored over IMAP with the same token.
  expect((await folderSubjects('Sent')).filter((subject) => subject === `Re: ${toSend.subject}`)).toHaveLength(1);
  await snap(page, 'microsoft-reply-sent-1280');
  expect(await axeViolations(page)).toEqual([]);
});

/** The user withdraws Penman's consent at Microsoft (`revoke`), or gives it again (`restore`). */
async function consent(action: 'revoke' | 'restore', login: string) {
  const response = await fetch(`${process.env.E2E_MICROSOFT_CONTROL}/${action}?login=${encodeURIComponent(login)}`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

test('a revoked consent shows Reconnect on the card, which signs in with Microsoft again', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const accounts = (await (await page.request.get('/api/accounts')).json()) as { accounts: EmailAccount[] };
  const account = accounts.accounts.find((candidate) => candidate.emailAddress === E2E_MICROSOFT.email)!;
  // The new-mail watcher (IMAP IDLE, signed in before the revocation) is what starts the next sync.
  await waitUntilNewMailIsNoticed(page.request, E2E_MICROSOFT, account.id);
  await consent('revoke', E2E_MICROSOFT.email);
  try {
    // New mail wakes the watcher; the sync's sign-in is refused and the refresh token too.
    await deliverQuestion(E2E_MICROSOFT, 'After the consent was revoked');
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/accounts/${account.id}`)).json()) as { account: EmailAccount }).account.lastSyncError,
        {
          timeout: 60_000,
        },
      )
      .toBe(MICROSOFT_MESSAGES.reconnectNeeded);
  } finally {
    await consent('restore', E2E_MICROSOFT.email);
  }
  await page.goto('/dashboard/email-accounts');
  const card = page.getByRole('article').filter({ hasText: E2E_MICROSOFT.email });
  await expect(card.getByText(MICROSOFT_MESSAGES.reconnectNeeded)).toBeVisible();
  await snap(page, 'microsoft-reconnect-needed-1280');

  // No password dialog: Microsoft's sign-in again, for the same address.
  const authorize = page.context().waitForEvent('request', (request) => request.url().includes('/oauth2/v2.0/authorize'));
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Reconnect' }).click();
  await (await popupOpened).waitForEvent('close', { timeout: 30_000 });
  expect(new URL((await authorize).url()).searchParams.get('login_hint')).toBe(E2E_MICROSOFT.email);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast(page, 'Microsoft Account Connected', `Successfully connected ${E2E_MICROSOFT.email}.`)).toBeVisible();
  await expect(card.getByText(MICROSOFT_MESSAGES.reconnectNeeded)).toBeHidden();
  await expect(card.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
});

test('a declined consent says what to do, and the dialog stays open to try again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const dialog = await openMicrosoftForm(page);
  // The stand-in declines for a login hint starting with "deny", as Microsoft does when the user cancels.
  await dialog.getByLabel('Microsoft email address').fill('deny.megan@contoso.example');
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await (await popupOpened).waitForEvent('close', { timeout: 30_000 });
  await expect(toast(page, 'Authentication Failed', MICROSOFT_MESSAGES.consentDenied)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign in with Microsoft' })).toBeEnabled();
  await snap(page, 'microsoft-consent-denied-1280');
});

test('/microsoft-callback opened on its own shows the error in words and drops the query', async ({ page }) => {
  await page.goto('/microsoft-callback?error=access_denied&error_description=AADSTS65004%3A+User+declined&state=x');
  await expect(page.getByText('Microsoft sign-in failed. You can close this window.')).toBeVisible();
  await expect(page.getByText(MICROSOFT_MESSAGES.consentDenied)).toBeVisible();
  await expect(page.getByText('AADSTS65004')).toHaveCount(0);
  await expect(page).toHaveURL(/\/microsoft-callback$/);
  expect(await axeViolations(page)).toEqual([]);
  await snap(page, 'microsoft-callback-error');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the Microsoft form fits a 375 px screen', async ({ page }) => {
    await signIn(page, USER);
    const dialog = await openMicrosoftForm(page);
    expect(await layoutProblems(page, dialog)).toEqual([]);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await snap(page, 'microsoft-form-375');
  });
});

// A server without a Microsoft app: the suite's has one, so its answer is stood in for.
test('a server without a Microsoft app says what the operator must set, and opens no popup', async ({ page }) => {
  await signIn(page, USER);
  await page.context().route('**/api/microsoft/client-id', (route) => route.fulfill({ json: { clientId: null } }));
  const popups: Page[] = [];
  page.on('popup', (popup) => popups.push(popup));
  await page.goto('/dashboard/email-accounts');
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  const choice = dialog.getByRole('button', { name: /^Microsoft 365 \/ Outlook/ });
  await expect(choice).toContainText('Not set up on this server yet.');
  await choice.click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'Microsoft 365 / Outlook is not set up on this server' });
  await expect(notice).toContainText('MICROSOFT_CLIENT_ID');
  await expect(notice).toContainText('MICROSOFT_CLIENT_SECRET');
  await expect(dialog.getByRole('button', { name: 'Sign in with Microsoft' })).toBeDisabled();
  await expect(dialog.getByLabel('Microsoft email address')).toBeDisabled();
  await snap(page, 'microsoft-not-configured');
  expect(popups).toHaveLength(0);
});
