import fs from 'node:fs';
import type { EmailAccount } from '@penman/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { toMbox } from '../apps/server/src/mail/connectors/mbox/fixtures.ts';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { createUser, signIn, snap, toast, waitForInitialization } from './support.ts';

// The user's own addresses against the production build, on the mailbox of issue 16: Kaminski's
// inbox and sent items in one mbox. He sent as vince.kaminski@, j.kaminski@, kaminski@ and
// j..kaminski@. The import form takes his addresses; the account card proposes the others, and
// adding or removing one recounts the account (a job whose progress the card shows). At 1280 and
// 375 px, and nothing wider than the screen at 375.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

const USER = { email: 'vince.aliases@example.com', password: 'e2e-aliases-pw-1', first: 'Vince', last: 'Kaminski' };
const OWNER = 'vince.kaminski@enron.com';

const raws = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')].map((file) => fs.readFileSync(file));
const fromOf = (raw: Buffer) =>
  /^From:\s*(.*)$/im
    .exec(raw.toString('latin1').split(/\r?\n\r?\n/)[0]!)?.[1]
    ?.trim()
    .toLowerCase();
const sentBy = (addresses: string[]) => raws.filter((raw) => addresses.includes(fromOf(raw) ?? '')).length;
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

test.beforeAll(() => createUser(USER));

async function openImportForm(page: Page) {
  await page.goto('/dashboard/email-accounts');
  await page.getByRole('button', { name: 'Add Email Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await dialog.getByRole('button', { name: /^Import a mailbox file/ }).click();
  return dialog;
}

/** Fails when anything on the page (or in the open dialog) reaches past the right edge of the screen. */
async function expectNoHorizontalOverflow(page: Page, scope?: Locator) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (!scope) return;
  const rights = await scope.locator('*').evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().right)));
  expect(Math.max(...rights)).toBeLessThanOrEqual(width);
}

const card = (page: Page, address = OWNER) => page.getByRole('article', { name: address });
const stat = (scope: Locator, label: string) => scope.locator('div', { has: scope.page().getByText(label, { exact: true }) }).locator('dd');

async function accountOf(page: Page, address: string): Promise<EmailAccount> {
  const { accounts } = (await (await page.request.get('/api/accounts')).json()) as { accounts: EmailAccount[] };
  return accounts.find((account) => account.emailAddress === address)!;
}

/** Waits for the recount after a change: the card's progress shows, then goes, and the counts follow. */
async function expectRecount(page: Page, sent: number, screenshot?: string) {
  const status = card(page).getByRole('region', { name: 'Your addresses' }).getByRole('status');
  await expect(status).toContainText(/Recounting with your addresses/);
  if (screenshot) {
    // Its steps, when the job is not done before the card shows them.
    await status
      .getByText(/^Step \d of 4$/)
      .waitFor({ timeout: 5000 })
      .catch(() => {});
    await snap(page, screenshot);
  }
  await expect(status).toHaveCount(0, { timeout: 60_000 });
  await expect(stat(card(page), 'Sent items')).toHaveText(count(sent));
}

test('the import form takes every address he sent from, at 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const dialog = await openImportForm(page);
  await dialog.getByLabel('Your email address').fill(OWNER);
  const other = dialog.getByRole('textbox', { name: 'Other addresses you send from' });
  await other.fill('j.kaminski@enron.com');
  await other.press('Enter');
  await other.fill('not an address');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await other.fill('J.Kaminski@enron.com');
  await other.press('Enter');
  await expect(dialog.getByText('This address is already in the list.')).toBeVisible();
  // Left in the field: Import takes it too.
  await other.fill('kaminski@enron.com');
  await dialog.getByLabel('Mailbox file').setInputFiles({ name: 'kaminski.mbox', mimeType: 'application/mbox', buffer: toMbox(raws) });
  await expect(dialog.getByRole('list', { name: 'Other addresses you send from' }).getByRole('listitem')).toHaveText([
    'j.kaminski@enron.com',
  ]);
  await expect(dialog.getByRole('switch', { name: 'This file holds only mail I sent' })).not.toBeChecked();
  await snap(page, 'aliases-import-form-1280');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Import started')).toBeVisible();

  const imported = await accountOf(page, OWNER);
  expect(imported.aliases).toEqual(['j.kaminski@enron.com', 'kaminski@enron.com']);
  const done = await waitForInitialization(page.request, imported.id, 150_000);
  expect(done.outgoingEmailsCount).toBe(sentBy([OWNER, 'j.kaminski@enron.com', 'kaminski@enron.com']));
});

