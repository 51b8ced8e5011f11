import { describe, expect, it } from 'vitest';
import { composeDraftForEmail } from '../drafts/service.ts';
import { emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { storeIncomingQuestion } from '../test-support/drafting.ts';

// Notifications on real PostgreSQL: made by the drafting that already happens, obeying the
// toggles, counted, marked read, and kept to their user.
const t = await createTestApp();
const alice = await t.signUpAndIn('notify-alice@example.com');
const bob = await t.signUpAndIn('notify-bob@example.com');
const { db } = t.deps;
const accountId = await t.insertEmailAccount(alice.user.id, 'owner@penman.test');

const ALL_ON = { newDrafts: true, flaggedDrafts: true, failures: true, weeklySummary: false, email: false };
/** Drafts the reply to a fresh incoming question of `userId` (the builtin engine, no LLM). */
async function draftANewEmail(userId: string, accountId: string) {
  const emailId = await storeIncomingQuestion(db, userId, accountId, {
    subject: 'Schedule for next week',
    recipientEmails: ['owner@penman.test'],
    receivedDate: new Date(),
  });
  return composeDraftForEmail({ db, userId, emailId });
}

const list = async (cookie: string) => (await t.request('/api/notifications', { cookie })).json();
const savePrefs = (cookie: string, prefs: typeof ALL_ON) =>
  t.request('/api/settings/notifications', { method: 'PUT', cookie, json: prefs });

describe('notification toggles', () => {
  it('start at the defaults and a saved choice is read back', async () => {
    const before = await (await t.request('/api/settings/notifications', { cookie: alice.cookie })).json();
    expect(before.prefs).toEqual(ALL_ON);
    expect((await savePrefs(alice.cookie, { ...ALL_ON, weeklySummary: true })).status).toBe(200);
    const after = await (await t.request('/api/settings/notifications', { cookie: alice.cookie })).json();
    expect(after.prefs).toEqual({ ...ALL_ON, weeklySummary: true });
    expect(
      (await t.request('/api/settings/notifications', { method: 'PUT', cookie: alice.cookie, json: { newDrafts: 'yes' } })).status,
    ).toBe(400);
  });
});

describe('a new draft notifies its user', () => {
  it('one notification per created draft, counted unread, for the owner only', async () => {
    await savePrefs(alice.cookie, ALL_ON);
    const before = await list(alice.cookie);
    const outcome = await draftANewEmail(alice.user.id, accountId);
    expect(outcome.created).toBe(true);
    const after = await list(alice.cookie);
    expect(after.notifications).toHaveLength(before.notifications.length + 1);
    expect(after.unread).toBe(before.unread + 1);
    expect(after.notifications[0]).toMatchObject({
      kind: expect.stringMatching(/^draft_(created|flagged)$/),
      read: false,
      link: '/dashboard/drafts',
    });
    expect(after.notifications[0].body).toContain('Schedule');
    // Writing the same draft again is not a new draft.
    await composeDraftForEmail({ db, userId: alice.user.id, emailId: (await db.select({ id: emails.id }).from(emails)).at(-1)!.id });
    expect((await list(alice.cookie)).notifications).toHaveLength(after.notifications.length);
    expect((await list(bob.cookie)).notifications).toEqual([]);
  });

  it('with both draft toggles off, a new draft makes no notification', async () => {
    await savePrefs(alice.cookie, { ...ALL_ON, newDrafts: false, flaggedDrafts: false });
    const before = await list(alice.cookie);
    expect((await draftANewEmail(alice.user.id, accountId)).created).toBe(true);
    const after = await list(alice.cookie);
    expect(after.notifications).toHaveLength(before.notifications.length);
    expect(after.unread).toBe(before.unread);
    await savePrefs(alice.cookie, ALL_ON);
  });

  it('mark read lowers the count; another user cannot mark it; mark all read clears it', async () => {
    await draftANewEmail(alice.user.id, accountId);
    await draftANewEmail(alice.user.id, accountId);
    const before = await list(alice.cookie);
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const first = before.notifications[0];
    expect((await t.request(`/api/notifications/${first.id}/read`, { method: 'POST', cookie: bob.cookie })).status).toBe(404);
    expect((await list(alice.cookie)).unread).toBe(before.unread);
    expect((await t.request(`/api/notifications/${first.id}/read`, { method: 'POST', cookie: alice.cookie })).status).toBe(204);
    const after = await list(alice.cookie);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.notifications.find((n: { id: string }) => n.id === first.id).read).toBe(true);
    expect((await t.request('/api/notifications/read-all', { method: 'POST', cookie: alice.cookie })).status).toBe(204);
    expect((await list(alice.cookie)).unread).toBe(0);
  });
});
