import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createUser, importMailbox, type MboxMessage, signIn, snap } from './support.ts';

// The Emails screen against the production build: a user of its own (so the list holds only this
// test's mail) imports an mbox with ordinary mail and with messages built to attack the viewer.
// Every attack tries to run script (setting window.top.__pwned, renaming the page, alert()), to
// submit, navigate or load from a local server the test runs; the test fails on any dialog and on
// any request that server gets before the user asks for remote images.

test.use({ baseURL: process.env.E2E_BASE_URL });

const USER = { email: 'eve.emails@example.com', password: 'e2e-emails-pw-1', first: 'Eve', last: 'Reader' };
const OWNER = 'eve@example.com';

/** The trap: any request here is an attack that worked (or remote images the user allowed). */
const hits: string[] = [];
const trap = http.createServer((request, response) => {
  hits.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
  response.end(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
});
let T = '';

test.beforeAll(async () => {
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  T = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  createUser(USER);
});
test.afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));

const day = (n: number) => new Date(Date.UTC(2001, 0, 1, 9, 30) + n * 86_400_000);
const html = (body: string) => ({ contentType: 'text/html; charset=utf-8', body: `<html><body>${body}</body></html>` });
const attacker = '"Mallory Hacker" <mallory@evil.example>';

/** The attacks: each one is its own message, so the viewer meets each alone, as a reader would. */
function hostileMessages(): MboxMessage[] {
  const steal = (tag: string) =>
    `window.top.__pwned='${tag}';parent.document.title='pwned ${tag}';fetch('${T}/script-${tag}');alert('${tag}')`;
  const attacks: [string, string][] = [
    ['script tag', `<p>Quarterly numbers attached.</p><script>${steal('script')}</script>`],
    ['img onerror', `<p>Image below</p><img src="x" onerror="${steal('onerror')}">`],
    [
      'body onload and base',
      `<base href="${T}/base/"><p onclick="${steal('onclick')}">Hello</p><img onload="${steal('onload')}" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">`,
    ],
    ['javascript link', `<p><a id="bait" href="javascript:${steal('href')}">Click to confirm your account</a></p>`],
    [
      'CSS expression',
      `<div style="width: expression(${steal('expression')}); background: url(${T}/css-background.png)">Styled</div><style>p { behavior: url(${T}/behavior.htc) }</style>`,
    ],
    ['meta refresh', `<meta http-equiv="refresh" content="0;url=${T}/refresh"><p>Redirecting...</p>`],
    [
      'SVG payload',
      `<svg onload="${steal('svg')}"><script>${steal('svgscript')}</script><image href="${T}/svg-image.png"/></svg><p>Vector</p>`,
    ],
    [
      'frames and plugins',
      `<iframe src="${T}/iframe"></iframe><iframe srcdoc="<script>${steal('srcdoc')}</script>"></iframe><object data="${T}/object"></object><embed src="${T}/embed"><p>Embedded</p>`,
    ],
    [
      'form',
      `<form action="${T}/form" method="post"><input name="password" value="hunter2"><button id="send">Verify</button></form><p>Please verify</p>`,
    ],
    ['tracking pixel', `<p>Newsletter with pictures</p><img alt="Spring sale banner" src="${T}/pixel.gif" width="300" height="40">`],
  ];
  return attacks.map(([name, body], i) => ({
    from: attacker,
    to: OWNER,
    subject: `[XSS ${i + 1}] ${name}`,
    date: day(60 + i),
    id: `xss-${i + 1}`,
    ...html(body),
  }));
}

