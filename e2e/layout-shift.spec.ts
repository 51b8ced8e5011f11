import { TRAINING_MESSAGES } from '@penman/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { LAPTOP, loadShifts, PHONE } from './layout.ts';
import { createUser, importMailbox, type MboxMessage, signIn, snap } from './support.ts';

// Nothing on the dashboard jumps under the user's pointer while its data arrives: a click on the
// overview's "Upload documents" missed in CI when the training banner came with the accounts and
// pushed the cards down. Each screen loads with the answers that moved its content slowed down
// (the real server answers, late), at a phone's and a laptop's size, and its cumulative layout
// shift must stay under MAX_SHIFT.

test.use({ baseURL: process.env.E2E_BASE_URL });
test.describe.configure({ mode: 'serial' });

/**
 * Next to nothing: each shift found scored more (a button moved 68 px on a phone: 0.012), and the
 * screens score 0 without them. web.dev's "good" page load stays under 0.1 over its whole life.
 */
const MAX_SHIFT = 0.005;
const USER = { email: 'still.page@example.com', password: 'e2e-still-page-1', first: 'Stella', last: 'Page' };
const NEW_USER = { email: 'still.new@example.com', password: 'e2e-still-new-1', first: 'Newt', last: 'Page' };
const OWNER = 'stella@penman.test';
const MAILBOX: MboxMessage[] = [
  { from: '"Ada Lovelace" <ada@engines.test>', to: OWNER, date: new Date(Date.UTC(2025, 0, 6, 9)), id: 'still-1', subject: 'Gears' },
  {
    from: OWNER,
    to: 'ada@engines.test',
    date: new Date(Date.UTC(2025, 0, 6, 11)),
    id: 'still-2',
    subject: 'Re: Gears',
    inReplyTo: 'still-1',
  },
];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  createUser(USER);
  createUser(NEW_USER);
  const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await signIn(page, USER);
  await importMailbox(page, OWNER, MAILBOX);
  await page.context().close();
});

type Screen = {
  name: string;
  user: typeof USER;
  path: string;
  /** The answers whose arrival moved content. */
  slow: RegExp[];
  /** Something drawn from them. */
  ready: (page: Page) => Locator;
  /** What a user heads for while the page loads (scrolled to). */
  reach?: (page: Page) => Locator;
};

const SCREENS: Screen[] = [
  {
    // The banner came with the accounts and pushed the cards down (0.040 at 1280 x 800); on a phone,
    // scrolled down to Build Knowledge Base, the banner and the accounts' list moved it 148 px (0.130).
    name: 'overview: the cards stay put while the accounts arrive',
    user: USER,
    path: '/dashboard',
    slow: [/^\/api\/accounts$/],
    ready: (page) => page.getByRole('region', { name: 'Training status' }).getByRole('heading'),
    reach: (page) => page.getByRole('heading', { name: 'Build Knowledge Base' }),
  },
  {
    // No accounts: no banner, and Connect Email Accounts moves to the front.
    name: "a new user's overview: the cards stay put while the accounts arrive",
    user: NEW_USER,
    path: '/dashboard',
    slow: [/^\/api\/accounts$/],
    ready: (page) => page.getByText('No email accounts connected yet.'),
    reach: (page) => page.getByRole('heading', { name: 'Build Knowledge Base' }),
  },
  {
    // The dates and the Training Data Details came with the account's training data and pushed the
    // four actions and the analysis card down, off a phone's screen (0.267 at 375 x 812, 0.066 at 1280 x 800).
    name: "training: the actions stay put while the account's training data arrives",
    user: USER,
    path: '/dashboard/training',
    slow: [/^\/api\/accounts\/[^/]+\/training$/],
    ready: (page) => page.getByRole('region', { name: TRAINING_MESSAGES.detailsTitle }),
  },
  {
    // The account's address under the title wrapped Reprocess Contacts onto a line of its own (0.012 at 375 x 812).
    name: 'contacts: the header stays put while the account arrives',
    user: USER,
    path: '/dashboard/contacts',
    slow: [/^\/api\/accounts$/],
    ready: (page) => page.getByText(OWNER, { exact: true }).first(),
  },
  {
    // The account information grew from a spinner to its list and pushed the sections below down
    // (0.018 at 375 x 812, 0.013 at 1280 x 800).
    name: 'settings: the sections stay put while the account information arrives',
    user: USER,
    path: '/dashboard/settings',
    slow: [/^\/api\/settings\/account$/],
    ready: (page) => page.getByTestId('connected-mailboxes').filter({ hasText: '1' }),
  },
];

for (const size of [PHONE, LAPTOP]) {
  for (const screen of SCREENS) {
    test(`${screen.name} (${size.width} x ${size.height})`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, screen.user);
      const { score, shifts } = await loadShifts(page, screen.path, {
        slow: screen.slow,
        ready: screen.ready(page),
        reach: screen.reach?.(page),
      });
      await snap(page, `layout-shift-${screen.user === USER ? '' : 'new-'}${screen.path.split('/').pop()}-${size.width}`);
      expect(score, shifts.join('\n')).toBeLessThan(MAX_SHIFT);
    });
  }
}