test('the account card proposes his other addresses; adding, dismissing and editing them recounts, at 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await page.goto('/dashboard/email-accounts');
  const account = card(page);
  const mine = ['j.kaminski@enron.com', 'kaminski@enron.com'];
  await expect(account.getByRole('list', { name: 'Your addresses' }).getByRole('listitem')).toHaveText([
    `${OWNER}Account address`,
    ...mine,
  ]);
  await expect(stat(account, 'Sent items')).toHaveText(count(sentBy([OWNER, ...mine])));
  const proposals = account.getByRole('region', { name: 'Are these addresses yours?' });
  await expect(proposals.getByRole('listitem')).toHaveText([
    /^j\.\.kaminski@enron\.com\s*Looks like your address · 2 messages/,
    /^vince\.j\.kaminski@enron\.com\s*Looks like your address · 1 message(?!s)/,
  ]);
  await snap(page, 'aliases-card-proposals-1280');

  await account.getByRole('button', { name: 'Add j..kaminski@enron.com as my address' }).click();
  await expect(toast(page, 'Addresses saved')).toBeVisible();
  await expectRecount(page, sentBy([OWNER, ...mine, 'j..kaminski@enron.com']), 'aliases-card-recount-1280');

  await account.getByRole('button', { name: 'Not mine: vince.j.kaminski@enron.com' }).click();
  await expect(account.getByRole('region', { name: /yours\?$/ })).toHaveCount(0);
  await expect(account.getByRole('list', { name: 'Your addresses' }).getByRole('listitem')).toHaveCount(4);

  // Edit: kaminski@ removed, and the mail he sent from it counts as received again.
  await account.getByRole('button', { name: 'Edit addresses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your addresses' });
  await expect(dialog.getByRole('listitem')).toHaveText(['j.kaminski@enron.com', 'kaminski@enron.com', 'j..kaminski@enron.com']);
  await dialog.getByRole('button', { name: 'Remove kaminski@enron.com' }).click();
  await snap(page, 'aliases-edit-dialog-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expectRecount(page, sentBy([OWNER, 'j.kaminski@enron.com', 'j..kaminski@enron.com']));
  const saved = await accountOf(page, OWNER);
  expect(saved).toMatchObject({ aliases: ['j.kaminski@enron.com', 'j..kaminski@enron.com'], aliasProposals: [] });
  // His own addresses are not among his top senders.
  expect(saved.topSenders.map((sender) => sender.email)).not.toContain('j.kaminski@enron.com');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the card and its Edit dialog fit the screen; adding an address back recounts', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, USER);
    await page.goto('/dashboard/email-accounts');
    const account = card(page);
    await expect(account.getByRole('heading', { name: 'Your addresses' })).toBeVisible();
    await account.getByRole('heading', { name: 'Your addresses' }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'aliases-card-375');

    await account.getByRole('button', { name: 'Edit addresses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your addresses' });
    await dialog.getByRole('textbox', { name: 'Other addresses you send from' }).fill('kaminski@enron.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('listitem')).toHaveText(['j.kaminski@enron.com', 'j..kaminski@enron.com', 'kaminski@enron.com']);
    await expectNoHorizontalOverflow(page, dialog);
    await snap(page, 'aliases-edit-dialog-375');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expectRecount(
      page,
      sentBy([OWNER, 'j.kaminski@enron.com', 'kaminski@enron.com', 'j..kaminski@enron.com']),
      'aliases-card-recount-375',
    );
    await expectNoHorizontalOverflow(page);
  });

  test('the import form takes a Sent folder exported alone: every message is sent mail, its other senders proposed', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, USER);
    const dialog = await openImportForm(page);
    await dialog.getByLabel('Your email address').fill('phillip.allen@enron.com');
    await dialog.getByRole('textbox', { name: 'Other addresses you send from' }).fill('pallen@enron.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('switch', { name: 'This file holds only mail I sent' }).click();
    // Allen's Sent folder: four of its messages were sent for him by his assistant.
    const sent = enronFolder('allen-p', 'sent').map((file) => fs.readFileSync(file));
    await dialog.getByLabel('Mailbox file').setInputFiles({ name: 'Sent.mbox', mimeType: 'application/mbox', buffer: toMbox(sent) });
    await expect(dialog.getByRole('switch', { name: 'This file holds only mail I sent' })).toBeChecked();
    await expectNoHorizontalOverflow(page, dialog);
    await snap(page, 'aliases-import-form-375');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(toast(page, 'Import started')).toBeVisible();

    const imported = await accountOf(page, 'phillip.allen@enron.com');
    const done = await waitForInitialization(page.request, imported.id, 120_000);
    expect(done).toMatchObject({ outgoingEmailsCount: sent.length, incomingEmailsCount: 0, aliases: ['pallen@enron.com'] });
    await page.reload();
    const allen = card(page, 'phillip.allen@enron.com');
    await expect(stat(allen, 'Sent items')).toHaveText(count(sent.length));
    await expect(allen.getByRole('region', { name: 'Is this address yours?' }).getByRole('listitem')).toHaveText([
      /^ina\.rangel@enron\.com\s*Sends the mail filed in your Sent folder · 4 messages/,
    ]);
    await allen.getByRole('region', { name: 'Is this address yours?' }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'aliases-sent-only-card-375');
  });
});
