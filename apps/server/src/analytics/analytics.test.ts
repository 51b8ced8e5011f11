import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, emailAccounts, emails, type NewEmailRow } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';

// A small mailbox whose every statistic is known by hand. Account X of user A holds 6 incoming
// and 9 outgoing emails over 2024-03-04 (a Monday) to 2024-03-16; account Y of A and account Z of
// user B hold mail that must never leak into X's figures.
const t = await createTestApp();
const a = await t.signUpAndIn('analytics-a@example.com');
const b = await t.signUpAndIn('analytics-b@example.com');

const x = await t.insertEmailAccount(a.user.id, 'me@example.com');
const y = await t.insertEmailAccount(a.user.id, 'me@other.example');
const z = await t.insertEmailAccount(b.user.id, 'b@example.com');

type Mail = Partial<NewEmailRow> & { id: string; at: string | null };
const mail = (userId: string, accountId: string, list: Mail[]) =>
  t.deps.db.insert(emails).values(
    list.map(({ id, at, ...rest }) => ({
      userId,
      emailAccountId: accountId,
      messageKey: id,
      messageId: id,
      receivedDate: at ? new Date(at) : null,
      isRead: true,
      ...rest,
    })),
  );
const incoming = (id: string, at: string | null, sender: string, name: string | null, extra: Partial<NewEmailRow> = {}): Mail => ({
  id,
  at,
  senderEmail: sender,
  senderName: name,
  ...extra,
});
const reply = (id: string, at: string, inReplyTo: string | null, extra: Partial<NewEmailRow> = {}): Mail => ({
  id,
  at,
  senderEmail: 'me@example.com',
  isOutgoing: true,
  inReplyTo,
  ...extra,
});

await mail(a.user.id, x, [
  incoming('i1@x', '2024-03-04T09:15:00Z', 'alice@a.com', 'Alice A', { isRead: false, hasAttachments: true }),
  incoming('i2@x', '2024-03-05T14:30:00Z', 'alice@a.com', 'Alice Anderson'),
  incoming('i3@x', '2024-03-05T23:59:00Z', 'bob@b.com', null, { isRead: false }),
  incoming('i4@x', '2024-03-11T08:00:00Z', 'carol@c.com', 'Carol'),
  incoming('i5@x', '2024-03-12T10:00:00Z', 'bob@b.com', 'Bob'),
  incoming('i6@x', null, 'dave@d.com', '  ', { isRead: false }),
  reply('o1@x', '2024-03-04T09:45:00Z', 'i1@x', { isTrainingData: true }), // 30 min: <1h
  reply('o2@x', '2024-03-04T12:00:00Z', 'i1@x'), // a second reply to i1: only the first counts
  reply('o3@x', '2024-03-05T15:30:00Z', 'i2@x', { isTrainingData: true }), // exactly 1 h: 1-4h
  reply('o4@x', '2024-03-06T11:59:00Z', 'i3@x'), // 12 h: 4-24h
  reply('o9@x', '2024-03-12T09:00:00Z', 'i5@x'), // dated before i5: not a response time
  reply('o5@x', '2024-03-13T08:00:00Z', 'i4@x'), // 48 h: 1-3d
  reply('o7@x', '2024-03-14T17:00:00Z', null, { hasAttachments: true, isRead: false }),
  reply('o8@x', '2024-03-15T12:00:00Z', 'not-downloaded@x'),
  reply('o6@x', '2024-03-16T10:00:00Z', 'i5@x'), // 96 h: >3d
]);
await mail(a.user.id, y, [
  incoming('y1@y', '2024-03-04T10:00:00Z', 'alice@a.com', 'Alice'),
  ...Array.from({ length: 11 }, (_, i) => incoming(`y-s${i}@y`, null, `s${String(i + 1).padStart(2, '0')}@s.com`, null)),
  // Answers X's i4 from another account: never a response time of X (10 min would be <1h).
  reply('y-o1@y', '2024-03-11T08:10:00Z', 'i4@x'),
]);
await mail(b.user.id, z, [
  incoming('z1@z', '2024-03-04T09:00:00Z', 'alice@a.com', 'Alice'),
  reply('z-o1@z', '2024-03-04T09:05:00Z', 'i1@x'),
]);
await t.deps.db.insert(contacts).values([
  { userId: a.user.id, emailAccountId: x, emailAddress: 'alice@a.com' },
  { userId: a.user.id, emailAccountId: x, emailAddress: 'bob@b.com' },
  { userId: a.user.id, emailAccountId: x, emailAddress: 'carol@c.com', userDeleted: true },
  { userId: a.user.id, emailAccountId: y, emailAddress: 'alice@a.com' },
]);

const post = (path: string, cookie: string) => t.request(path, { method: 'POST', cookie });
const get = (path: string, cookie: string) => t.request(path, { cookie });

