import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createUser, importRawMailbox, signIn, snap } from './support.ts';

// "Show original" against the production build, at a desktop and a phone width: a message whose
// headers and body are decoded as a careful client reads them (a Latin-1 byte inside an
// encoded-word, UTF-8 labelled X-UNKNOWN, no Date header, an address comment), then its every
// header field and its raw .eml, which the server streams from the imported mailbox file.

test.use({ baseURL: process.env.E2E_BASE_URL });

const USER = { email: 'olga.original@example.com', password: 'e2e-original-pw-1', first: 'Olga', last: 'Original' };
const OWNER = 'olga@example.com';

const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const ORIGINAL = Buffer.from(
  [
    'Message-ID: <show-original-1@penman.test>',
    'From: Pete(A wonderful chap) <pete(his account)@silly.test(his host)>',
    `To: ${OWNER}`,
    'Subject: =?iso-8859-1?Q?Fr\xf6sche?= im Teich',
    'X-Note: caf\xe9 au lait',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=X-UNKNOWN',
    '',
    utf8AsLatin1('Envoyé depuis mon jardin: les grenouilles chantent à nouveau.'),
    '',
  ].join('\n'),
  'latin1',
);
const ORDINARY = Buffer.from(
  `Message-ID: <show-original-2@penman.test>\nFrom: Ann <ann@example.com>\nTo: ${OWNER}\nDate: Tue, 1 Oct 2024 10:00:00 +0000\nSubject: Plain note\n\nNothing odd here.\n`,
);

test.beforeAll(() => createUser(USER));

async function openMessage(page: Page) {
  await page.goto('/dashboard/emails');
  const row = page.getByRole('listitem').filter({ hasText: 'Frösche im Teich' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Date unknown');
  await row.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Frösche im Teich' })).toBeVisible();
  return dialog;
}

test('Show original: every header and the .eml download, at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);
  await importRawMailbox(page, OWNER, [ORIGINAL, ORDINARY]);

  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    const dialog = await openMessage(page);
    await expect(dialog).toContainText('Pete <pete@silly.test>');
    await expect(dialog).toContainText('Envoyé depuis mon jardin: les grenouilles chantent à nouveau.');
    await expect(dialog).toContainText('show-original-1@penman.test');
    await expect(dialog.getByText('Date unknown', { exact: true })).toBeVisible();
    const problems = dialog.getByRole('region', { name: 'Reading problems' });
    await expect(problems).toContainText('No Date header: date unknown');
    await expect(problems).toContainText('declared x-unknown, bytes are UTF-8');
    await snap(page, `show-original-detail-${width}`);

    await dialog.getByRole('button', { name: 'Show original' }).click();
    const original = dialog.getByRole('region', { name: 'Original message' });
    await expect(original.getByText('Fetching the original from the mailbox...')).toBeHidden();
    const subject = original.locator('dt', { hasText: /^Subject$/ });
    await expect(subject).toBeVisible();
    await expect(subject.locator('+ dd')).toHaveText('Frösche im Teich');
    await expect(original.locator('dt', { hasText: /^X-Note$/ }).locator('+ dd')).toHaveText('café au lait');
    await expect(original.locator('dt', { hasText: /^From$/ }).locator('+ dd')).toHaveText(
      'Pete(A wonderful chap) <pete(his account)@silly.test(his host)>',
    );
    await expect(original.locator('dt')).toHaveCount(7);
    await original.getByRole('link', { name: 'Download .eml' }).scrollIntoViewIfNeeded();
    await snap(page, `show-original-headers-${width}`);

    const [download] = await Promise.all([page.waitForEvent('download'), original.getByRole('link', { name: 'Download .eml' }).click()]);
    expect(download.suggestedFilename()).toBe('Frösche im Teich.eml');
    const saved = await download.path();
    // Byte for byte what the mailbox file holds (the import keeps the message as it was sent).
    expect(fs.readFileSync(saved).equals(ORIGINAL)).toBe(true);

    await dialog.getByRole('button', { name: 'Hide original' }).click();
    await expect(original).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
