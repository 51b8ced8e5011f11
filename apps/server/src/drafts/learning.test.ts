import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { indexEmailsForSearch } from '../mail/search-index.ts';
import { draftFeedback, draftingSettings, drafts, emails } from '../platform/db/schema/index.ts';
import { analyzeCommunicationStyle, refreshStyleFromSentMail } from '../style/service.ts';
import { createTestApp } from '../test-support/app.ts';
import { storeIncomingQuestion } from '../test-support/drafting.ts';
import { understandAndTriage } from '../understanding/service.ts';
import { gatherComposeInput } from './gather.ts';
import { upsertPendingDraft } from './repo.ts';
import { composeDraftForEmail, draftTriagedMail, learnFromOwnReplies } from './service.ts';

// Learning from what the user does (issue 20) on real PostgreSQL: decisions and own replies become
// feedback rows with their comparison, durable patterns become the account's drafting memory
// (listed, deletable, handed to the engines), and auto-drafting pauses itself when drafts go unused.
const t = await createTestApp();
// Alice: the mail of these tests greets her ("Hi Alice"); a mail greeting someone else asks them, not her.
const alice = await t.signUpAndIn('alice-learning@example.com', undefined, { firstName: 'Alice', lastName: 'Learning' });
const bob = await t.signUpAndIn('bob-learning@example.com');
const { db } = t.deps;

const storeEmail = (userId: string, accountId: string, fields: Partial<typeof emails.$inferInsert> = {}) =>
  storeIncomingQuestion(db, userId, accountId, fields);

/** A pending draft with Penman's `body` for a new email of the account. */
async function pendingDraft(
  userId: string,
  accountId: string,
  body: string,
  email: Partial<typeof emails.$inferInsert> = {},
  usedSources: (typeof drafts.$inferSelect)['usedSources'] = [],
) {
  const emailId = await storeEmail(userId, accountId, email);
  const draft = await upsertPendingDraft(
    db,
    { userId, emailAccountId: accountId, emailId },
    {
      mode: 'full',
      subject: 'Re: Question',
      body,
      suggestedAttachments: [],
      needsReview: false,
      reviewReasons: [],
      engine: 'builtin',
      generationMs: 1,
      styleScore: null,
      confidence: 0.8,
      reasons: [],
      usedSources,
      language: 'en',
    },
  );
  return { emailId, draftId: draft!.id };
}

const memoryOf = async (accountId: string, cookie = alice.cookie) => {
  const response = await t.request(`/api/accounts/${accountId}/drafting-memory`, { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { id: string; kind: string; description: string; evidence: number }[] }).items;
};

const PENMAN = 'Hi Carol,\n\nThe schedule is attached. Please do not hesitate to contact me with any questions.\n\nBest regards,\nAlice';
const EDITED = 'Hi Carol,\n\nThe schedule is attached.\n\nBest regards,\nAlice';

