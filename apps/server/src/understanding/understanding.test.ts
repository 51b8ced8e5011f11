import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTriage, emailUnderstanding, profiles, triageCorrections } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { storeIncomingQuestion } from '../test-support/drafting.ts';
import type { Understanding } from './engine/types.ts';
import { relearnTriage, understandAndTriage, understandStoredMail } from './service.ts';

// The understanding area on real PostgreSQL: what stored mail asks (incoming and sent), triage with
// reasons that name the ask, the user's corrections kept and learned, the names the user is greeted
// by learned from their mail, and what the Emails list shows of it.
const t = await createTestApp();
const alice = await t.signUpAndIn('alice@example.com');
const bob = await t.signUpAndIn('bob@example.com');
const { db } = t.deps;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const store = (accountId: string, fields: Parameters<typeof storeIncomingQuestion>[3] = {}) =>
  storeIncomingQuestion(db, alice.user.id, accountId, fields);
const triageRow = async (emailId: string) => (await db.select().from(emailTriage).where(eq(emailTriage.emailId, emailId)))[0];
const understandingRow = async (emailId: string) =>
  (await db.select().from(emailUnderstanding).where(eq(emailUnderstanding.emailId, emailId)))[0];

describe('stored mail is understood', () => {
  it('incoming mail: the ask, its deadline and the reason in words; sent mail: what it asks of its recipients', async () => {
    const address = 'alice+stored@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const incoming = await store(accountId, {
      recipientEmails: [address],
      bodyText: 'Hi Alice,\n\nCould you send me the signed supply agreement by Friday?\n\nThanks, Carol',
      receivedDate: daysAgo(1),
    });
    const sent = await store(accountId, {
      isOutgoing: true,
      senderEmail: address,
      senderName: 'Alice',
      recipientEmails: ['carol@client.test'],
      bodyText: 'Carol,\n\nCan you send me the updated price list?\n\nAlice',
      receivedDate: daysAgo(1),
    });
    await understandStoredMail(t.deps, { userId: alice.user.id, accountId, emailIds: [incoming, sent], source: 'sync' });
    const read = (await understandingRow(incoming))!.understanding as Understanding;
    expect(read.asks).toEqual([
      expect.objectContaining({
        type: 'action',
        verb: 'send',
        of: 'reader',
        thing: 'send the signed supply agreement',
        deadline: expect.objectContaining({ text: 'by Friday' }),
      }),
    ]);
    expect(await triageRow(incoming)).toMatchObject({
      needsReply: true,
      reasons: ['Asks you: send the signed supply agreement (by Friday)'],
    });
    expect((await triageRow(incoming))!.reviewReasons).toContain('About contract or legal terms: agreement');
    // Sent mail has no triage, but its asks are known (the waiting list reads them).
    expect(await triageRow(sent)).toBeUndefined();
    const mine = (await understandingRow(sent))!.understanding as Understanding;
    expect(mine.audience.kind).toBe('own');
    expect(mine.asks).toEqual([expect.objectContaining({ of: 'recipients', thing: 'send the updated price list' })]);
  });

  it("the initial download's mail older than 30 days is read when it is opened, not at once", async () => {
    const address = 'alice+initial@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const old = await store(accountId, { recipientEmails: [address], receivedDate: daysAgo(45) });
    await understandStoredMail(t.deps, { userId: alice.user.id, accountId, emailIds: [old], source: 'initial' });
    expect(await understandingRow(old)).toBeUndefined();
    const opened = await (await t.request(`/api/emails/${old}/draft`, { cookie: alice.cookie })).json();
    expect(opened.triage).toMatchObject({
      needsReply: true,
      asks: [expect.objectContaining({ thing: 'send the schedule for next week' })],
    });
    expect(await understandingRow(old)).toBeDefined();
  });

  it("the Emails list carries each triaged row's decision and the reason naming the ask", async () => {
    const address = 'alice+list@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const asked = await store(accountId, { recipientEmails: [address] });
    const cc = await store(accountId, {
      recipientEmails: ['dave@client.test'],
      ccEmails: [address],
      bodyText: 'Dave,\n\nCan you update the storage report before the meeting?\n\nCarol',
    });
    await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [asked, cc] });
    const { emails } = await (await t.request(`/api/emails?accountId=${accountId}`, { cookie: alice.cookie })).json();
    const byId = new Map(emails.map((email: { id: string }) => [email.id, email]));
    expect(byId.get(asked)).toMatchObject({ triage: { needsReply: true, reason: 'Asks you: send the schedule for next week' } });
    expect(byId.get(cc)).toMatchObject({ triage: { needsReply: false, reason: 'Only in Cc; asks Dave' } });
  });
});

