import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_MESSAGES, type StoredFile } from '@penman/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { markdownToDocx, markdownToPdf } from '../apps/server/src/test-support/documents.ts';
import { layoutProblems, smallTouchTargets } from './layout.ts';
import { createUser, importMailbox, type MboxMessage, signIn, snap, toast } from './support.ts';

// The Knowledge Base and Attachments screens against the production build: a user of its own with
// no account is told to connect one; after a mailbox import they upload a PDF and a DOCX (written
// here from the knowledge fixtures, the way an office program saves them) through the dialog, by
// browsing and by drag and drop, wait until Penman has read them, find a passage of each with the
// search box, delete one after confirming, and keep an attachment library with auto-attach.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'e2e-knowledge-pw-1';
const USER = { email: 'kim.base@example.com', password: PASSWORD, first: 'Kim', last: 'Base' };
const OWNER = 'kim@penman.test';
const FIXTURES = path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'files', 'fixtures', 'knowledge');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.md`), 'utf8');

const MAILBOX: MboxMessage[] = [
  { from: '"Ada Lovelace" <ada@engines.test>', to: OWNER, date: new Date(Date.UTC(2025, 0, 6, 9)), id: 'kb-1', subject: 'Boots' },
  { from: OWNER, to: 'ada@engines.test', date: new Date(Date.UTC(2025, 0, 6, 11)), id: 'kb-2', subject: 'Re: Boots', inReplyTo: 'kb-1' },
];

let tmp: string;
let pdfPath: string;
let docx: Buffer;

test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-e2e-files-'));
  pdfPath = path.join(tmp, 'returns-and-refunds.pdf');
  fs.writeFileSync(pdfPath, await markdownToPdf(fixture('returns-and-refunds'), 'Returns and Refunds'));
  docx = await markdownToDocx(fixture('shipping-and-delivery'), 'Shipping and Delivery');
  createUser(USER);
});

test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Sees the toast, then closes it: toasts sit over the header's buttons. */
async function seeToast(page: Page, title: string) {
  const shown = toast(page, title);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  await shown.getByRole('button', { name: 'Close toast' }).click();
  await expect(shown).toBeHidden();
}

const sidebarBadge = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).locator('[data-slot="sidebar-menu-badge"]');
const fileRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** Nothing on the page is wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Drops a file on the dialog's drop zone as a browser would (a real DataTransfer in a drop event). */
async function dropFile(zone: Locator, name: string, bytes: Buffer, type: string) {
  const transfer = await zone.page().evaluateHandle(
    ({ name, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(zone).toHaveAccessibleName(/Drop the file to choose it/);
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

async function files(page: Page, accountId: string): Promise<StoredFile[]> {
  return ((await (await page.request.get(`/api/accounts/${accountId}/files`)).json()) as { files: StoredFile[] }).files;
}

let accountId: string;

test('without an email account, the screens say uploading needs one and link to Email Accounts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await expect(sidebarBadge(page, 'Knowledge Base')).toHaveAttribute('data-warning', 'true');
  await expect(sidebarBadge(page, 'Attachments')).toHaveText('0');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('heading', { name: 'Knowledge Base', level: 1 })).toBeVisible();
  await expect(page.getByText(FILE_MESSAGES.needsAccount)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Go to Email Accounts' })).toHaveAttribute('href', '/dashboard/email-accounts');
  await snap(page, 'knowledge-no-account');
});

test('Knowledge Base: upload a PDF and a DOCX, find a passage of each, delete one', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  accountId = (await importMailbox(page, OWNER, MAILBOX)).id;

  // The overview's Build Knowledge Base card opens the upload dialog on the Knowledge Base screen.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Upload documents' }).click();
  await expect(page).toHaveURL(/\/dashboard\/knowledge\?upload=1$/);
  let dialog = page.getByRole('dialog', { name: 'Upload knowledge document' });
  await expect(dialog).toBeVisible();
  // Knowledge mode: the Knowledge Base toggle is on, Attachments off (spec).
  await expect(dialog.getByRole('button', { name: 'Knowledge Base' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: 'Attachments' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('No knowledge documents yet')).toBeVisible();

  // No category: the spec's message.
  await dialog.getByRole('button', { name: 'Knowledge Base' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.noCategory);
  await dialog.getByRole('button', { name: 'Knowledge Base' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // Upload with no file chosen.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.noFile);

  // The PDF by browsing: its name and size in KB, then the upload with its progress.
  await dialog.locator('input[type="file"]').setInputFiles(pdfPath);
  const pdfSize = fs.statSync(pdfPath).size;
  await expect(dialog.getByText('returns-and-refunds.pdf')).toBeVisible();
  await expect(dialog.getByText(`${Number((pdfSize / 1024).toFixed(2))} KB`)).toBeVisible();
  await snap(page, 'knowledge-upload-dialog');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'Knowledge document uploaded successfully');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/knowledge$/);
  await expect(fileRow(page, 'returns-and-refunds.pdf')).toBeVisible();

  // The DOCX by drag and drop, from the screen's Upload button; the keyboard reaches the drop zone.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload knowledge document' });
  const zone = dialog.locator('[data-slot="drop-zone"]');
  await expect(zone).toHaveAccessibleName(/Drag and drop a file here, or browse/);
  // The dialog opens with the drop zone focused; Enter opens the file chooser.
  await expect(zone).toBeFocused();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(chooser.isMultiple()).toBe(false);
  await dropFile(zone, 'shipping-and-delivery.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  await expect(dialog.getByText('shipping-and-delivery.docx')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'Knowledge document uploaded successfully');

  // Both are read in the background; the screen follows until each shows 'Training AI' (spec).
  for (const name of ['returns-and-refunds.pdf', 'shipping-and-delivery.docx']) {
    const row = fileRow(page, name);
    await expect(row.getByText('Training AI')).toBeVisible({ timeout: 60_000 });
    await expect(row.getByText(/\d+ passages? Penman can quote/)).toBeVisible();
  }
  // Newest first.
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveText([
    /shipping-and-delivery\.docx/,
    /returns-and-refunds\.pdf/,
  ]);
  await expect(sidebarBadge(page, 'Knowledge Base')).toHaveText('2');
  await expect(sidebarBadge(page, 'Knowledge Base')).not.toHaveAttribute('data-warning', 'true');

  // The same name again is refused in the spec's words, before anything is sent.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload knowledge document' });
  await dialog.locator('input[type="file"]').setInputFiles(pdfPath);
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.duplicate('knowledge', 'returns-and-refunds.pdf'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The search box: a customer's question, and the passage Penman would quote from each document.
  const search = page.getByRole('searchbox', { name: 'Question' });
  await search.fill('Can I return boots I have worn, and get a refund?');
  await page.getByRole('button', { name: 'Search' }).click();
  const passages = page.getByRole('list', { name: 'Passages' });
  await expect(passages.getByRole('listitem').first()).toContainText('returns-and-refunds.pdf');
  await expect(passages.getByRole('listitem').first().locator('mark').first()).toBeVisible();
  await search.fill('How much does next day delivery cost and when must I order?');
  await search.press('Enter');
  await expect(passages.getByRole('listitem').first()).toContainText('shipping-and-delivery.docx');
  await expect(passages.getByRole('listitem').first().locator('mark').first()).toBeVisible();
  await snap(page, 'knowledge-1280');
  await expectNoHorizontalOverflow(page);

  // Add the PDF to the attachments too: both category badges.
  await fileRow(page, 'returns-and-refunds.pdf').getByRole('button', { name: 'Actions for returns-and-refunds.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Add to Attachments' }).click();
  await seeToast(page, 'File added as attachment');
  await expect(fileRow(page, 'returns-and-refunds.pdf').getByText('Attachments')).toBeVisible();
  await expect(sidebarBadge(page, 'Attachments')).toHaveText('1');

  // Delete with confirmation: Cancel keeps it, Delete removes it.
  const docxRow = fileRow(page, 'shipping-and-delivery.docx');
  await docxRow.getByRole('button', { name: 'Actions for shipping-and-delivery.docx' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete file?' });
  await expect(confirm).toContainText('"shipping-and-delivery.docx" will be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(docxRow).toBeVisible();
  await docxRow.getByRole('button', { name: 'Actions for shipping-and-delivery.docx' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await seeToast(page, 'File deleted successfully');
  await expect(docxRow).toHaveCount(0);
  await expect(sidebarBadge(page, 'Knowledge Base')).toHaveText('1');
  expect((await files(page, accountId)).map((file) => [file.source, file.filename])).toEqual([
    ['attachment', 'returns-and-refunds.pdf'],
    ['knowledge', 'returns-and-refunds.pdf'],
  ]);

  // Downloads give the file back as uploaded.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fileRow(page, 'returns-and-refunds.pdf').getByRole('link', { name: 'Download returns-and-refunds.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('returns-and-refunds.pdf');
  expect(fs.readFileSync(await download.path()).equals(fs.readFileSync(pdfPath))).toBe(true);

  // 375 px: the same screen, nothing wider than the window.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(fileRow(page, 'returns-and-refunds.pdf')).toBeVisible();
  // With a document listed (the walk found the question's example cut, and the row's buttons small).
  expect(await layoutProblems(page)).toEqual([]);
  expect(await smallTouchTargets(page)).toEqual([]);
  await page.getByRole('searchbox', { name: 'Question' }).fill('Can I get a refund on worn boots?');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'Passages' }).getByRole('listitem').first()).toContainText('returns-and-refunds.pdf');
  await expectNoHorizontalOverflow(page);
  await snap(page, 'knowledge-375');
});

test('Attachments: upload any type, both categories at once, auto-attach, and the size limit', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await page.goto('/dashboard/attachments');
  await expect(page.getByRole('heading', { name: 'Attachments', level: 1 })).toBeVisible();
  await expect(fileRow(page, 'returns-and-refunds.pdf')).toBeVisible();

  // Any type: a spreadsheet, in attachment mode (the Attachments toggle on by default).
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload attachment' });
  await expect(dialog.getByRole('button', { name: 'Attachments' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: 'Knowledge Base' })).toHaveAttribute('aria-pressed', 'false');
  const sheet = Buffer.alloc(3 * 1024 * 1024 + 512, 7);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'order-form.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
  await expect(dialog.getByText('3 MB')).toBeVisible();
  // As a knowledge document too, that type is refused.
  await dialog.getByRole('button', { name: 'Knowledge Base' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.knowledgeTypes);
  await dialog.getByRole('button', { name: 'Knowledge Base' }).click();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'Attachment uploaded successfully');
  await expect(fileRow(page, 'order-form.xlsx')).toBeVisible();

  // Both categories at once: one file, two rows.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload attachment' });
  await dialog.getByRole('button', { name: 'Knowledge Base' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'opening-hours.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Opening hours\n\nWe are open Monday to Saturday, 9:00 to 17:30.\n'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'File uploaded as knowledge document and attachment');
  const hours = fileRow(page, 'opening-hours.txt');
  await expect(hours.getByText('Knowledge Base')).toBeVisible();
  await expect(hours.getByText('Attachments')).toBeVisible();
  await expect(sidebarBadge(page, 'Attachments')).toHaveText('3');

  // Adding the PDF to the knowledge base again: it is already there (informational).
  await fileRow(page, 'returns-and-refunds.pdf').getByRole('button', { name: 'Actions for returns-and-refunds.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Add to Knowledge Base' }).click();
  await seeToast(page, 'File already exists as knowledge document');
  await expect(sidebarBadge(page, 'Knowledge Base')).toHaveText('2');

  // Auto-attach: off when created (spec), on by the switch, kept on the server.
  const autoAttach = page.getByRole('switch', { name: 'Auto-attach order-form.xlsx' });
  await expect(autoAttach).toHaveAttribute('aria-checked', 'false');
  await autoAttach.click();
  await expect(autoAttach).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await files(page, accountId)).find((file) => file.filename === 'order-form.xlsx')?.autoAttach).toBe(true);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto-attach order-form.xlsx' })).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'attachments-1280');
  await expectNoHorizontalOverflow(page);

  // Over the server's limit (UPLOAD_MAX_BYTES, 50 MB by default): the 413's message.
  const huge = path.join(tmp, 'huge.zip');
  fs.writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024 + 1, 1));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload attachment' });
  await dialog.locator('input[type="file"]').setInputFiles(huge);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.tooLarge(50 * 1024 * 1024), { timeout: 30_000 });
  await expect(toast(page, 'Failed to upload attachment')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A name is data: quotes, accents, a slash and 200 characters are shown as given, and wrap.
  const odd = `../Prix "été" 2025 – ${'très long nom '.repeat(12)}.pdf`;
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload attachment' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: odd, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not really') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'Attachment uploaded successfully');
  await expect(page.getByText(odd, { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(fileRow(page, 'order-form.xlsx')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'attachments-375');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Upload attachment' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'order-form.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
  await expect(dialog.getByRole('alert')).toHaveText(FILE_MESSAGES.duplicate('attachment', 'order-form.xlsx'));
  await expectNoHorizontalOverflow(page);
  await snap(page, 'attachments-upload-375');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The overview's cards count the user's files.
  await page.goto('/dashboard');
  const statCard = (title: string) =>
    page
      .getByRole('link')
      .filter({ hasText: title })
      .filter({ has: page.locator('.text-3xl') });
  await expect(statCard('Knowledge Base').locator('.text-3xl')).toHaveText('2');
  await expect(statCard('Attachments').locator('.text-3xl')).toHaveText('4');
});

test('several accounts: a picker, opening on the first account, whose files the badges count', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  const second = await importMailbox(page, 'kim.second@penman.test', [
    {
      from: '"Ada Lovelace" <ada@engines.test>',
      to: 'kim.second@penman.test',
      date: new Date(Date.UTC(2025, 1, 3)),
      id: 'kb2-1',
      subject: 'Hi',
    },
  ]);
  await page.goto('/dashboard/knowledge');
  const picker = page.getByRole('combobox', { name: 'Email account' });
  await expect(picker).toHaveValue(accountId);
  await expect(fileRow(page, 'returns-and-refunds.pdf')).toBeVisible();
  await picker.selectOption(second.id);
  await expect(page).toHaveURL(new RegExp(`account=${second.id}`));
  await expect(page.getByText('No knowledge documents yet')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Question' })).toHaveCount(0);

  // A document Penman cannot read fails with its reason; there is nothing to search.
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload knowledge document' });
  await dialog.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, '..', 'password-protected.pdf'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await seeToast(page, 'Knowledge document uploaded successfully');
  const locked = fileRow(page, 'password-protected.pdf');
  await expect(locked.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(locked.getByText('This PDF is protected with a password. Upload a copy without the password.')).toBeVisible();
  await expect(page.getByText('There is nothing to search yet: no document could be read.')).toBeVisible();

  // The list fails to load: the spec's 'Failed to load files', and Retry.
  await page.route('**/api/accounts/*/files', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }),
  );
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load files' });
  await expect(failed).toContainText('Database unavailable', { timeout: 15_000 });
  await page.unroute('**/api/accounts/*/files');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(fileRow(page, 'password-protected.pdf')).toBeVisible();
  // The badges stay on the first account's files.
  await expect(sidebarBadge(page, 'Knowledge Base')).toHaveText('2');
  await snap(page, 'knowledge-second-account');
  await expectNoHorizontalOverflow(page);
});