describe('edits become the drafting memory', () => {
  it('a phrase cut from three drafts is avoided: listed in words, handed to the engines, deletable for good', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+phrases@penman.test');
    for (let i = 0; i < 2; i++) {
      const { draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, { senderEmail: `client${i}@client.test` });
      const edit = await t.request(`/api/drafts/${draftId}/edit`, { method: 'POST', cookie: alice.cookie, json: { body: EDITED } });
      expect(edit.status).toBe(200);
    }
    // Two drafts are one user's two mails, not yet a habit.
    expect((await memoryOf(accountId)).filter((item) => item.kind === 'avoid_phrase')).toEqual([]);
    const { draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, { senderEmail: 'client2@client.test' });
    await t.request(`/api/drafts/${draftId}/edit`, { method: 'POST', cookie: alice.cookie, json: { body: EDITED } });

    // The feedback rows carry the comparison.
    const feedback = await db.select().from(draftFeedback).where(eq(draftFeedback.draftId, draftId));
    expect(feedback).toMatchObject([{ action: 'edited', verdict: 'lightly_edited' }]);
    expect(feedback[0]!.similarity).toBeGreaterThan(0.6);

    const avoided = (await memoryOf(accountId)).filter((item) => item.kind === 'avoid_phrase');
    expect(avoided).toHaveLength(1);
    expect(avoided[0]!.description).toMatch(/^Avoids '.*(hesitate|questions).*'$/);
    expect(avoided[0]!.evidence).toBe(3);

    // The next draft's input carries it; post-processing drops the sentence.
    const next = await storeEmail(alice.user.id, accountId);
    const { input } = await gatherComposeInput({
      db,
      userId: alice.user.id,
      emailId: next,
      mode: 'full',
      buyTimeHours: 24,
      now: new Date(),
    });
    expect(input.memory?.map((item) => item.kind)).toContain('avoid_phrase');

    // Another user cannot delete it; the owner can, and it is neither applied nor learnt again.
    const path = `/api/accounts/${accountId}/drafting-memory/${avoided[0]!.id}`;
    expect((await t.request(path, { method: 'DELETE', cookie: bob.cookie })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', cookie: alice.cookie })).status).toBe(204);
    expect((await t.request(path, { method: 'DELETE', cookie: alice.cookie })).status).toBe(404);
    const again = await pendingDraft(alice.user.id, accountId, PENMAN, { senderEmail: 'client3@client.test' });
    await t.request(`/api/drafts/${again.draftId}/edit`, { method: 'POST', cookie: alice.cookie, json: { body: EDITED } });
    expect((await memoryOf(accountId)).filter((item) => item.kind === 'avoid_phrase')).toEqual([]);
    const { input: after } = await gatherComposeInput({
      db,
      userId: alice.user.id,
      emailId: next,
      mode: 'full',
      buyTimeHours: 24,
      now: new Date(),
    });
    expect(after.memory?.filter((item) => item.kind === 'avoid_phrase')).toEqual([]);
  });

  it("the greeting the user gave a contact twice wins over the profile's; a draft to them is written with it", async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+greeting@penman.test');
    for (let i = 0; i < 2; i++) {
      const { draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, {
        senderEmail: 'jane@partner.test',
        senderName: 'Jane Doe',
      });
      await t.request(`/api/drafts/${draftId}/edit`, {
        method: 'POST',
        cookie: alice.cookie,
        json: { body: PENMAN.replace('Hi Carol,', 'Dear Jane,') },
      });
    }
    const items = await memoryOf(accountId);
    expect(items.map((item) => item.description)).toContain("Greets jane@partner.test with 'Dear Jane,'");
    const emailId = await storeEmail(alice.user.id, accountId, { senderEmail: 'jane@partner.test', senderName: 'Jane Doe' });
    const outcome = await composeDraftForEmail({ db, userId: alice.user.id, emailId });
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, outcome.draftId));
    expect(draft!.body.startsWith('Dear Jane,\n')).toBe(true);
    expect(draft!.reasons.join(' ')).toContain('how you greet this sender');
  });

  it('two rejected drafts to a sender make the next one less confident and flagged for review', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+reject@penman.test');
    const before = await composeDraftForEmail({
      db,
      userId: alice.user.id,
      emailId: await storeEmail(alice.user.id, accountId, { senderEmail: 'pushy@vendor.test' }),
    });
    const [first] = await db.select().from(drafts).where(eq(drafts.id, before.draftId));
    for (let i = 0; i < 2; i++) {
      const { draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, { senderEmail: 'pushy@vendor.test' });
      expect((await t.request(`/api/drafts/${draftId}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    }
    expect((await memoryOf(accountId)).map((item) => item.description)).toContain(
      'Is less sure of drafts to pushy@vendor.test: you rejected the last ones',
    );
    const outcome = await composeDraftForEmail({
      db,
      userId: alice.user.id,
      emailId: await storeEmail(alice.user.id, accountId, { senderEmail: 'pushy@vendor.test' }),
    });
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, outcome.draftId));
    expect(draft!.confidence).toBeCloseTo(first!.confidence / 2, 5);
    expect(draft!.needsReview).toBe(true);
    expect(draft!.reviewReasons).toContain('You rejected the last drafts to this sender');
  });
});

describe('past replies whose drafts the user keeps rejecting', () => {
  it('two rejected drafts adapted from one past reply: it is listed, deletable, and the next draft never reuses a reply to another ask', async () => {
    const address = 'alice+sources@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const at = (days: number) => new Date(Date.UTC(2025, 3, 1) + days * 86_400_000);
    /** Carol's earlier mail and Alice's reply in its thread: a past reply drafting may adapt. */
    const pastPair = async (key: string, subject: string, question: string, answer: string, days: number) => {
      await storeEmail(alice.user.id, accountId, {
        messageId: `${key}@client.test`,
        messageKey: `${key}@client.test`,
        threadId: `${key}@client.test`,
        subject,
        recipientEmails: [address],
        bodyText: `Hi Alice,\n\n${question}\n\nThanks, Carol`,
        receivedDate: at(days),
      });
      return storeEmail(alice.user.id, accountId, {
        isOutgoing: true,
        messageId: `${key}-re@penman.test`,
        messageKey: `${key}-re@penman.test`,
        inReplyTo: `${key}@client.test`,
        threadId: `${key}@client.test`,
        subject: `Re: ${subject}`,
        senderEmail: address,
        recipientEmails: ['carol@client.test'],
        bodyText: `Hi Carol,\n\n${answer}\n\nAlice`,
        receivedDate: at(days + 1),
      });
    };
    const closest = await pastPair(
      'schedule-old',
      'Schedule for the week',
      'Could you send me the schedule for this week?',
      'Sure, it is on its way.',
      0,
    );
    const other = await pastPair(
      'budget-old',
      'Budget',
      'Could you look at the budget when you have a moment?',
      'Happy to help, I will look into it.',
      3,
    );
    await indexEmailsForSearch(db);
    const draftFor = async () => {
      const emailId = await storeEmail(alice.user.id, accountId, { recipientEmails: [address], receivedDate: at(30) });
      const { draftId } = await composeDraftForEmail({ db, userId: alice.user.id, emailId });
      const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
      return draft!;
    };
    const adaptedFrom = (draft: typeof drafts.$inferSelect) =>
      draft.usedSources.flatMap((source) => (source.kind === 'past_reply' ? [source.replyEmailId] : []));

    // Two questions like the old one, each drafted from the closest past reply, each rejected.
    for (let i = 0; i < 2; i++) {
      const draft = await draftFor();
      expect(adaptedFrom(draft)).toEqual([closest]);
      expect(draft.body).toContain('Sure, it is on its way.');
      expect((await t.request(`/api/drafts/${draft.id}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
      const sources = (await memoryOf(accountId)).filter((item) => item.kind === 'avoid_source');
      expect(sources).toHaveLength(i);
    }
    const [item] = (await memoryOf(accountId)).filter((item) => item.kind === 'avoid_source');
    expect(item).toMatchObject({ evidence: 2, description: "Does not reuse your reply 'Re: Schedule for the week' of Apr 2, 2025" });
    // The id is stored, never shown: the queue's sources carry none.
    const third = await draftFor();
    // The budget reply answered another ask: it is never reused (issue 32). Alice took on both of
    // Carol's asks before, so the draft takes this one on by name instead.
    expect(adaptedFrom(third)).toEqual([]);
    expect(third.plan).toBe('accept');
    expect(third.body).not.toContain('Happy to help, I will look into it.');
    expect(third.body).toContain('send you the schedule for next week');
    expect(third.reasons).toContain(
      'Left out your reply to "Schedule for the week" on 2025-04-02: you rejected or rewrote the drafts adapted from it',
    );
    const shown = (await (await t.request(`/api/drafts/${third.id}`, { cookie: alice.cookie })).json()) as { draft: { sources: object[] } };
    expect(shown.draft.sources).toEqual([]);
    expect(JSON.stringify(shown)).not.toContain(other);
    expect(JSON.stringify(shown)).not.toContain(closest);

    // Deleted, it is used again and stays dismissed when learning runs again.
    expect(
      (await t.request(`/api/accounts/${accountId}/drafting-memory/${item!.id}`, { method: 'DELETE', cookie: alice.cookie })).status,
    ).toBe(204);
    expect((await t.request(`/api/drafts/${third.id}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    expect((await memoryOf(accountId)).filter((entry) => entry.kind === 'avoid_source')).toEqual([]);
    expect(adaptedFrom(await draftFor())).toEqual([closest]);
  });
});

describe('past replies whose drafts the user rewrites', () => {
  it('two drafts from one past reply edited into other text count; the same text arriving as own replies by sync does not', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+rewrites@penman.test');
    const pastReply = await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      subject: 'Re: Schedule',
      receivedDate: new Date('2025-05-06T10:00:00Z'),
    });
    const source = {
      kind: 'past_reply' as const,
      replyEmailId: pastReply,
      subject: 'Re: Schedule',
      date: null,
      excerpt: 'The schedule is attached.',
    };
    const REWRITTEN = 'Hi Carol,\n\nI am away until Friday; Tom will answer you about the planning.\n\nAlice';
    const sourcesLearnt = async () => (await memoryOf(accountId)).filter((item) => item.kind === 'avoid_source');
    for (let i = 0; i < 2; i++) {
      const { emailId } = await pendingDraft(alice.user.id, accountId, PENMAN, {}, [source]);
      const [incoming] = await db.select({ messageId: emails.messageId }).from(emails).where(eq(emails.id, emailId));
      const reply = await storeEmail(alice.user.id, accountId, { isOutgoing: true, inReplyTo: incoming!.messageId, bodyText: REWRITTEN });
      expect(await learnFromOwnReplies({ db }, { userId: alice.user.id, accountId, emailIds: [reply], source: 'sync' })).toEqual({
        recorded: 1,
      });
    }
    // The user may have written those without a look at the drafts.
    expect(await sourcesLearnt()).toEqual([]);
    const edited: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, {}, [source]);
      const edit = await t.request(`/api/drafts/${draftId}/edit`, { method: 'POST', cookie: alice.cookie, json: { body: REWRITTEN } });
      expect(edit.status).toBe(200);
      edited.push(draftId);
    }
    const feedback = await db.select({ verdict: draftFeedback.verdict }).from(draftFeedback).where(inArray(draftFeedback.draftId, edited));
    expect(feedback).toEqual([{ verdict: 'rewritten' }, { verdict: 'rewritten' }]);
    expect(await sourcesLearnt()).toMatchObject([{ evidence: 2, description: "Does not reuse your reply 'Re: Schedule' of May 6, 2025" }]);
  });

  it('a draft rejected in the queue stays a rejection when the user then answers by their own reply', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+reject-then-reply@penman.test');
    const pastReply = await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      subject: 'Re: Plans',
      receivedDate: new Date('2025-06-01T12:00:00Z'),
    });
    const source = { kind: 'past_reply' as const, replyEmailId: pastReply, subject: 'Re: Plans', date: null, excerpt: 'Sounds good.' };
    for (let i = 0; i < 2; i++) {
      const { emailId, draftId } = await pendingDraft(alice.user.id, accountId, PENMAN, {}, [source]);
      expect((await t.request(`/api/drafts/${draftId}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
      const [incoming] = await db.select({ messageId: emails.messageId }).from(emails).where(eq(emails.id, emailId));
      const reply = await storeEmail(alice.user.id, accountId, {
        isOutgoing: true,
        inReplyTo: incoming!.messageId,
        bodyText: 'Hi Carol,\n\nI am away until Friday; Tom will answer you about the planning.\n\nAlice',
      });
      await learnFromOwnReplies({ db }, { userId: alice.user.id, accountId, emailIds: [reply], source: 'sync' });
    }
    expect((await memoryOf(accountId)).filter((item) => item.kind === 'avoid_source')).toMatchObject([
      { evidence: 2, description: "Does not reuse your reply 'Re: Plans' of Jun 1, 2025" },
    ]);
  });
});

describe("the user's own reply arriving by sync", () => {
  it('is recorded once per (draft, reply) as the final text, compared with the draft', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+own@penman.test');
    const { emailId, draftId } = await pendingDraft(alice.user.id, accountId, PENMAN);
    const [incoming] = await db.select({ messageId: emails.messageId }).from(emails).where(eq(emails.id, emailId));
    const replyId = await storeEmail(alice.user.id, accountId, {
      isOutgoing: true,
      senderEmail: 'alice+own@penman.test',
      inReplyTo: incoming!.messageId,
      references: ['older@client.test', incoming!.messageId!],
      bodyText: `${EDITED}\n\n-----Original Message-----\nFrom: Carol Client\nSent: Monday\n\nCould you send me the schedule?`,
    });
    // Unrelated outgoing mail and another user's payload record nothing.
    const unrelated = await storeEmail(alice.user.id, accountId, { isOutgoing: true, inReplyTo: 'nothing@client.test' });
    const payload = { userId: alice.user.id, accountId, emailIds: [replyId, unrelated], source: 'sync' as const };
    expect(await learnFromOwnReplies({ db }, payload)).toEqual({ recorded: 1 });
    expect(await learnFromOwnReplies({ db }, payload)).toEqual({ recorded: 0 });
    expect(await learnFromOwnReplies({ db }, { ...payload, userId: bob.user.id })).toEqual({ recorded: 0 });
    expect(await learnFromOwnReplies({ db }, { ...payload, source: 'training' })).toEqual({ recorded: 0 });
    const rows = await db
      .select()
      .from(draftFeedback)
      .where(and(eq(draftFeedback.draftId, draftId), eq(draftFeedback.action, 'own_reply')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sourceEmailId: replyId, originalText: PENMAN, verdict: 'lightly_edited' });
  });
});

describe('auto-drafting pauses itself', () => {
  /** Twenty drafts, rejected by the user unless `pending` (not seen yet). */
  async function twentyDrafts(accountId: string, { pending = false } = {}) {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await pendingDraft(alice.user.id, accountId, PENMAN)).draftId);
    if (!pending)
      for (const id of ids)
        expect((await t.request(`/api/drafts/${id}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    return ids;
  }
  const newMail = async (accountId: string, address: string) => {
    const emailId = await storeEmail(alice.user.id, accountId, {
      senderEmail: 'newcomer@client.test',
      senderName: 'New Comer',
      recipientEmails: [address],
    });
    const decisions = await understandAndTriage({ db: t.deps.db, userId: alice.user.id, accountId, emailIds: [emailId] });
    expect(decisions).toMatchObject([{ emailId, needsReply: true }]);
    await draftTriagedMail(t.deps, { userId: alice.user.id, accountId, emailIds: [emailId], source: 'sync' });
  };
  const settingsOf = async (accountId: string) =>
    (await (await t.request(`/api/accounts/${accountId}/drafting-settings`, { cookie: alice.cookie })).json()) as {
      settings: { enabled: boolean };
      pause: { pausedAt: string; reason: string } | null;
    };

  it('when none of the last 20 drafts was used, says why, and turning drafting on clears it', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+pause@penman.test');
    await twentyDrafts(accountId);
    await newMail(accountId, 'alice+pause@penman.test');
    const paused = await settingsOf(accountId);
    expect(paused.settings.enabled).toBe(false);
    expect(paused.pause?.reason).toBe('none of the last 20 drafts was approved, edited or used in your own reply');
    const on = await t.request(`/api/accounts/${accountId}/drafting-settings`, {
      method: 'PATCH',
      cookie: alice.cookie,
      json: { enabled: true },
    });
    expect(((await on.json()) as { pause: unknown }).pause).toBeNull();
    // The count starts again: the 20 old drafts no longer pause it.
    await newMail(accountId, 'alice+pause@penman.test');
    expect((await settingsOf(accountId)).settings.enabled).toBe(true);
  });

  it('drafts still waiting in the queue are not unused: a busy morning never pauses it (issue 32)', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+morning@penman.test');
    await twentyDrafts(accountId, { pending: true });
    await newMail(accountId, 'alice+morning@penman.test');
    expect((await settingsOf(accountId)).pause).toBeNull();
  });

  it('one approved draft among the last 20 keeps it on', async () => {
    const accountId = await t.insertEmailAccount(alice.user.id, 'alice+used@penman.test');
    const ids = await twentyDrafts(accountId, { pending: true });
    expect((await t.request(`/api/drafts/${ids[3]}/approve`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    for (const id of ids.filter((_, index) => index !== 3))
      expect((await t.request(`/api/drafts/${id}/reject`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    await newMail(accountId, 'alice+used@penman.test');
    expect((await settingsOf(accountId)).pause).toBeNull();
    const [row] = await db.select().from(draftingSettings).where(eq(draftingSettings.emailAccountId, accountId));
    expect(row?.enabled ?? true).toBe(true);
  });
});

describe('the style profile follows newly sent mail', () => {
  it('is built again from new sent mail at most daily, and the next draft reads the new one', async () => {
    const address = 'alice+style@penman.test';
    const accountId = await t.insertEmailAccount(alice.user.id, address);
    const sent = (count: number, opening: string) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          storeEmail(alice.user.id, accountId, {
            isOutgoing: true,
            senderEmail: address,
            recipientEmails: [`friend${i}@client.test`],
            subject: `Plans ${i}`,
            bodyText: `${opening} Sam,\n\nThe figures look right to me. Send them on when you can.\n\nCheers,\nAlice`,
            receivedDate: new Date(Date.now() - (40 - i) * 3_600_000),
          }),
        ),
      );
    await sent(6, 'Hi');
    const now = new Date();
    // Before a first analysis nothing runs (initialization and Train Model build the first profile).
    expect(await refreshStyleFromSentMail({ db, userId: alice.user.id, accountId, now })).toBe(false);
    await analyzeCommunicationStyle({ db, userId: alice.user.id, accountId }, 'none');
    const incoming = await storeEmail(alice.user.id, accountId, { recipientEmails: [address] });
    const gather = async () =>
      (await gatherComposeInput({ db, userId: alice.user.id, emailId: incoming, mode: 'full', buyTimeHours: 24, now })).input.profile;
    const before = await gather();
    expect(before?.greetingPatterns.map((p) => p.text)).toEqual(['Hi [Name],']);

    await sent(12, 'Hello');
    // Within a day of the last analysis: not yet.
    expect(await refreshStyleFromSentMail({ db, userId: alice.user.id, accountId, now })).toBe(false);
    const tomorrow = new Date(now.getTime() + 25 * 3_600_000);
    expect(await refreshStyleFromSentMail({ db, userId: alice.user.id, accountId, now: tomorrow })).toBe(true);
    expect((await gather())?.greetingPatterns[0]?.text).toBe('Hello [Name],');
    // Nothing new sent since: nothing to do, however late.
    const later = new Date(now.getTime() + 72 * 3_600_000);
    expect(await refreshStyleFromSentMail({ db, userId: alice.user.id, accountId, now: later })).toBe(false);
  });
});
