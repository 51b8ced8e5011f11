import { ACCOUNT_MESSAGES, EMAIL_PREVIEW_CHARS, EMAILS_PAGE_SIZE } from '@penman/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { indexEmailsForSearch } from '../mail/search-index.ts';
import { emailMessageAttachments, emails, type NewEmailRow } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { escapeLike, type FullTextOnlyCount, listEmails } from './repo.ts';

const t = await createTestApp();
const a = await t.signUpAndIn('emails-a@example.com');
const b = await t.signUpAndIn('emails-b@example.com');
const db = t.deps.db;

let key = 0;
const day = (n: number) => new Date(Date.UTC(2001, 0, 1) + n * 86_400_000);

async function addEmail(userId: string, emailAccountId: string, values: Partial<NewEmailRow>): Promise<string> {
  const [row] = await db
    .insert(emails)
    .values({ userId, emailAccountId, messageKey: `m${key++}@test`, receivedDate: day(key), ...values })
    .returning({ id: emails.id });
  return row!.id;
}

const accountA1 = await t.insertEmailAccount(a.user.id, 'a1@example.com');
const accountA2 = await t.insertEmailAccount(a.user.id, 'a2@example.com');
const accountB = await t.insertEmailAccount(b.user.id, 'b@example.com');

// A's mail: 60 ordinary messages in A1 (day 1..60), the search fixtures in A2 (days 100+).
for (let i = 0; i < 60; i++) {
  await addEmail(a.user.id, accountA1, {
    subject: `Routine update ${i}`,
    senderEmail: 'ops@example.com',
    senderName: 'Operations',
    bodyText: `Nothing to report on day ${i}.`,
    receivedDate: day(i + 1),
  });
}
const longBody = `Dear team,\n\n   the   figures\tare in.${' More words follow here.'.repeat(20)}`;
const fixtures = {
  budget: await addEmail(a.user.id, accountA2, {
    subject: 'Quarterly BUDGET Review',
    senderEmail: 'cfo@finance.example',
    senderName: 'Carla Finch',
    bodyText: longBody,
    bodyHtml: '<p>Dear team, the figures are in.</p><script>alert(1)</script>',
    hasAttachments: true,
    recipientEmails: ['a2@example.com', 'board@example.com'],
    ccEmails: ['audit@example.com'],
    folderName: 'INBOX',
    receivedDate: day(100),
  }),
  senderName: await addEmail(a.user.id, accountA2, {
    subject: 'Lunch',
    senderEmail: 'zq@example.net',
    senderName: 'Zebulon Quimby',
    bodyText: 'Are you free on Thursday?',
    receivedDate: day(101),
  }),
  senderEmail: await addEmail(a.user.id, accountA2, {
    subject: 'Hello',
    senderEmail: 'Gas.Trader@Enron.com',
    senderName: null,
    bodyText: 'Short note.',
    receivedDate: day(102),
  }),
  bodyOnly: await addEmail(a.user.id, accountA2, {
    subject: 'Weekly notes',
    senderEmail: 'notes@example.com',
    senderName: 'Notes Bot',
    bodyText: 'The pipeline capacity for Kern River is fully booked this month.',
    receivedDate: day(103),
  }),
  // Mentions "budget" only in its body: ranks after the subject match above.
  budgetInBody: await addEmail(a.user.id, accountA2, {
    subject: 'Forecast',
    senderEmail: 'analyst@example.com',
    senderName: 'Analyst',
    bodyText: 'See the attached budget forecast.',
    receivedDate: day(104),
  }),
  percent: await addEmail(a.user.id, accountA2, {
    subject: 'Project 100% done',
    senderEmail: 'pm@example.com',
    bodyText: '',
    receivedDate: day(105),
  }),
  percentDecoy: await addEmail(a.user.id, accountA2, {
    subject: 'Project 1000 done',
    senderEmail: 'pm@example.com',
    receivedDate: day(106),
  }),
  underscore: await addEmail(a.user.id, accountA2, {
    subject: 'Renamed file_name.txt',
    senderEmail: 'files@example.com',
    receivedDate: day(107),
  }),
  underscoreDecoy: await addEmail(a.user.id, accountA2, {
    subject: 'Renamed filename.txt',
    senderEmail: 'files@example.com',
    receivedDate: day(108),
  }),
  // Body-only matches: the older one says "kilowatt" four times and ranks first.
  manyMentions: await addEmail(a.user.id, accountA2, {
    subject: 'Memo A',
    senderEmail: 'memo@example.com',
    bodyText: 'Kilowatt pricing: kilowatt by kilowatt, the kilowatt adds up.',
    receivedDate: day(90),
  }),
  oneMention: await addEmail(a.user.id, accountA2, {
    subject: 'Memo B',
    senderEmail: 'memo@example.com',
    bodyText: 'A long note about many things, one of which is the kilowatt price among other prices and details.',
    receivedDate: day(91),
  }),
  undated: await addEmail(a.user.id, accountA2, {
    subject: 'No date header',
    senderEmail: 'old@example.com',
    bodyText: null,
    receivedDate: null,
  }),
};
await db.insert(emailMessageAttachments).values([
  {
    userId: a.user.id,
    emailAccountId: accountA2,
    emailId: fixtures.budget,
    filename: 'budget.xlsx',
    contentType: 'application/vnd.ms-excel',
    sizeBytes: 48_128,
  },
  {
    userId: a.user.id,
    emailAccountId: accountA2,
    emailId: fixtures.budget,
    filename: 'notes.txt',
    contentType: 'text/plain',
    sizeBytes: 12,
  },
]);
const A_TOTAL = 60 + Object.keys(fixtures).length;