function ordinaryMessages(): MboxMessage[] {
  const messages: MboxMessage[] = [];
  for (let i = 0; i < 30; i++) {
    messages.push({
      from: `"Phillip Allen" <phillip.allen@enron.com>`,
      to: OWNER,
      subject: `Weekly gas report ${i + 1}`,
      date: day(i),
      id: `weekly-${i + 1}`,
      body: `Team,\n\nVolumes for week ${i + 1} are in line with the forecast. ${i === 7 ? 'The Kern River pipeline expansion is on schedule.' : 'Nothing unusual.'}\n\nPhillip`,
    });
  }
  messages.push({
    from: `"Eve Reader" <${OWNER}>`,
    to: OWNER,
    subject: 'Re: Weekly gas report 30',
    date: day(40),
    id: 'sent-1',
    body: 'Thanks Phillip.\nDetails: http://www.enron.com/gas/report?week=30.\n<script>alert("not run, just text")</script>',
  });
  const pdf = Buffer.alloc(2500, 7).toString('base64').replace(/.{76}/g, '$&\n');
  messages.push({
    from: '"Jane Finance" <jane@finance.example>',
    to: OWNER,
    subject: 'Budget with attachment',
    date: day(45),
    id: 'attachment-1',
    contentType: 'multipart/mixed; boundary="b1"',
    body: `--b1\nContent-Type: text/plain; charset=utf-8\n\nThe budget is attached.\n--b1\nContent-Type: application/pdf; name="budget-2001.pdf"\nContent-Disposition: attachment; filename="budget-2001.pdf"\nContent-Transfer-Encoding: base64\n\n${pdf}\n--b1--`,
  });
  return messages;
}

