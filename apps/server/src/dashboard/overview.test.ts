import { describe, expect, it } from 'vitest';
import { activityEvents, drafts, emailAttachments, emails, knowledgeDocuments, mailboxSync } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';

const t = await createTestApp();
const a = await t.signUpAndIn('overview-a@example.com');
const b = await t.signUpAndIn('overview-b@example.com');
const { db } = t.deps;

const first = await t.insertEmailAccount(a.user.id, 'first@example.com');
const second = await t.insertEmailAccount(a.user.id, 'second@example.com');
const ofB = await t.insertEmailAccount(b.user.id, 'b@example.com');

const someEmails = (userId: string, accountId: string, count: number) =>
  db
    .insert(emails)
    .values(Array.from({ length: count }, (_, i) => ({ userId, emailAccountId: accountId, messageKey: `${accountId}-${i}` })));
await someEmails(a.user.id, first, 3);
await someEmails(a.user.id, second, 4);
await someEmails(b.user.id, ofB, 5);
const file = (userId: string, accountId: string, filename: string) => ({
  userId,
  emailAccountId: accountId,
  filename,
  filePath: `p/${filename}`,
  fileSize: 1,
});
await db.insert(knowledgeDocuments).values([file(a.user.id, second, 'prices.pdf')]);
await db
  .insert(emailAttachments)
  .values([file(a.user.id, first, 'a.pdf'), file(a.user.id, second, 'b.pdf'), file(b.user.id, ofB, 'c.pdf')]);

await db.insert(activityEvents).values([
  {
    userId: a.user.id,
    emailAccountId: first,
    kind: 'account.connected',
    detail: { emailAddress: 'first@example.com' },
    createdAt: new Date('2025-01-01T10:00:00Z'),
  },
  { userId: a.user.id, emailAccountId: first, kind: 'account.initialized', createdAt: new Date('2025-01-01T10:05:00Z') },
  {
    userId: a.user.id,
    emailAccountId: second,
    kind: 'file.uploaded',
    detail: { fileName: 'prices.pdf' },
    createdAt: new Date('2025-01-02T09:00:00Z'),
  },
  { userId: b.user.id, emailAccountId: ofB, kind: 'account.connected', createdAt: new Date('2025-01-03T00:00:00Z') },
]);
await db.insert(mailboxSync).values([
  { userId: a.user.id, emailAccountId: first, status: 'completed', lastSyncAt: new Date('2025-01-01T10:04:00Z') },
  // Never finished: not an event.
  { userId: a.user.id, emailAccountId: second, status: 'running' },
  { userId: b.user.id, emailAccountId: ofB, status: 'completed', lastSyncAt: new Date('2025-01-03T00:01:00Z') },
]);

// Drafts of A: two pending (one flagged for review) in two accounts, one decided; one pending of B.
const draftsOf = async (userId: string, accountId: string, rows: { status: 'pending' | 'rejected'; needsReview: boolean }[]) => {
  const ids = await db
    .insert(emails)
    .values(rows.map((_, i) => ({ userId, emailAccountId: accountId, messageKey: `${accountId}-draft-${i}` })))
    .returning({ id: emails.id });
  await db.insert(drafts).values(rows.map((row, i) => ({ userId, emailAccountId: accountId, emailId: ids[i]!.id, body: 'Hello', ...row })));
};
await draftsOf(a.user.id, first, [
  { status: 'pending', needsReview: true },
  { status: 'rejected', needsReview: true },
]);
await draftsOf(a.user.id, second, [{ status: 'pending', needsReview: false }]);
await draftsOf(b.user.id, ofB, [{ status: 'pending', needsReview: false }]);

describe('dashboard overview', () => {
  it("counts the user's accounts, emails, knowledge documents, attachments and drafts to review over every account", async () => {
    const response = await t.request('/api/dashboard/stats', { cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      emailAccounts: 2,
      emailsProcessed: 10,
      knowledgeDocuments: 1,
      attachments: 2,
      draftsToReview: 2,
      draftsNeedingReview: 1,
    });
    const ofUserB = await (await t.request('/api/dashboard/stats', { cookie: b.cookie })).json();
    expect(ofUserB).toEqual({
      emailAccounts: 1,
      emailsProcessed: 6,
      knowledgeDocuments: 0,
      attachments: 1,
      draftsToReview: 1,
      draftsNeedingReview: 0,
    });
  });

  it('the sidebar badge counts the pending drafts of every account', async () => {
    const ofA = await (await t.request('/api/dashboard/sidebar-counts', { cookie: a.cookie })).json();
    expect(ofA.draftsToReview).toBe(2);
    const ofB = await (await t.request('/api/dashboard/sidebar-counts', { cookie: b.cookie })).json();
    expect(ofB.draftsToReview).toBe(1);
  });

  it("lists the user's recent events newest first, with the last finished sync of each account", async () => {
    const response = await t.request('/api/dashboard/activity', { cookie: a.cookie });
    expect(response.status).toBe(200);
    const { events } = await response.json();
    expect(events.map(({ id: _id, ...event }: { id: string }) => event)).toEqual([
      { kind: 'file.uploaded', emailAddress: 'second@example.com', fileName: 'prices.pdf', createdAt: '2025-01-02T09:00:00.000Z' },
      { kind: 'account.initialized', emailAddress: 'first@example.com', fileName: null, createdAt: '2025-01-01T10:05:00.000Z' },
      { kind: 'sync.finished', emailAddress: 'first@example.com', fileName: null, createdAt: '2025-01-01T10:04:00.000Z' },
      { kind: 'account.connected', emailAddress: 'first@example.com', fileName: null, createdAt: '2025-01-01T10:00:00.000Z' },
    ]);
  });

  it('keeps the feed to the latest events', async () => {
    const c = await t.signUpAndIn('overview-c@example.com');
    await db.insert(activityEvents).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: c.user.id,
        kind: 'account.connected',
        createdAt: new Date(Date.UTC(2025, 0, i + 1)),
      })),
    );
    const { events } = await (await t.request('/api/dashboard/activity', { cookie: c.cookie })).json();
    expect(events).toHaveLength(8);
    expect(events[0].createdAt).toBe('2025-01-12T00:00:00.000Z');
  });

  it('answers an empty overview to a new user and 401 when signed out', async () => {
    const fresh = await t.signUpAndIn('overview-d@example.com');
    expect(await (await t.request('/api/dashboard/stats', { cookie: fresh.cookie })).json()).toEqual({
      emailAccounts: 0,
      emailsProcessed: 0,
      knowledgeDocuments: 0,
      attachments: 0,
      draftsToReview: 0,
      draftsNeedingReview: 0,
    });
    expect(await (await t.request('/api/dashboard/activity', { cookie: fresh.cookie })).json()).toEqual({ events: [] });
    expect((await t.request('/api/dashboard/stats')).status).toBe(401);
    expect((await t.request('/api/dashboard/activity')).status).toBe(401);
  });
});