/** A 7 x 24 grid of zeros with the given [weekday, hour] cells set to 1. */
function grid(cells: [number, number][]): number[][] {
  const rows = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const [day, hour] of cells) rows[day]![hour]! += 1;
  return rows;
}

describe('recalculate-email-stats', () => {
  it('recounts every counter of the account from its mail and contacts, and answers the account', async () => {
    await t.deps.db
      .update(emailAccounts)
      .set({ totalEmailsCountActual: 999, incomingEmailsCount: 999, contactsCount: 999, averageEmailsPerDay: 42 })
      .where(eq(emailAccounts.id, x));
    const response = await post(`/api/accounts/${x}/statistics/recalculate`, a.cookie);
    expect(response.status).toBe(200);
    const { account } = await response.json();
    expect(account).toMatchObject({
      id: x,
      totalEmailsCountActual: 15,
      emailsDownloadedCount: 15,
      incomingEmailsCount: 6,
      outgoingEmailsCount: 9,
      unreadEmailsCount: 3, // unread incoming only: i1, i3, i6 (o7 is outgoing)
      emailsWithAttachmentsCount: 2,
      trainingEmailsCount: 2,
      contactsCount: 2, // carol was deleted by the user
      dateRangeStart: '2024-03-04T09:15:00.000Z',
      dateRangeEnd: '2024-03-16T10:00:00.000Z',
    });
    // 15 emails over 12 days and 45 minutes: 13 started days.
    expect(account.averageEmailsPerDay).toBeCloseTo(15 / 13, 5);
    expect(account.topSenders).toEqual([]);
  });

  it("leaves the user's other accounts alone and zeroes an account without mail", async () => {
    const [before] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, y));
    expect(before!.totalEmailsCountActual).toBe(0);
    const empty = await t.insertEmailAccount(a.user.id, 'empty@example.com');
    await t.deps.db.update(emailAccounts).set({ totalEmailsCountActual: 5, averageEmailsPerDay: 3 }).where(eq(emailAccounts.id, empty));
    const { account } = await (await post(`/api/accounts/${empty}/statistics/recalculate`, a.cookie)).json();
    expect(account).toMatchObject({ totalEmailsCountActual: 0, averageEmailsPerDay: 0, dateRangeStart: null, dateRangeEnd: null });
    expect(
      (await t.request(`/api/accounts/${empty}`, { method: 'DELETE', cookie: a.cookie, json: { confirmation: 'DELETE EMAIL ACCOUNT' } }))
        .status,
    ).toBe(204);
  });

  it("answers 404 for another user's account and changes nothing", async () => {
    const response = await post(`/api/accounts/${x}/statistics/recalculate`, b.cookie);
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe('Email account not found');
  });
});

describe('calculate-top-senders', () => {
  it('stores the senders of incoming mail by count, with their latest non-empty name', async () => {
    const response = await post(`/api/accounts/${x}/top-senders/calculate`, a.cookie);
    expect(response.status).toBe(200);
    const { account } = await response.json();
    expect(account.topSenders).toEqual([
      { name: 'Alice Anderson', email: 'alice@a.com', count: 2 },
      { name: 'Bob', email: 'bob@b.com', count: 2 },
      { name: 'Carol', email: 'carol@c.com', count: 1 },
      { name: null, email: 'dave@d.com', count: 1 },
    ]);
    const [row] = await t.deps.db.select({ topSenders: emailAccounts.topSenders }).from(emailAccounts).where(eq(emailAccounts.id, x));
    expect(row!.topSenders).toEqual(account.topSenders);
  });

  it('keeps the top 10, ties in address order', async () => {
    const { account } = await (await post(`/api/accounts/${y}/top-senders/calculate`, a.cookie)).json();
    expect(account.topSenders.map((s: { email: string }) => s.email)).toEqual([
      'alice@a.com',
      ...Array.from({ length: 9 }, (_, i) => `s0${i + 1}@s.com`),
    ]);
  });

  it("answers 404 for another user's account", async () => {
    expect((await post(`/api/accounts/${x}/top-senders/calculate`, b.cookie)).status).toBe(404);
  });
});

