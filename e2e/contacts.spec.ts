import path from 'node:path';
import type { Contact, EmailAccount, ListContactsResponse } from '@penman/contract';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  connectImapMailbox,
  createUser,
  E2E_IMAP,
  SAME_ORIGIN,
  signInAndSaveSession,
  snap,
  toast,
  waitForInitialization,
} from './support.ts';

// The Contacts screen and its detail dialog against contacts the server really built: a user of
// its own connects the Dovecot mailbox of the global setup (Enron allen-p) and initializes it, so
// the other specs' user and accounts are left alone. Expectations are read from the API, so the
// test checks what the screen does with the data, not the contact builder's figures.

// Outside Playwright's outputDir, which every run empties first.
const SESSIONS = path.join(import.meta.dirname, '..', 'test-results', 'contacts-sessions');
const PASSWORD = 'e2e-contacts-pw-1';
const WITH_MAIL = { email: 'ada@example.com', session: path.join(SESSIONS, 'contacts-ada.json') };
const NO_ACCOUNT = { email: 'alan@example.com', session: path.join(SESSIONS, 'contacts-alan.json') };
const NO_CONTACTS = { email: 'edsger@example.com', session: path.join(SESSIONS, 'contacts-edsger.json') };

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

let account: EmailAccount;

const signInAs = (browser: Browser, user: { email: string; session: string }) => signInAndSaveSession(browser, user, PASSWORD);