test('the Emails screen: empty, list, search on Enter, paging, filter, detail, and hostile mail that runs nothing', async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USER);

  // Empty: no account, no mail. (The spec's sidebar has no Emails item: the overview's card links here.)
  await page.goto('/dashboard/emails');
  await expect(page.getByRole('heading', { name: 'Emails', exact: true })).toBeVisible();
  await expect(page.locator('header').getByText('Emails', { exact: true })).toBeVisible();
  await expect(page.getByText('No emails yet')).toBeVisible();
  await snap(page, 'emails-empty');

  const ordinary = ordinaryMessages();
  const hostile = hostileMessages();
  const total = ordinary.length + hostile.length;
  await importMailbox(page, OWNER, [...ordinary, ...hostile]);
  await importMailbox(page, 'archive@example.com', [
    {
      from: '"Old Friend" <friend@example.org>',
      to: OWNER,
      subject: 'Archived hello',
      date: day(100),
      id: 'archive-1',
      body: 'Hello from the archive.',
    },
    {
      from: '"Old Friend" <friend@example.org>',
      to: OWNER,
      subject: 'Archived goodbye',
      date: day(101),
      id: 'archive-2',
      body: 'Goodbye.',
    },
  ]);
  const grandTotal = total + 2;
  expect(hits).toEqual([]);

  // The list: newest first, 25 a page, exact total.
  await page.reload();
  const list = page.getByRole('list', { name: 'Emails' });
  const rows = list.getByRole('listitem');
  await expect(page.getByText(`Page 1 of 2 • ${grandTotal} emails`)).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Archived goodbye');
  await expect(rows.first()).toContainText('Apr 12, 2001');
  const budgetRow = rows.filter({ hasText: 'Budget with attachment' });
  await expect(budgetRow.getByRole('img', { name: 'Has attachments' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Re: Weekly gas report 30' }).getByText('Sent', { exact: true })).toBeVisible();
  // The preview: the first 100 characters of the body, whitespace folded.
  await expect(rows.filter({ hasText: 'Weekly gas report 29' })).toContainText(
    'Team, Volumes for week 29 are in line with the forecast. Nothing unusual. Phillip',
  );
  await snap(page, 'emails-list');

  // Paging.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page 2 of 2 • ${grandTotal} emails`)).toBeVisible();
  await expect(rows).toHaveCount(grandTotal - 25);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`Page 1 of 2 • ${grandTotal} emails`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Account filter.
  const accountSelect = page.getByLabel('Account', { exact: true });
  await accountSelect.selectOption({ label: 'archive@example.com' });
  await expect(page.getByText('Page 1 of 1 • 2 emails')).toBeVisible();
  await accountSelect.selectOption({ label: 'All accounts' });
  await expect(page.getByText(`Page 1 of 2 • ${grandTotal} emails`)).toBeVisible();

  // Search runs on Enter only: typing changes nothing.
  const search = page.getByRole('searchbox', { name: 'Search emails' });
  // A subject: found the moment the mail is stored.
  await search.fill('budget with');
  await page.waitForTimeout(700);
  await expect(page.getByText(`Page 1 of 2 • ${grandTotal} emails`)).toBeVisible();
  await search.press('Enter');
  await expect(page.getByText('Page 1 of 1 • 1 email')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Budget with attachment');
  // Words only in a just-imported email's body: found once the background indexer has that mail.
  // Until then the screen says "Still indexing N emails" and asks again every 2 s (issue 33: in CI
  // a waiting indexer run was not fetched for over 35 s; decision 012).
  await search.fill('kern river');
  await search.press('Enter');
  const stillIndexing = page.getByText(/^Still indexing/);
  // This search's answer (the email, or the note), then the note gone.
  await expect(stillIndexing.or(rows.filter({ hasText: 'Weekly gas report 8' })).first()).toBeVisible();
  await expect(stillIndexing).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Page 1 of 1 • 1 email')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Weekly gas report 8');
  // Sender name, case-insensitive.
  await search.fill('MALLORY');
  await search.press('Enter');
  await expect(page.getByText(`Page 1 of 1 • ${hostile.length} emails`)).toBeVisible();
  // No match.
  await search.fill('no such thing anywhere');
  await search.press('Enter');
  await expect(page.getByText('No emails match your search')).toBeVisible();
  await snap(page, 'emails-no-match');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText(`Page 1 of 2 • ${grandTotal} emails`)).toBeVisible();
  await expect(search).toHaveValue('');

  // Detail of a text email, by keyboard: line breaks kept, URLs linked safely, markup shown as text.
  await search.fill('"Re: Weekly gas report 30"');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  // The user's own mail is sent mail by its From (an mbox has no Sent folder: it is filed in INBOX).
  await expect(rows.first()).toContainText('Sent');
  await rows.first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Re: Weekly gas report 30' })).toBeVisible();
  await expect(dialog).toContainText(`Eve Reader <${OWNER}>`);
  const link = dialog.getByRole('link', { name: 'http://www.enron.com/gas/report?week=30' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(dialog.getByText('<script>alert("not run, just text")</script>')).toBeVisible();
  await snap(page, 'emails-detail-text');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows.first().getByRole('button')).toBeFocused();

  // Attachments: name, type and size (base 1024).
  await search.fill('budget');
  await search.press('Enter');
  await rows.filter({ hasText: 'Budget with attachment' }).getByRole('button').click();
  await expect(dialog.getByRole('region', { name: 'Attachments' })).toContainText('budget-2001.pdf');
  await expect(dialog.getByRole('region', { name: 'Attachments' })).toContainText('application/pdf');
  await expect(dialog.getByRole('region', { name: 'Attachments' })).toContainText('2.44 KB');
  await page.keyboard.press('Escape');

  // Every hostile message, one at a time.
  await search.fill('XSS');
  await search.press('Enter');
  await expect(page.getByText(`Page 1 of 1 • ${hostile.length} emails`)).toBeVisible();
  for (const message of hostile) {
    await rows.filter({ hasText: message.subject }).getByRole('button').click();
    await expect(dialog.getByRole('heading', { name: message.subject })).toBeVisible();
    const frameElement = dialog.locator('iframe[title="Email content"]');
    await expect(frameElement).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const frame = frameElement.contentFrame();
    await expect(frame.locator('body')).toBeVisible();
    // Click whatever the attacker wanted clicked.
    for (const bait of await frame.locator('a, p, div').all()) await bait.click({ timeout: 2000, force: true }).catch(() => {});
    await page.waitForTimeout(800);
    if (message.subject.includes('tracking pixel')) {
      await expect(dialog.getByText('Remote images are blocked')).toBeVisible();
      await snap(page, 'emails-detail-remote-blocked');
      expect(hits).toEqual([]);
      await dialog.getByRole('button', { name: 'Load remote images' }).click();
      await expect.poll(() => hits).toEqual(['/pixel.gif']);
      await expect(dialog.getByText('Remote images are blocked')).toBeHidden();
      await expect(frameElement.contentFrame().getByRole('img', { name: 'Spring sale banner' })).toBeVisible();
      hits.length = 0;
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null), message.subject).toBeNull();
    await expect(page).toHaveTitle('Emails · Penman');
    expect(hits, message.subject).toEqual([]);
    expect(dialogs, message.subject).toEqual([]);
    expect(page.url()).toContain('/dashboard/emails');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  expect(page.context().pages()).toHaveLength(1);
});
