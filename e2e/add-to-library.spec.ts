import { expect, test } from '@playwright/test';
import { createUser, importRawMailbox, signIn } from './support.ts';

// "Add to library" on an attachment of sent mail: the server fetches it from the mailbox (here the
// imported mbox file) into the attachment library; the second click says it is already there.

test.use({ baseURL: process.env.E2E_BASE_URL });

const USER = { email: 'lena.library@example.com', password: 'e2e-library-pw-1', first: 'Lena', last: 'Library' };
const OWNER = 'lena@example.com';
const PDF = Buffer.from('%PDF-1.4\n% a claim form\n%%EOF\n').toString('base64');
const SENT = Buffer.from(
  [
    'Message-ID: <add-to-library-1@penman.test>',
    `From: Lena <${OWNER}>`,
    'To: customer@example.com',
    'Date: Tue, 1 Oct 2024 10:00:00 +0000',
    'Subject: Your claim form',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please fill in the attached form.',
    '--b1',
    'Content-Type: application/pdf; name="claim-form.pdf"',
    'Content-Disposition: attachment; filename="claim-form.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF,
    '--b1--',
    '',
  ].join('\n'),
);

test.beforeAll(() => createUser(USER));

test('adds an attachment of sent mail to the library in one click', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USER);
  await importRawMailbox(page, OWNER, [SENT]);
  await page.goto('/dashboard/emails');
  await page.getByRole('listitem').filter({ hasText: 'Your claim form' }).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  const add = dialog.getByRole('button', { name: 'Add claim-form.pdf to the attachment library' });
  await add.click();
  await expect(page.getByText('Attachment uploaded successfully')).toBeVisible();
  await add.click();
  await expect(page.getByText('File already exists as attachment')).toBeVisible();
  const files = await page.request.get(`/api/accounts/${(await (await page.request.get('/api/accounts')).json()).accounts[0].id}/files`);
  expect((await files.json()).files).toMatchObject([{ filename: 'claim-form.pdf', source: 'attachment' }]);
});