async function listContacts(request: APIRequestContext, query: Record<string, string | number> = {}): Promise<ListContactsResponse> {
  const response = await request.get(`/api/accounts/${account.id}/contacts`, { params: { limit: 20, offset: 0, ...query } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListContactsResponse;
}

const listName = (contact: Contact) =>
  contact.firstName && contact.lastName
    ? `${contact.firstName} ${contact.lastName}`
    : contact.firstName || contact.displayName || contact.emailAddress;

const rows = (page: Page) => page.getByRole('list', { name: 'Contacts' }).getByRole('listitem');

async function choose(page: Page, filter: 'Company' | 'Strength', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  for (const user of [WITH_MAIL, NO_ACCOUNT, NO_CONTACTS]) {
    createUser({ email: user.email, password: PASSWORD, first: 'E2E', last: 'Contacts' });
  }
  await (await signInAs(browser, NO_ACCOUNT)).context().close();

  // A connected account that was never initialized: no mail, so no contacts yet.
  const empty = await signInAs(browser, NO_CONTACTS);
  await connectImapMailbox(empty.request);
  await empty.context().close();

  // The account with mail: initialize it and wait until its contacts are built.
  const page = await signInAs(browser, WITH_MAIL);
  account = await connectImapMailbox(page.request);
  expect((await page.request.post(`/api/accounts/${account.id}/initialize`, { headers: SAME_ORIGIN })).ok()).toBe(true);
  await waitForInitialization(page.request, account.id);
  await page.context().close();
});

test.describe('with contacts', () => {
  test.use({ storageState: WITH_MAIL.session });

  test('lists, searches, filters by company and strength, and paginates', async ({ page }) => {
    const all = await listContacts(page.request);
    const total = all.pagination.totalCount;
    expect(total, 'the mailbox gives more than one page of contacts').toBeGreaterThan(20);

    await page.goto('/dashboard/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    await expect(page.getByText(E2E_IMAP.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reprocess Contacts' })).toBeEnabled();
    await expect(page.getByPlaceholder('Search contacts by name, email, or company...')).toBeVisible();

    // The first page: 20 rows, most interactions first, each with its counts and frequency badge.
    await expect(rows(page)).toHaveCount(20);
    const top = all.contacts[0]!;
    const firstRow = rows(page).first();
    await expect(firstRow).toContainText(listName(top));
    await expect(firstRow).toContainText(top.emailAddress);
    await expect(firstRow).toContainText(String(top.contactStatistics[0]?.emailsSent ?? 0));
    await expect(firstRow).toContainText(String(top.contactStatistics[0]?.emailsReceived ?? 0));
    await expect(page.getByText(`Page 1 • Showing 20 of ${total} total contacts`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveText('All Companies');
    await expect(page.getByRole('combobox', { name: 'Strength' })).toHaveText('All Strengths');
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await snap(page, 'contacts-list');

    // Next and Previous; Next only while the page is full and more remain.
    await page.getByRole('button', { name: 'Next' }).click();
    const secondShown = Math.min(20, total - 20);
    await expect(page.getByText(`Page 2 • Showing ${secondShown} of ${total} total contacts`)).toBeVisible();
    await expect(rows(page)).toHaveCount(secondShown);
    const second = await listContacts(page.request, { offset: 20 });
    await expect(rows(page).first()).toContainText(second.contacts[0]!.emailAddress);
    if (total <= 40) await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`Page 1 • Showing 20 of ${total} total contacts`)).toBeVisible();

    // Search (debounced) by a part of the address, from page 2: the page index returns to 1.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Page 2 • /)).toBeVisible();
    const term = top.emailAddress.split('@')[0]!;
    const searched = await listContacts(page.request, { search: term });
    await page.getByPlaceholder('Search contacts by name, email, or company...').fill(term);
    await expect(
      page.getByText(`Page 1 • Showing ${searched.contacts.length} of ${searched.pagination.totalCount} total contacts`),
    ).toBeVisible();
    await expect(rows(page).first()).toContainText(top.emailAddress);
    await page.getByPlaceholder('Search contacts by name, email, or company...').fill('zz-nobody-matches-this');
    await expect(page.getByText('No contacts found matching your search.')).toBeVisible();
    await page.getByPlaceholder('Search contacts by name, email, or company...').fill('');
    await expect(rows(page)).toHaveCount(20);

    // Company filter: every row shows the company, with the filtered count and Clear Filters.
    const { companies } = (await (await page.request.get(`/api/accounts/${account.id}/contacts/companies`)).json()) as {
      companies: string[];
    };
    expect(companies.length).toBeGreaterThan(0);
    const company = companies[0]!;
    const byCompany = await listContacts(page.request, { company });
    await choose(page, 'Company', company);
    await expect(page.getByText(`${byCompany.contacts.length} of ${byCompany.pagination.totalCount} contacts (filtered)`)).toBeVisible();
    await expect(rows(page)).toHaveCount(byCompany.contacts.length);
    for (const row of await rows(page).all()) await expect(row).toContainText(company);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveText('All Companies');
    await expect(page.getByText(`Page 1 • Showing 20 of ${total} total contacts`)).toBeVisible();

    // Strength filter: a band with contacts shows them with its badge; an empty band shows the
    // filters' empty state, whose Clear All Filters brings the list back.
    const bands = { very_high: 'Very High', high: 'High', medium: 'Medium', low: 'Low' } as const;
    const counts = await Promise.all(
      (Object.keys(bands) as (keyof typeof bands)[]).map(async (band) => ({
        band,
        page: await listContacts(page.request, { strength: band }),
      })),
    );
    const withContacts = counts.find((entry) => entry.page.pagination.totalCount > 0)!;
    await choose(page, 'Strength', bands[withContacts.band]);
    await expect(
      page.getByText(`${withContacts.page.contacts.length} of ${withContacts.page.pagination.totalCount} contacts (filtered)`),
    ).toBeVisible();
    await expect(rows(page).first()).toContainText(bands[withContacts.band]);
    const noneInBand = counts.find((entry) => entry.page.pagination.totalCount === 0);
    // Narrow to nothing: a band without contacts, or the strength band combined with a company outside it.
    if (noneInBand) {
      await choose(page, 'Strength', bands[noneInBand.band]);
    } else {
      await page.getByPlaceholder('Search contacts by name, email, or company...').fill('zz-nobody-matches-this');
    }
    await expect(page.getByText('No contacts match your current filters.')).toBeVisible();
    await snap(page, 'contacts-no-filter-match');
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(page.getByText(`Page 1 • Showing 20 of ${total} total contacts`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Strength' })).toHaveText('All Strengths');
  });

  test('the detail dialog: header, tabs, inline edits with cancel and save, copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const top = (await listContacts(page.request)).contacts[0]!;
    await page.goto('/dashboard/contacts');

    // Rows are buttons: the keyboard opens the dialog.
    await rows(page).first().getByRole('button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const name = top.displayName || [top.firstName, top.lastName].filter(Boolean).join(' ') || top.emailAddress;
    await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(dialog.getByText(top.emailAddress).first()).toBeVisible();
    await expect(dialog.getByText(top.isInternal ? 'Internal' : 'External', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    for (const section of ['Contact Details', 'Professional Info', 'Quick Stats']) {
      await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    const stats = top.contactStatistics[0]!;
    const quickStats = dialog.getByRole('region', { name: 'Quick Stats' });
    await expect(quickStats).toContainText(String(stats.totalInteractions));
    await snap(page, 'contacts-dialog-overview');

    // Each field: edit, type, cancel (button or Escape) restores the stored value.
    for (const field of ['Phone', 'Job Title', 'Department'] as const) {
      const stored = { Phone: top.phoneNumber, 'Job Title': top.jobTitle, Department: top.department }[field];
      await dialog.getByRole('button', { name: `Edit ${field}` }).click();
      const input = dialog.getByRole('textbox', { name: field });
      await expect(input).toBeFocused();
      await expect(input).toHaveValue(stored ?? '');
      await input.fill('Something else');
      await dialog.getByRole('button', { name: `Cancel ${field}` }).click();
      await expect(input).toHaveCount(0);
      await expect(dialog.getByText('Something else')).toHaveCount(0);
      // Escape cancels the edit, not the dialog.
      await dialog.getByRole('button', { name: `Edit ${field}` }).click();
      await expect(dialog.getByRole('textbox', { name: field })).toHaveValue(stored ?? '');
      await dialog.getByRole('textbox', { name: field }).fill('Another thing');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: field })).toHaveCount(0);
      await expect(dialog.getByText('Another thing')).toHaveCount(0);
    }

    // Save a job title and a phone number: toasts, the dialog and the list show them.
    await dialog.getByRole('button', { name: 'Edit Job Title' }).click();
    await dialog.getByRole('textbox', { name: 'Job Title' }).fill('Gas Trader');
    await dialog.getByRole('button', { name: 'Save Job Title' }).click();
    await expect(toast(page, 'Job title updated')).toBeVisible();
    await expect(dialog.getByText('Gas Trader').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit Phone' }).click();
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('713-853-7041');
    await dialog.getByRole('textbox', { name: 'Phone' }).press('Enter');
    await expect(toast(page, 'Phone number updated')).toBeVisible();
    // An empty department is saved as null.
    await dialog.getByRole('button', { name: 'Edit Department' }).click();
    await dialog.getByRole('textbox', { name: 'Department' }).fill('   ');
    await dialog.getByRole('button', { name: 'Save Department' }).click();
    await expect(toast(page, 'Department updated')).toBeVisible();

    // Copy the address and the phone number.
    await dialog.getByRole('button', { name: 'Copy Email' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(top.emailAddress);
    await dialog.getByRole('button', { name: 'Copy Phone' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('713-853-7041');

    // Analytics: strength bar with its label and percentage, timeline.
    await dialog.getByRole('tab', { name: 'Analytics' }).click();
    await expect(dialog.getByRole('heading', { name: 'Relationship Metrics' })).toBeVisible();
    const percent = Math.round(Math.min(1, Math.max(0, stats.relationshipStrength)) * 100);
    await expect(dialog.getByRole('meter', { name: 'Relationship Strength' })).toHaveAttribute('aria-valuenow', String(percent));
    await expect(dialog.getByText(`${percent}%`, { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^(Very Strong|Strong|Moderate|Weak|Very Weak)$/)).toBeVisible();
    const hours = Math.round(stats.avgResponseTimeHours ?? 0);
    await expect(dialog.getByText('Average Response Time')).toHaveCount(hours === 0 ? 0 : 1);
    await expect(dialog.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    for (const label of ['First Interaction', 'Last Interaction', 'Last Updated']) await expect(dialog.getByText(label)).toBeVisible();
    await snap(page, 'contacts-dialog-analytics');

    // Notes & Topics: cancel, then save notes; topics or their empty text.
    await dialog.getByRole('tab', { name: 'Notes & Topics' }).click();
    await expect(dialog.getByText('Add notes about this contact...')).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit Notes' }).click();
    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    await expect(notes).toHaveAttribute('placeholder', 'Add notes about this contact...');
    await notes.fill('Draft that is thrown away');
    await dialog.getByRole('button', { name: 'Cancel Notes' }).click();
    await expect(dialog.getByText('Draft that is thrown away')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Edit Notes' }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Met at the Houston gas conference.');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await expect(toast(page, 'Notes updated')).toBeVisible();
    await expect(dialog.getByText('Met at the Houston gas conference.')).toBeVisible();
    if (stats.mostCommonSubjectKeywords.length > 0) {
      await expect(dialog.getByRole('list', { name: 'Common Email Topics' })).toContainText(stats.mostCommonSubjectKeywords[0]!);
    } else {
      await expect(dialog.getByText('No email topics available yet')).toBeVisible();
    }
    await snap(page, 'contacts-dialog-notes');

    // The server kept what was saved (empty department as null), and the list's cached row too.
    const saved = (await listContacts(page.request, { search: top.emailAddress })).contacts[0]!;
    expect(saved).toMatchObject({
      jobTitle: 'Gas Trader',
      phoneNumber: '713-853-7041',
      department: null,
      notes: 'Met at the Houston gas conference.',
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await rows(page).first().getByRole('button').click();
    await expect(page.getByRole('dialog').getByText('Gas Trader').first()).toBeVisible();
  });

  test('Reprocess Contacts rebuilds the book, keeps the edits and returns to page 1', async ({ page }) => {
    test.setTimeout(90_000);
    const top = (await listContacts(page.request)).contacts[0]!;
    expect(top.jobTitle).toBe('Gas Trader');
    await page.goto('/dashboard/contacts');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Page 2 • /)).toBeVisible();
    const button = page.getByRole('button', { name: /^(Reprocess Contacts|Reprocessing\.\.\.)$/ });
    await button.click();
    await expect(
      toast(page, 'Success', 'Contact reprocessing completed successfully. Contacts and statistics have been updated.'),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Reprocess Contacts' })).toBeEnabled();
    await expect(page.getByText(/^Page 1 • Showing 20 of \d+ total contacts$/)).toBeVisible();
    const [again] = (await listContacts(page.request, { search: top.emailAddress })).contacts;
    expect(again).toMatchObject({ jobTitle: 'Gas Trader', phoneNumber: '713-853-7041', notes: 'Met at the Houston gas conference.' });
  });
});

test.describe('without contacts', () => {
  test('an account with no contacts yet shows the hint', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: NO_CONTACTS.session });
    const page = await context.newPage();
    await page.goto('/dashboard/contacts');
    await expect(page.getByText(E2E_IMAP.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No contacts available yet.' })).toBeVisible();
    await expect(page.getByText("Use 'Reprocess Contacts'")).toBeVisible();
    // Filters appear only when contacts exist; the search box is always there.
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveCount(0);
    await expect(page.getByPlaceholder('Search contacts by name, email, or company...')).toBeVisible();
    await snap(page, 'contacts-none-yet');
    await context.close();
  });

  test('no email account: the empty state, the error box, and Reprocess says so', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: NO_ACCOUNT.session });
    const page = await context.newPage();
    await page.goto('/dashboard/contacts');
    await expect(page.getByRole('heading', { name: 'No email account found. Please add an email account first.' })).toBeVisible();
    const error: Locator = page.getByRole('alert').filter({ hasText: 'Error loading contacts' });
    await expect(error).toContainText('No email account found');
    await expect(page.getByPlaceholder('Search contacts by name, email, or company...')).toHaveCount(0);
    await snap(page, 'contacts-no-account');
    await page.getByRole('button', { name: 'Reprocess Contacts' }).click();
    await expect(toast(page, 'Error', 'No email account selected')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Email Accounts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/email-accounts$/);
    await context.close();
  });
});