// B's mail, which A must never see: it would match A's searches.
const emailOfB = await addEmail(b.user.id, accountB, {
  subject: 'Quarterly budget review (B)',
  senderEmail: 'cfo@finance.example',
  senderName: 'Carla Finch',
  bodyText: 'pipeline capacity budget',
  receivedDate: day(200),
});
// Stored mail gets its full-text vector from the search indexer (the server runs it after a sync).
await indexEmailsForSearch(db);

type ListAnswer = {
  emails: { id: string; [k: string]: unknown }[];
  pagination: { totalCount: number; limit: number; offset: number };
  unindexedCount: number;
};

async function list(query: Record<string, string | number> = {}, cookie = a.cookie): Promise<ListAnswer> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.request(`/api/emails?${params}`, { cookie });
  expect(response.status).toBe(200);
  return response.json();
}
const ids = (answer: ListAnswer) => answer.emails.map((e) => e.id);

describe('emails list: paging', () => {
  it('answers newest first, 25 a page, with the exact total; undated mail comes first (PostgreSQL orders nulls first)', async () => {
    const first = await list();
    expect(first.pagination).toEqual({ totalCount: A_TOTAL, limit: EMAILS_PAGE_SIZE, offset: 0 });
    expect(first.emails).toHaveLength(EMAILS_PAGE_SIZE);
    expect(first.emails[0]!.id).toBe(fixtures.undated);
    expect(first.emails[0]!.receivedDate).toBeNull();
    const dates = first.emails.slice(1).map((e) => Date.parse(e.receivedDate as string));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(first.emails[1]!.id).toBe(fixtures.underscoreDecoy);
  });

  it('walks every page without overlap; the last page is partial and a page past the end is empty', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < A_TOTAL; offset += EMAILS_PAGE_SIZE) seen.push(...ids(await list({ offset })));
    expect(seen).toHaveLength(A_TOTAL);
    expect(new Set(seen).size).toBe(A_TOTAL);
    const last = await list({ offset: 50 });
    expect(last.emails).toHaveLength(A_TOTAL - 50);
    const past = await list({ offset: 500 });
    expect(past).toEqual({ emails: [], pagination: { totalCount: A_TOTAL, limit: EMAILS_PAGE_SIZE, offset: 500 }, unindexedCount: 0 });
  });

  it('refuses a limit above 100, a negative offset and a malformed account id', async () => {
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'accountId=not-a-uuid', 'offset=abc']) {
      const response = await t.request(`/api/emails?${query}`, { cookie: a.cookie });
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe('VALIDATION');
    }
  });

  it('needs a session', async () => {
    expect((await t.request('/api/emails')).status).toBe(401);
    expect((await t.request(`/api/emails/${fixtures.budget}`)).status).toBe(401);
  });
});