describe('analytics charts', () => {
  it('counts received and sent mail per UTC day, empty days included', async () => {
    const charts = await (await get(`/api/accounts/${x}/analytics/charts?granularity=day`, a.cookie)).json();
    expect(charts.granularity).toBe('day');
    expect(charts.timeZone).toBe('UTC');
    expect(charts.volume).toEqual({
      truncated: false,
      points: [
        { period: '2024-03-04', incoming: 1, outgoing: 2 },
        { period: '2024-03-05', incoming: 2, outgoing: 1 },
        { period: '2024-03-06', incoming: 0, outgoing: 1 },
        { period: '2024-03-07', incoming: 0, outgoing: 0 },
        { period: '2024-03-08', incoming: 0, outgoing: 0 },
        { period: '2024-03-09', incoming: 0, outgoing: 0 },
        { period: '2024-03-10', incoming: 0, outgoing: 0 },
        { period: '2024-03-11', incoming: 1, outgoing: 0 },
        { period: '2024-03-12', incoming: 1, outgoing: 1 },
        { period: '2024-03-13', incoming: 0, outgoing: 1 },
        { period: '2024-03-14', incoming: 0, outgoing: 1 },
        { period: '2024-03-15', incoming: 0, outgoing: 1 },
        { period: '2024-03-16', incoming: 0, outgoing: 1 },
      ],
    });
  });

  it('counts per ISO week, named by its Monday; the day is the default', async () => {
    const weekly = await (await get(`/api/accounts/${x}/analytics/charts?granularity=week`, a.cookie)).json();
    expect(weekly.volume.points).toEqual([
      { period: '2024-03-04', incoming: 3, outgoing: 4 },
      { period: '2024-03-11', incoming: 2, outgoing: 5 },
    ]);
    const byDefault = await (await get(`/api/accounts/${x}/analytics/charts`, a.cookie)).json();
    expect(byDefault.granularity).toBe('day');
  });

  it('places received and sent mail by weekday (Monday first) and hour in UTC', async () => {
    const { heatmap } = await (await get(`/api/accounts/${x}/analytics/charts`, a.cookie)).json();
    expect(heatmap.received).toEqual(
      grid([
        [0, 9],
        [1, 14],
        [1, 23],
        [0, 8],
        [1, 10],
      ]),
    );
    expect(heatmap.sent).toEqual(
      grid([
        [0, 9],
        [0, 12],
        [1, 15],
        [2, 11],
        [1, 9],
        [2, 8],
        [3, 17],
        [4, 12],
        [5, 10],
      ]),
    );
  });

  it('times the first reply to each answered incoming email, in the same account only', async () => {
    const { responseTimes } = await (await get(`/api/accounts/${x}/analytics/charts`, a.cookie)).json();
    expect(responseTimes).toEqual({
      buckets: [
        { key: 'under_1h', count: 1 },
        { key: 'h1_4', count: 1 },
        { key: 'h4_24', count: 1 },
        { key: 'd1_3', count: 1 },
        { key: 'over_3d', count: 1 },
      ],
      replies: 5,
      medianMinutes: 720,
    });
  });

  it("adds up every account of the user, never another user's mail", async () => {
    const all = await (await get('/api/analytics/charts?granularity=week', a.cookie)).json();
    expect(all.volume.points).toEqual([
      { period: '2024-03-04', incoming: 4, outgoing: 4 },
      { period: '2024-03-11', incoming: 2, outgoing: 6 },
    ]);
    expect(all.heatmap.received[0][10]).toBe(1);
    expect(all.heatmap.sent[0][8]).toBe(1); // Y's reply; X sent nothing on Monday at 8
    expect(all.responseTimes.replies).toBe(5);
    expect(all.responseTimes.buckets[0]).toEqual({ key: 'under_1h', count: 1 });
  });

  it('answers empty charts for a user without mail', async () => {
    const fresh = await t.signUpAndIn('analytics-c@example.com');
    const charts = await (await get('/api/analytics/charts', fresh.cookie)).json();
    expect(charts.volume).toEqual({ points: [], truncated: false });
    expect(charts.heatmap.received.flat().every((n: number) => n === 0)).toBe(true);
    expect(charts.responseTimes).toMatchObject({ replies: 0, medianMinutes: null });
  });

  it('keeps at most a year of days, ending with the latest mail, and says it left older mail out', async () => {
    const d = await t.signUpAndIn('analytics-d@example.com');
    const old = await t.insertEmailAccount(d.user.id, 'old@example.com');
    await mail(d.user.id, old, [
      incoming('old-1', '2020-01-01T12:00:00Z', 'x@x.com', null),
      incoming('old-2', '2024-03-04T12:00:00Z', 'x@x.com', null),
    ]);
    const { volume } = await (await get(`/api/accounts/${old}/analytics/charts?granularity=day`, d.cookie)).json();
    expect(volume.truncated).toBe(true);
    expect(volume.points).toHaveLength(366);
    expect(volume.points.at(-1)).toEqual({ period: '2024-03-04', incoming: 1, outgoing: 0 });
    expect(volume.points[0].period).toBe('2023-03-05');
    const weekly = await (await get(`/api/accounts/${old}/analytics/charts?granularity=week`, d.cookie)).json();
    expect(weekly.volume.truncated).toBe(false);
    expect(weekly.volume.points[0]).toEqual({ period: '2019-12-30', incoming: 1, outgoing: 0 });
  });

  it("refuses an unknown granularity and another user's account", async () => {
    expect((await get(`/api/accounts/${x}/analytics/charts?granularity=month`, a.cookie)).status).toBe(400);
    expect((await get(`/api/accounts/${x}/analytics/charts`, b.cookie)).status).toBe(404);
    expect((await get('/api/analytics/charts', '')).status).toBe(401);
  });
});
