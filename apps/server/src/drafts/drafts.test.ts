import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexEmailsForSearch } from '../mail/search-index.ts';
import { type MailWatcher, startNewMailWatcher } from '../mail/service.ts';
import { draftFeedback, type emails, emailTriage } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { type DovecotServer, startDovecot } from '../test-support/dovecot.ts';
import {
  addInitializedImapAccount,
  appendToInbox,
  draftOfEmail,
  emailIdByMessageId,
  newsletterMail,
  personalMail,
  storeIncomingQuestion,
  triageOfEmail,
  waitFor,
} from '../test-support/drafting.ts';
import { understandAndTriage as triageEmails, understandStoredMail } from '../understanding/service.ts';
import { gatherComposeInput } from './gather.ts';
import { upsertPendingDraft } from './repo.ts';
import { composeDraftForEmail, draftTriagedMail } from './service.ts';

// Drafting end to end on real PostgreSQL and a real Dovecot: new mail noticed by the watcher, stored
// by the sync, triaged by the mail-stored subscriber and drafted by the drafting job; then the
// queue's routes, its transitions and the drafting settings.
const dovecot: DovecotServer = await startDovecot();
const ca = fs.readFileSync(dovecot.caFile, 'utf8');
const t = await createTestApp({ ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { workers: true, imapCa: ca });
// Alice: the mail of these tests greets her ("Hi Alice"); a mail greeting someone else asks them, not her.
const alice = await t.signUpAndIn('alice@example.com', undefined, { firstName: 'Alice', lastName: 'Example' });
const bob = await t.signUpAndIn('bob@example.com');
const { db } = t.deps;
let watcher: MailWatcher | undefined;

afterAll(async () => {
  await watcher?.stop();
  await dovecot.stop();
});

const OWNER = 'alice@penman.test';

const _daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** An incoming email of a bare account of `userId`, stored directly (no mailbox behind it). */
const storeEmail = (userId: string, accountId: string, fields: Partial<typeof emails.$inferInsert> = {}) =>
  storeIncomingQuestion(db, userId, accountId, fields);

describe('new mail on IMAP gets a triage decision and a draft', () => {
  let accountId: string;

  beforeAll(async () => {
    accountId = await addInitializedImapAccount(t.deps, dovecot, {
      userId: alice.user.id,
      mailUser: 'alice',
      emailAddress: OWNER,
      seed: [personalMail({ from: 'dave@client.test', to: OWNER, subject: 'Hello', body: 'Hi!', messageId: 'seed-1@client.test' })],
    });
    watcher = startNewMailWatcher(t.deps, {
      maxImapConnections: 5,
      backoff: { baseMs: 100, maxMs: 1_000 },
      stableMs: 0,
      coalesceMs: 100,
      refreshMs: 60_000,
    });
    await waitFor(
      'the IDLE connection',
      () => watcher!.open().imap,
      (ids) => ids.includes(accountId),
    );
  });

  it('a message APPENDed to INBOX is triaged (needs a reply) and gets a pending draft, told to open tabs', async () => {
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const unsubscribe = t.deps.realtime.subscribe(alice.user.id, (event) => events.push(event));
    await appendToInbox(
      dovecot,
      'alice',
      personalMail({
        from: 'Carol Client <carol@client.test>',
        to: OWNER,
        subject: 'Meeting next week',
        body: 'Hi Alice,\n\nCan we meet on Tuesday to go over the plan?\n\nCarol',
        messageId: 'new-1@client.test',
      }),
    );
    const emailId = await waitFor('the message stored', () => emailIdByMessageId(t.deps, accountId, 'new-1@client.test'), Boolean);
    const draft = await waitFor('its draft', () => draftOfEmail(t.deps, emailId!), Boolean);
    expect(draft).toMatchObject({ status: 'pending', mode: 'full', emailAccountId: accountId, userId: alice.user.id });
    expect(draft!.body.length).toBeGreaterThan(0);
    expect(draft!.subject).toBe('Re: Meeting next week');
    const triage = await triageOfEmail(t.deps, emailId!);
    expect(triage).toMatchObject({ needsReply: true, userId: alice.user.id });
    expect(triage!.reasons.length).toBeGreaterThan(0);
    // What the mail asks, named in the reason and shown with the draft.
    expect(triage!.reasons[0]).toBe('Asks you: whether we can meet on Tuesday to go over the plan');
    expect(draft!.reasons).toContain('Asks you: whether we can meet on Tuesday to go over the plan');
    // (The initial download's recent mail is drafted too: its event may come first.)
    const created = await waitFor(
      'the draft.created event',
      () => events.filter((event) => event.type === 'draft.created' && event.data.draftId === draft!.id),
      (found) => found.length > 0,
    );
    expect(created[0]!.data).toEqual({ draftId: draft!.id, emailAccountId: accountId, status: 'pending' });
    await t.request(`/api/drafts/${draft!.id}/approve`, { method: 'POST', cookie: alice.cookie });
    await waitFor(
      'the draft.updated event',
      () => events.filter((event) => event.type === 'draft.updated').map((event) => event.data),
      (updated) => updated.some((data) => data.draftId === draft!.id && data.status === 'approved'),
    );
    unsubscribe();
  });

  it('a newsletter (List-Id) is triaged as needing no reply and gets no draft', async () => {
    await appendToInbox(dovecot, 'alice', newsletterMail({ to: OWNER, messageId: 'news-1@lists.example.org' }));
    // A person's mail after it: once its draft exists, the newsletter's batch was long handled.
    await appendToInbox(
      dovecot,
      'alice',
      personalMail({ from: 'carol@client.test', to: OWNER, subject: 'One more', body: 'And the budget?', messageId: 'new-2@client.test' }),
    );
    const newsId = await waitFor('the newsletter stored', () => emailIdByMessageId(t.deps, accountId, 'news-1@lists.example.org'), Boolean);
    const personalId = await waitFor(
      'the second message stored',
      () => emailIdByMessageId(t.deps, accountId, 'new-2@client.test'),
      Boolean,
    );
    await waitFor("the second message's draft", () => draftOfEmail(t.deps, personalId!), Boolean);
    const triage = await waitFor("the newsletter's triage", () => triageOfEmail(t.deps, newsId!), Boolean);
    expect(triage).toMatchObject({ needsReply: false });
    expect(triage!.reasons).toEqual(['Sent to a mailing list (List-Id)']);
    expect(await draftOfEmail(t.deps, newsId!)).toBeUndefined();
  });
});

describe('the mail-stored subscriber', () => {
  it('skips training downloads and outgoing mail, and drafts from the initial download only the last two days', async () => {
    const address = 'alice+stored@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    // Not flagged yet: a training download flags its mail after storing it.
    const training = await storeEmail(alice.user.id, accountId, { recipientEmails: [address] });
    const outgoing = await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      senderEmail: address,
      recipientEmails: ['carol@client.test'],
    });
    const old = await storeEmail(alice.user.id, accountId, {
      recipientEmails: [address],
      receivedDate: new Date(Date.now() - 5 * 86_400_000),
    });
    const recent = await storeEmail(alice.user.id, accountId, {
      recipientEmails: [address],
      receivedDate: new Date(Date.now() - 3_600_000),
    });
    const payload = { userId: alice.user.id, accountId };
    await understandStoredMail(t.deps, { ...payload, emailIds: [training], source: 'training' });
    expect(await triageOfEmail(t.deps, training)).toBeUndefined();
    await understandStoredMail(t.deps, { ...payload, emailIds: [outgoing, old, recent], source: 'initial' });
    expect(await triageOfEmail(t.deps, outgoing)).toBeUndefined();
    expect(await triageOfEmail(t.deps, old)).toMatchObject({ needsReply: true });
    await waitFor('the recent email drafted', () => draftOfEmail(t.deps, recent), Boolean);
    expect(await draftOfEmail(t.deps, old)).toBeUndefined();
    // Drafting follows triage's event: the initial download's older mail gets none, newer mail does.
    await draftTriagedMail(t.deps, { ...payload, emailIds: [old], source: 'initial' });
    expect(await draftOfEmail(t.deps, old)).toBeUndefined();
  });
});