describe('emails list: rows', () => {
  it('carries the row fields and a preview of the first 100 characters, never the bodies', async () => {
    const { emails: rows } = await list({ accountId: accountA2 });
    const budget = rows.find((e) => e.id === fixtures.budget)!;
    expect(budget).toEqual({
      id: fixtures.budget,
      emailAccountId: accountA2,
      subject: 'Quarterly BUDGET Review',
      senderName: 'Carla Finch',
      senderEmail: 'cfo@finance.example',
      receivedDate: day(100).toISOString(),
      dateUnknown: false,
      folderName: 'INBOX',
      hasAttachments: true,
      isOutgoing: false,
      preview: longBody.replace(/\s+/g, ' ').slice(0, EMAIL_PREVIEW_CHARS),
      // Stored directly, never through a sync: no triage yet (it is read when the email is opened).
      triage: null,
    });
    expect(budget.preview).toHaveLength(EMAIL_PREVIEW_CHARS);
    expect(budget.preview).toMatch(/^Dear team, the figures are in\. More words/);
    for (const row of rows) {
      expect(row).not.toHaveProperty('bodyText');
      expect(row).not.toHaveProperty('bodyHtml');
      expect((row.preview as string).length).toBeLessThanOrEqual(EMAIL_PREVIEW_CHARS);
    }
    expect(rows.find((e) => e.id === fixtures.undated)!.preview).toBe('');
    expect(rows.find((e) => e.id === fixtures.senderName)!.preview).toBe('Are you free on Thursday?');
  });
});

describe('emails list: account filter', () => {
  it("narrows to one of the user's accounts", async () => {
    const one = await list({ accountId: accountA1, limit: 100 });
    expect(one.pagination.totalCount).toBe(60);
    expect(one.emails.every((e) => e.emailAccountId === accountA1)).toBe(true);
    const two = await list({ accountId: accountA2, limit: 100 });
    expect(two.pagination.totalCount).toBe(A_TOTAL - 60);
  });

  it("answers 404 'Email account not found' for another user's account, or one that does not exist", async () => {
    for (const accountId of [accountB, '00000000-0000-4000-8000-000000000000']) {
      const response = await t.request(`/api/emails?accountId=${accountId}`, { cookie: a.cookie });
      expect(response.status).toBe(404);
      expect((await response.json()).error).toEqual({ code: 'NOT_FOUND', message: ACCOUNT_MESSAGES.notFound });
    }
    const response = await t.request(`/api/emails?accountId=${accountA1}`, { cookie: b.cookie });
    expect(response.status).toBe(404);
  });
});