describe("the user's corrections", () => {
  it('are kept and shown, survive triage run again, and decide the next mail of that sender and kind', async () => {
    const address = 'alice+corrections@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const first = await store(accountId, { recipientEmails: [address], senderEmail: 'reports@vendor.test' });
    await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [first] });
    expect(await triageRow(first)).toMatchObject({ needsReply: true, corrected: false });

    const corrected = await t.request(`/api/emails/${first}/triage`, { method: 'POST', cookie: alice.cookie, json: { needsReply: false } });
    expect(corrected.status).toBe(200);
    const { triage } = await corrected.json();
    expect(triage).toMatchObject({ needsReply: false, corrected: true, asks: [] });
    expect(triage.reasons[0]).toBe('You marked this email as needing no reply');
    const [stored] = await db.select().from(triageCorrections).where(eq(triageCorrections.emailId, first));
    expect(stored).toMatchObject({ sender: 'reports@vendor.test', kind: 'request', needsReply: false });

    // Triage run again keeps the user's word.
    await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [first] });
    expect(await triageRow(first)).toMatchObject({ needsReply: false, corrected: true });

    // The next request from that sender: decided by the correction, and says so.
    const next = await store(accountId, { recipientEmails: [address], senderEmail: 'reports@vendor.test' });
    const [decision] = await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [next] });
    expect(decision).toMatchObject({ needsReply: false });
    expect(decision!.reasons[0]).toBe('You said such requests from this sender need no reply');
    // Another sender's request is not touched by it.
    const other = await store(accountId, { recipientEmails: [address], senderEmail: 'erin@client.test' });
    expect((await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [other] }))[0]).toMatchObject({ needsReply: true });
  });

  it('three corrections of one kind the same way decide that kind from any sender', async () => {
    const address = 'alice+kinds@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    for (const sender of ['a@x.test', 'b@y.test', 'c@z.test']) {
      const emailId = await store(accountId, { recipientEmails: [address], senderEmail: sender });
      await t.request(`/api/emails/${emailId}/triage`, { method: 'POST', cookie: alice.cookie, json: { needsReply: false } });
    }
    const fresh = await store(accountId, { recipientEmails: [address], senderEmail: 'd@w.test' });
    const [decision] = await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [fresh] });
    expect(decision).toMatchObject({ needsReply: false });
    expect(decision!.reasons[0]).toBe('You said requests like this need no reply');
  });

  it("answer 404 for another user's email and for mail the user sent, 400 for a body that is no decision", async () => {
    const address = 'alice+scope@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const emailId = await store(accountId, { recipientEmails: [address] });
    const sent = await store(accountId, { isOutgoing: true, senderEmail: address, recipientEmails: ['carol@client.test'] });
    const post = (id: string, json: unknown, cookie = alice.cookie) =>
      t.request(`/api/emails/${id}/triage`, { method: 'POST', cookie, json });
    expect((await post(emailId, { needsReply: true }, bob.cookie)).status).toBe(404);
    expect((await post(sent, { needsReply: true })).status).toBe(404);
    expect((await post(emailId, { needsReply: 'yes' })).status).toBe(400);
    expect((await post(emailId, {})).status).toBe(400);
    expect(
      await db
        .select()
        .from(triageCorrections)
        .where(and(eq(triageCorrections.emailId, emailId))),
    ).toEqual([]);
  });
});

describe('what is known of the user', () => {
  it('the names mail written to the user alone greets them by: "Jim," asks the user once learned', async () => {
    const address = 'james.steffes@pipeline.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    await db.update(profiles).set({ firstName: 'James', lastName: 'Steffes' }).where(eq(profiles.userId, alice.user.id));
    for (let i = 0; i < 3; i++)
      await store(accountId, {
        recipientEmails: [address],
        bodyText: 'Jim,\n\nThe report is attached.\n\nLorraine',
        receivedDate: daysAgo(10 + i),
      });
    // To Jim and Steve, asking Jim by a name no rule knows for James: someone else until it is learned.
    const group = await store(accountId, {
      recipientEmails: [address, 'steve@pipeline.test'],
      bodyText: 'Jim, can you send the capacity numbers today?\n\nLorraine',
      receivedDate: daysAgo(1),
    });
    const [before] = await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [group] });
    expect(before).toMatchObject({ needsReply: false, reasons: ['Asks Jim, not you'] });
    await relearnTriage({ db, userId: alice.user.id, accountId });
    const [after] = await understandAndTriage({ db, userId: alice.user.id, accountId, emailIds: [group] });
    expect(after).toMatchObject({ needsReply: true, reasons: ['Asks you: send the capacity numbers (today)'] });
  });
});