describe('triage and drafting are idempotent per email', () => {
  it('triage run twice keeps one decision; drafting twice keeps one draft, and never overwrites a decided one', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+idem@penman.test');
    const emailId = await storeEmail(alice.user.id, accountId, { recipientEmails: ['alice+idem@penman.test'] });
    const scope = { db, userId: alice.user.id, accountId };
    await triageEmails({ ...scope, emailIds: [emailId] });
    await triageEmails({ ...scope, emailIds: [emailId] });
    expect(await db.select().from(emailTriage).where(eq(emailTriage.emailId, emailId))).toHaveLength(1);
    const first = await composeDraftForEmail({ db, userId: alice.user.id, emailId });
    const second = await composeDraftForEmail({ db, userId: alice.user.id, emailId });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ draftId: first.draftId, created: false, decided: false });
    await t.request(`/api/drafts/${first.draftId}/reject`, { method: 'POST', cookie: alice.cookie });
    const third = await composeDraftForEmail({ db, userId: alice.user.id, emailId });
    expect(third).toMatchObject({ draftId: first.draftId, status: 'rejected', decided: true });
    // A drafting job that gathered before the decision and stores after it: the decision stands.
    const late = await upsertPendingDraft(
      db,
      { userId: alice.user.id, emailAccountId: accountId, emailId },
      {
        mode: 'full',
        subject: 'Re: late',
        body: 'Written too late',
        suggestedAttachments: [],
        needsReview: false,
        reviewReasons: [],
        engine: 'builtin',
        generationMs: 1,
        styleScore: null,
        confidence: 0.5,
        reasons: [],
        usedSources: [],
        language: null,
      },
    );
    expect(late).toBeUndefined();
    const kept = await draftOfEmail(t.deps, emailId);
    expect(kept!.status).toBe('rejected');
    expect(kept!.body).not.toBe('Written too late');
  });
});