describe('emails list: search', () => {
  const search = async (q: string, extra: Record<string, string> = {}) => ids(await list({ search: q, ...extra }));

  it('matches the subject, case-insensitively', async () => {
    expect(await search('quarterly budget')).toEqual([fixtures.budget]);
    expect(await search('QUARTERLY')).toEqual([fixtures.budget]);
  });

  it('matches the sender name as a substring, case-insensitively', async () => {
    expect(await search('zebulon')).toEqual([fixtures.senderName]);
    expect(await search('BULON QUI')).toEqual([fixtures.senderName]);
  });

  it('matches the sender email as a substring, case-insensitively', async () => {
    expect(await search('gas.trader@enron')).toEqual([fixtures.senderEmail]);
    expect(await search('TRADER@')).toEqual([fixtures.senderEmail]);
    expect(await search('finance.example')).toEqual([fixtures.budget]);
  });

  it('matches the body by full-text search (whole words, any order)', async () => {
    expect(await search('capacity pipeline')).toEqual([fixtures.bodyOnly]);
    expect(await search('KERN river')).toEqual([fixtures.bodyOnly]);
    // websearch syntax: a quoted phrase must appear in that order.
    expect(await search('"river kern"')).toEqual([]);
  });

  it('ranks subject and sender matches before body-only matches, and pages across the two', async () => {
    expect(await search('budget')).toEqual([fixtures.budget, fixtures.budgetInBody]);
    const one = (offset: number) => list({ search: 'budget', limit: 1, offset });
    expect(ids(await one(0))).toEqual([fixtures.budget]);
    expect(ids(await one(1))).toEqual([fixtures.budgetInBody]);
    expect(await one(2)).toMatchObject({ emails: [], pagination: { totalCount: 2 } });
  });

  it('orders body-only matches by full-text rank before date', async () => {
    expect(await search('kilowatt')).toEqual([fixtures.manyMentions, fixtures.oneMention]);
  });

  it('treats % and _ literally', async () => {
    expect(await search('100%')).toEqual([fixtures.percent]);
    expect(await search('%')).toEqual([fixtures.percent]);
    expect(await search('file_name')).toEqual([fixtures.underscore]);
    expect(await search('_')).toEqual([fixtures.underscore]);
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('combines with the account filter, counts exactly, and pages the matches', async () => {
    expect(await search('budget', { accountId: accountA1 })).toEqual([]);
    const routine = await list({ search: 'routine update', limit: 25, offset: 50 });
    expect(routine.pagination.totalCount).toBe(60);
    expect(routine.emails).toHaveLength(10);
  });

  it('finds nothing for punctuation alone or a word that is nowhere, and ignores a blank search', async () => {
    expect(await search('zzzqqq')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
    expect((await list({ search: '   ' })).pagination.totalCount).toBe(A_TOTAL);
  });

  it('counts the same whichever way the body-only matches are counted (subtracting or filtering)', async () => {
    const ways: FullTextOnlyCount[] = ['filter', 'subtract'];
    // One-word searches take |F| from the word counts when subtracting; the others count F.
    const oneWord = ['budget', 'KILOWATT', 'zebulon', 'gas.trader@enron.com', 'Thursday?', 'nowhere'];
    const others = [
      'routine update',
      'finance.example',
      'carla finch',
      '"river kern"',
      '-budget',
      'routine -update',
      'budget or kilowatt',
      '!!!',
      '%',
    ];
    const queries = [...oneWord, ...others];
    for (const [userId, accountId] of [
      [a.user.id, undefined],
      [a.user.id, accountA2],
      [a.user.id, accountA1],
      [b.user.id, undefined],
    ]) {
      for (const search of queries) {
        const [filtered, subtracted] = await Promise.all(
          ways.map((how) => listEmails(db, userId!, { search, accountId }, { limit: 25, offset: 0 }, { fullTextOnlyCount: how })),
        );
        expect(subtracted!.total, search).toBe(filtered!.total);
        expect(subtracted!.rows.map((r) => r.id)).toEqual(filtered!.rows.map((r) => r.id));
      }
    }
    const budget = await listEmails(db, a.user.id, { search: 'budget' }, { limit: 1, offset: 1 }, { fullTextOnlyCount: 'subtract' });
    expect(budget).toMatchObject({ total: 2, rows: [{ id: fixtures.budgetInBody }] });
  });

  it('takes the total of a one-word search from the word counts, and of any other from the index', async () => {
    const total = async (search: string) =>
      (await listEmails(db, a.user.id, { search }, { limit: 1, offset: 0 }, { fullTextOnlyCount: 'subtract' })).total;
    const [budget, budgetInText, budgetOrKilowatt] = [await total('budget'), await total('Budget!'), await total('budget or kilowatt')];
    const tamper = (by: number) =>
      db.execute(sql`update email_word_counts set emails = emails + ${by} where email_account_id = ${accountA2} and word = 'budget'`);
    await tamper(1000);
    try {
      expect(await total('budget')).toBe(budget + 1000);
      expect(await total('Budget!')).toBe(budgetInText + 1000);
      expect(await total('budget or kilowatt')).toBe(budgetOrKilowatt);
    } finally {
      await tamper(-1000);
    }
  });

  it('finds mail not yet indexed by subject and sender at once, and by its body once the indexer has run', async () => {
    // A user of its own, so the other tests' counts stay as they are.
    const c = await t.signUpAndIn('emails-c@example.com');
    const accountC = await t.insertEmailAccount(c.user.id, 'c@example.com');
    const fresh = await addEmail(c.user.id, accountC, {
      subject: 'Fresh arrival',
      senderName: 'Newly Stored',
      bodyText: 'heliotrope cartography',
      receivedDate: day(300),
    });
    const searchC = async (q: string) => ids(await list({ search: q }, c.cookie));
    expect(await searchC('fresh arrival')).toEqual([fresh]);
    expect(await searchC('newly stored')).toEqual([fresh]);
    expect(await searchC('heliotrope')).toEqual([]);
    // Slices smaller than the queue: the indexer goes on until the queue is empty.
    await addEmail(c.user.id, accountC, { subject: 'Another', bodyText: 'heliotrope again', receivedDate: day(301) });
    // Until then the answer says how many are not yet searchable by their text (the screen says so).
    const unindexed = async (query: Record<string, string>) => (await list(query, c.cookie)).unindexedCount;
    expect(await unindexed({ search: 'heliotrope' })).toBe(2);
    expect(await unindexed({ search: 'heliotrope', accountId: accountC })).toBe(2);
    expect(await unindexed({})).toBe(0);
    expect(await indexEmailsForSearch(db, { slice: 1 })).toBe(2);
    expect(await unindexed({ search: 'heliotrope' })).toBe(0);
    expect(await searchC('heliotrope')).toHaveLength(2);
    expect(await searchC('cartography')).toEqual([fresh]);
    expect(await indexEmailsForSearch(db)).toBe(0);
  });

  it('refuses a search longer than 200 characters', async () => {
    const response = await t.request(`/api/emails?search=${'x'.repeat(201)}`, { cookie: a.cookie });
    expect(response.status).toBe(400);
  });
});

describe('email detail', () => {
  it('answers the headers, attachments and both bodies', async () => {
    const response = await t.request(`/api/emails/${fixtures.budget}`, { cookie: a.cookie });
    expect(response.status).toBe(200);
    const { email } = await response.json();
    expect(email).toMatchObject({
      id: fixtures.budget,
      emailAccountId: accountA2,
      subject: 'Quarterly BUDGET Review',
      senderName: 'Carla Finch',
      senderEmail: 'cfo@finance.example',
      recipientEmails: ['a2@example.com', 'board@example.com'],
      ccEmails: ['audit@example.com'],
      receivedDate: day(100).toISOString(),
      folderName: 'INBOX',
      hasAttachments: true,
      bodyText: longBody,
      bodyHtml: '<p>Dear team, the figures are in.</p><script>alert(1)</script>',
    });
    expect(email.attachments.map(({ id: _id, ...rest }: { id: string }) => rest)).toEqual([
      { filename: 'budget.xlsx', contentType: 'application/vnd.ms-excel', sizeBytes: 48_128 },
      { filename: 'notes.txt', contentType: 'text/plain', sizeBytes: 12 },
    ]);
  });
});

describe('user scoping', () => {
  it("never lists another user's mail, even when it matches", async () => {
    const all = ids(await list({ limit: 100 }));
    expect(all).not.toContain(emailOfB);
    expect(ids(await list({ search: 'carla finch' }))).toEqual([fixtures.budget]);
    const ofB = await list({}, b.cookie);
    expect(ids(ofB)).toEqual([emailOfB]);
    expect(ofB.pagination.totalCount).toBe(1);
    expect(ids(await list({ search: 'budget' }, b.cookie))).toEqual([emailOfB]);
  });

  it("answers 404 for another user's email, as for one that does not exist", async () => {
    const response = await t.request(`/api/emails/${fixtures.budget}`, { cookie: b.cookie });
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({ code: 'NOT_FOUND', message: 'Email not found' });
    expect((await t.request(`/api/emails/${emailOfB}`, { cookie: a.cookie })).status).toBe(404);
    expect((await t.request('/api/emails/00000000-0000-4000-8000-000000000000', { cookie: a.cookie })).status).toBe(404);
    expect((await t.request('/api/emails/not-a-uuid', { cookie: a.cookie })).status).toBe(400);
  });
});