describe('the review queue', () => {
  let accountId: string;
  const address = 'alice+queue@penman.test';
  const draftOf = async (fields: Partial<typeof emails.$inferInsert> = {}) => {
    const emailId = await storeEmail(alice.user.id, accountId, { recipientEmails: [address], ...fields });
    const response = await t.request(`/api/emails/${emailId}/draft`, { method: 'POST', cookie: alice.cookie });
    expect(response.status).toBe(200);
    return { emailId, draft: (await response.json()).draft };
  };
  const post = (path: string, json?: unknown, cookie = alice.cookie) =>
    t.request(path, { method: 'POST', cookie, ...(json === undefined ? {} : { json }) });

  beforeAll(async () => {
    accountId = await t.insertEmailAccount(alice.user.id, address);
  });

  it('approve: a full response becomes approved, with its time and a feedback row; a second approve is 409', async () => {
    const { draft } = await draftOf();
    expect(draft).toMatchObject({ status: 'pending', mode: 'full', decidedAt: null, originalBody: null });
    const approved = await post(`/api/drafts/${draft.id}/approve`);
    expect(approved.status).toBe(200);
    const body = (await approved.json()).draft;
    expect(body.status).toBe('approved');
    expect(body.decidedAt).not.toBeNull();
    const feedback = await db.select().from(draftFeedback).where(eq(draftFeedback.draftId, draft.id));
    expect(feedback).toMatchObject([{ action: 'approved', originalText: draft.body, finalText: draft.body }]);
    const again = await post(`/api/drafts/${draft.id}/approve`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/already approved/);
  });

  it('mode switches to Buy Time and stays pending; approving it ("Send Now") makes it buy_time', async () => {
    const { draft } = await draftOf();
    const switched = await post(`/api/drafts/${draft.id}/mode`, { mode: 'buy_time' });
    expect(switched.status).toBe(200);
    expect((await switched.json()).draft).toMatchObject({ id: draft.id, mode: 'buy_time', status: 'pending' });
    const sent = await post(`/api/drafts/${draft.id}/approve`);
    expect((await sent.json()).draft).toMatchObject({ status: 'buy_time' });
    const feedback = await db.select().from(draftFeedback).where(eq(draftFeedback.draftId, draft.id));
    expect(feedback.map((row) => row.action)).toEqual(['buy_time']);
  });

  it("edit keeps both texts: the body is the user's, originalBody Penman's, and the feedback row has both", async () => {
    const { draft } = await draftOf();
    const edited = await post(`/api/drafts/${draft.id}/edit`, { body: '  Tuesday works. See you then.  ', subject: 'Re: Tuesday' });
    expect(edited.status).toBe(200);
    expect((await edited.json()).draft).toMatchObject({
      status: 'edited',
      body: 'Tuesday works. See you then.',
      subject: 'Re: Tuesday',
      originalBody: draft.body,
    });
    const [feedback] = await db.select().from(draftFeedback).where(eq(draftFeedback.draftId, draft.id));
    expect(feedback).toMatchObject({ action: 'edited', originalText: draft.body, finalText: 'Tuesday works. See you then.' });
  });

  it('reject; then every action on the decided draft answers 409 and changes nothing', async () => {
    const { emailId, draft } = await draftOf();
    expect((await (await post(`/api/drafts/${draft.id}/reject`)).json()).draft.status).toBe('rejected');
    const attempts = [
      post(`/api/drafts/${draft.id}/approve`),
      post(`/api/drafts/${draft.id}/reject`),
      post(`/api/drafts/${draft.id}/edit`, { body: 'too late' }),
      post(`/api/drafts/${draft.id}/mode`, { mode: 'buy_time' }),
      t.request(`/api/drafts/${draft.id}/attachments`, { method: 'PUT', cookie: alice.cookie, json: { selectedIds: [] } }),
      post(`/api/emails/${emailId}/draft`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already rejected/) });
    }
    const after = (await (await t.request(`/api/drafts/${draft.id}`, { cookie: alice.cookie })).json()).draft;
    expect(after).toMatchObject({ status: 'rejected', body: draft.body, mode: 'full' });
  });

  it("the Emails view reads an email's draft and triage; an email never triaged is read when opened, mail the user sent has none", async () => {
    const { emailId, draft } = await draftOf();
    const response = await t.request(`/api/emails/${emailId}/draft`, { cookie: alice.cookie });
    const body = await response.json();
    expect(body.draft.id).toBe(draft.id);
    expect(body.triage).toMatchObject({ needsReply: true });
    const bare = await storeEmail(alice.user.id, accountId, { recipientEmails: [address] });
    expect(await triageOfEmail(t.deps, bare)).toBeUndefined();
    const opened = await (await t.request(`/api/emails/${bare}/draft`, { cookie: alice.cookie })).json();
    expect(opened).toMatchObject({
      draft: null,
      triage: {
        needsReply: true,
        corrected: false,
        kind: 'request',
        asks: [{ type: 'action', of: 'reader', thing: 'send the schedule for next week' }],
      },
    });
    expect(await triageOfEmail(t.deps, bare)).toMatchObject({ needsReply: true });
    const sent = await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      senderEmail: address,
      recipientEmails: ['carol@client.test'],
    });
    expect(await (await t.request(`/api/emails/${sent}/draft`, { cookie: alice.cookie })).json()).toEqual({ draft: null, triage: null });
  });

  it('attachments: only suggested files can be selected', async () => {
    const { draft } = await draftOf();
    const response = await t.request(`/api/drafts/${draft.id}/attachments`, {
      method: 'PUT',
      cookie: alice.cookie,
      json: { selectedIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toHaveProperty('selectedIds');
  });

  it('lists pending drafts newest first, pages with a cursor, filters, and counts them everywhere', async () => {
    const listAccount = await t.insertEmailAccount(alice.user.id, 'alice+list@penman.test');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const emailId = await storeEmail(alice.user.id, listAccount, { recipientEmails: ['alice+list@penman.test'] });
      ids.push((await composeDraftForEmail({ db, userId: alice.user.id, emailId })).draftId);
    }
    const first = await (await t.request(`/api/drafts?accountId=${listAccount}&limit=2`, { cookie: alice.cookie })).json();
    expect(first.total).toBe(3);
    expect(first.drafts.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.drafts[0].email).toMatchObject({ accountEmail: 'alice+list@penman.test', senderEmail: 'carol@client.test' });
    const second = await (
      await t.request(`/api/drafts?accountId=${listAccount}&limit=2&cursor=${first.nextCursor}`, { cookie: alice.cookie })
    ).json();
    expect(second.drafts.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    // The review filter splits the queue: each side holds only its own drafts, together all three.
    const unflagged = await (await t.request(`/api/drafts?accountId=${listAccount}&needsReview=false`, { cookie: alice.cookie })).json();
    const flagged = await (await t.request(`/api/drafts?accountId=${listAccount}&needsReview=true`, { cookie: alice.cookie })).json();
    expect(unflagged.drafts.every((d: { needsReview: boolean }) => !d.needsReview)).toBe(true);
    expect(flagged.drafts.every((d: { needsReview: boolean }) => d.needsReview)).toBe(true);
    expect(unflagged.total + flagged.total).toBe(3);
    const counts = await (await t.request('/api/drafts/counts', { cookie: alice.cookie })).json();
    const pending = await (await t.request('/api/drafts?limit=100', { cookie: alice.cookie })).json();
    expect(counts.pending).toBe(pending.total);
    expect(counts.needsReview).toBe(pending.drafts.filter((d: { needsReview: boolean }) => d.needsReview).length);
    const sidebar = await (await t.request('/api/dashboard/sidebar-counts', { cookie: alice.cookie })).json();
    expect(sidebar.draftsToReview).toBe(counts.pending);
    const stats = await (await t.request('/api/dashboard/stats', { cookie: alice.cookie })).json();
    expect(stats).toMatchObject({ draftsToReview: counts.pending, draftsNeedingReview: counts.needsReview });
    const bad = await t.request('/api/drafts?cursor=nonsense', { cookie: alice.cookie });
    expect(bad.status).toBe(400);
  });

  it("another user's draft, email and settings are 404, and never in their lists or counts", async () => {
    const { emailId, draft } = await draftOf();
    for (const response of await Promise.all([
      t.request(`/api/drafts/${draft.id}`, { cookie: bob.cookie }),
      post(`/api/drafts/${draft.id}/approve`, undefined, bob.cookie),
      post(`/api/drafts/${draft.id}/edit`, { body: 'mine now' }, bob.cookie),
      post(`/api/emails/${emailId}/draft`, undefined, bob.cookie),
      t.request(`/api/emails/${emailId}/draft`, { cookie: bob.cookie }),
      t.request(`/api/accounts/${accountId}/drafting-settings`, { cookie: bob.cookie }),
    ]))
      expect(response.status).toBe(404);
    expect((await (await t.request('/api/drafts', { cookie: bob.cookie })).json()).total).toBe(0);
    expect(await (await t.request('/api/drafts/counts', { cookie: bob.cookie })).json()).toEqual({
      pending: 0,
      needsReview: 0,
      paused: [],
    });
    const [row] = await db
      .select()
      .from(draftFeedback)
      .where(and(eq(draftFeedback.draftId, draft.id)));
    expect(row).toBeUndefined();
  });
});

describe('drafting settings', () => {
  it('defaults, saves a change, and refuses invalid input', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+settings@penman.test');
    const path = `/api/accounts/${accountId}/drafting-settings`;
    const initial = await (await t.request(path, { cookie: alice.cookie })).json();
    expect(initial).toEqual({
      settings: {
        enabled: true,
        defaultMode: 'full',
        buyTimeHours: 24,
        reviewWords: [],
        reviewSenders: [],
        ignoredSenders: [],
        engine: 'builtin',
      },
      llmAvailable: false,
      llmModel: null,
      pause: null,
    });
    const saved = await t.request(path, {
      method: 'PATCH',
      cookie: alice.cookie,
      json: { defaultMode: 'buy_time', buyTimeHours: 48, reviewWords: [' refund ', 'Refund', 'invoice'] },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings).toMatchObject({
      defaultMode: 'buy_time',
      buyTimeHours: 48,
      reviewWords: ['refund', 'invoice'],
      enabled: true,
    });
    const invalid = [
      { buyTimeHours: 0 },
      { buyTimeHours: 24 * 15 },
      { defaultMode: 'later' },
      { engine: 'llm' },
      { reviewWords: ['ok\u0000'] },
      { reviewSenders: Array.from({ length: 201 }, (_, i) => `s${i}@x.test`) },
      { ignoredSenders: [''] },
    ];
    for (const json of invalid) {
      const response = await t.request(path, { method: 'PATCH', cookie: alice.cookie, json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect((await (await t.request(path, { cookie: alice.cookie })).json()).settings.buyTimeHours).toBe(48);
  });

  it("the account's review rules and ignored senders steer triage; a new draft takes the default mode", async () => {
    const address = 'alice+rules@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const path = `/api/accounts/${accountId}/drafting-settings`;
    await t.request(path, {
      method: 'PATCH',
      cookie: alice.cookie,
      json: { reviewWords: ['schedule'], ignoredSenders: ['spam.test'], defaultMode: 'buy_time' },
    });
    const ruled = await storeEmail(alice.user.id, accountId, { recipientEmails: [address] });
    const ignored = await storeEmail(alice.user.id, accountId, { recipientEmails: [address], senderEmail: 'x@mail.spam.test' });
    await triageEmails({ db, userId: alice.user.id, accountId, emailIds: [ruled, ignored] });
    expect((await triageOfEmail(t.deps, ruled))!.reviewReasons).toContain('Matches your review rule "schedule"');
    expect(await triageOfEmail(t.deps, ignored)).toMatchObject({ needsReply: false, reasons: ['From a sender you ignore'] });
    const { draftId } = await composeDraftForEmail({ db, userId: alice.user.id, emailId: ruled });
    expect((await draftOfEmail(t.deps, ruled))!).toMatchObject({ id: draftId, mode: 'buy_time', needsReview: true });
  });
});

describe('what drafting gathers', () => {
  it("finds the user's past replies: by thread headers, and by a Re: of the subject for mail without them", async () => {
    const address = 'alice+gather@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.UTC(2025, 2, 1) + days * day);
    // Carol's earlier question and Alice's reply naming it (In-Reply-To, same thread).
    await storeEmail(alice.user.id, accountId, {
      messageId: 'carol-old@client.test',
      messageKey: 'carol-old@client.test',
      threadId: 'carol-old@client.test',
      subject: 'Invoice for March',
      recipientEmails: [address],
      bodyText: 'Hi Alice, where is the invoice for March?',
      receivedDate: at(0),
    });
    await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      messageId: 'alice-re-carol@penman.test',
      messageKey: 'alice-re-carol@penman.test',
      inReplyTo: 'carol-old@client.test',
      threadId: 'carol-old@client.test',
      subject: 'Re: Invoice for March',
      senderEmail: address,
      recipientEmails: ['carol@client.test'],
      bodyText: 'Hi Carol, it went out on Monday.\n\n> where is the invoice',
      receivedDate: at(1),
    });
    // Dave's mail and Alice's answer with no threading headers (Lotus Notes): a Re: of the subject.
    await storeEmail(alice.user.id, accountId, {
      messageId: 'dave-old@partner.test',
      messageKey: 'dave-old@partner.test',
      threadId: 'dave-old@partner.test',
      subject: 'Pipeline maintenance window',
      senderEmail: 'dave@partner.test',
      recipientEmails: [address],
      bodyText: 'Alice, the pipeline maintenance window moves to Thursday. Does that suit your traders?',
      receivedDate: at(2),
    });
    await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      messageId: null,
      messageKey: 'sha256:alice-re-dave',
      threadId: 'sha256:alice-re-dave',
      subject: 'RE: Pipeline maintenance window',
      senderEmail: address,
      recipientEmails: ['dave@partner.test'],
      bodyText: 'Thursday suits us. Thanks for the notice.',
      receivedDate: at(3),
    });
    // Filler, so the maintenance words are rare in the account.
    for (let i = 0; i < 5; i++)
      await storeEmail(alice.user.id, accountId, { subject: `Lunch ${i}`, senderEmail: `friend${i}@x.test`, recipientEmails: [address] });
    await indexEmailsForSearch(db);

    const fromCarol = await storeEmail(alice.user.id, accountId, {
      subject: 'Invoice for April',
      recipientEmails: [address],
      bodyText: 'And the invoice for April?',
      receivedDate: at(30),
    });
    const carol = await gatherComposeInput({ db, userId: alice.user.id, emailId: fromCarol, mode: 'full', buyTimeHours: 24, now: at(30) });
    expect(carol.input.pastReplies[0]).toMatchObject({
      sameSender: true,
      incoming: { subject: 'Invoice for March', from: 'carol@client.test' },
      reply: { subject: 'Re: Invoice for March', text: 'Hi Carol, it went out on Monday.\n' },
    });
    expect(carol.input.owner.addresses).toEqual([address]);

    const fromErin = await storeEmail(alice.user.id, accountId, {
      subject: 'Maintenance window',
      senderEmail: 'erin@partner.test',
      recipientEmails: [address],
      bodyText: 'Is the pipeline maintenance window still on Thursday?',
      receivedDate: at(31),
    });
    const erin = await gatherComposeInput({
      db,
      userId: alice.user.id,
      emailId: fromErin,
      mode: 'buy_time',
      buyTimeHours: 48,
      now: at(31),
    });
    expect(erin.input.pastReplies.map((pair) => [pair.sameSender, pair.incoming.from, pair.reply.text])).toEqual([
      [false, 'dave@partner.test', 'Thursday suits us. Thanks for the notice.'],
    ]);
    expect(erin.input).toMatchObject({ mode: 'buy_time', buyTimeHours: 48, email: { subject: 'Maintenance window' } });
  });
});
