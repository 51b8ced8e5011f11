import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliverySettings, draftDeliveries, drafts, emailAccounts, emails, notifications } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { testCertificate } from '../test-support/dovecot.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { EMAIL_CLAIM_STALE_MS, sendPendingNotificationEmails } from './email.ts';
import { isoWeekOf, NOTIFICATION_RETENTION_DAYS, notify, pruneNotifications, sendWeeklySummaries } from './service.ts';

// The weekly summary and the email copies on real PostgreSQL and a real SMTP server (smtp-server):
// one summary per opted-in user and week with the figures of their own rows; an email copy only
// when the switch is on and an account can send, and a failing server makes no notification.

const sink = await startSmtpSink();
const ca = fs.readFileSync(testCertificate().cert, 'utf8');
const t = await createTestApp({ ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { imapCa: ca });
const { db } = t.deps;
const PREFS = { newDrafts: true, flaggedDrafts: true, failures: true, weeklySummary: false, email: false };

const savePrefs = (cookie: string, prefs: typeof PREFS) => t.request('/api/settings/notifications', { method: 'PUT', cookie, json: prefs });
const ofUser = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));

/** An IMAP account whose SMTP settings point at the sink (its own IMAP password is the sink's). */
async function sendingAccount(userId: string, address: string, port = sink.port) {
  const [row] = await db
    .insert(emailAccounts)
    .values({
      userId,
      emailAddress: address,
      provider: 'exchange',
      displayName: address,
      serverUrl: 'localhost',
      port: 993,
      username: sink.user,
      encryptedPassword: t.deps.secretBox.encrypt(sink.password),
    })
    .returning({ id: emailAccounts.id });
  await db.insert(deliverySettings).values({
    emailAccountId: row!.id,
    userId,
    smtpHost: 'localhost',
    smtpPort: port,
    smtpSecurity: 'starttls',
    smtpUsername: sink.user,
  });
  return row!.id;
}

describe('weekly summary', () => {
  it('one per opted-in user and week, however often it runs; none for an opted-out user; figures of their own rows', async () => {
    const ann = await t.signUpAndIn('weekly-ann@example.com');
    const ben = await t.signUpAndIn('weekly-ben@example.com');
    expect((await savePrefs(ann.cookie, { ...PREFS, weeklySummary: true })).status).toBe(200);
    expect((await savePrefs(ben.cookie, PREFS)).status).toBe(200);
    const annAccount = await t.insertEmailAccount(ann.user.id, 'ann@penman.test');
    const benAccount = await t.insertEmailAccount(ben.user.id, 'ben@penman.test');
    const now = new Date('2026-11-23T08:00:00Z');
    const day = 24 * 3_600_000;
    let n = 0;
    const mail = async (userId: string, accountId: string, receivedDate: Date, isOutgoing = false) => {
      n++;
      const [row] = await db
        .insert(emails)
        .values({
          userId,
          emailAccountId: accountId,
          messageKey: `w${n}@x.test`,
          messageId: `w${n}@x.test`,
          subject: `S${n}`,
          senderEmail: 'x@x.test',
          receivedDate,
          isOutgoing,
        })
        .returning({ id: emails.id });
      return row!.id;
    };
    // Ann: 3 received this week, 1 older, 1 of her own sent; Ben's mail must not count for her.
    const a1 = await mail(ann.user.id, annAccount, new Date(now.getTime() - day));
    const a2 = await mail(ann.user.id, annAccount, new Date(now.getTime() - 2 * day));
    const a3 = await mail(ann.user.id, annAccount, new Date(now.getTime() - 3 * day));
    await mail(ann.user.id, annAccount, new Date(now.getTime() - 9 * day));
    await mail(ann.user.id, annAccount, new Date(now.getTime() - day), true);
    const b1 = await mail(ben.user.id, benAccount, new Date(now.getTime() - day));
    const draft = async (userId: string, accountId: string, emailId: string, fields: Partial<typeof drafts.$inferInsert>) => {
      const [row] = await db
        .insert(drafts)
        .values({ userId, emailAccountId: accountId, emailId, body: 'Hi', createdAt: new Date(now.getTime() - day), ...fields })
        .returning({ id: drafts.id });
      return row!.id;
    };
    const sentDraft = await draft(ann.user.id, annAccount, a1, { status: 'sent', decidedAt: new Date(now.getTime() - day) });
    await draft(ann.user.id, annAccount, a2, { status: 'pending', needsReview: true });
    await draft(ann.user.id, annAccount, a3, { status: 'approved', decidedAt: new Date(now.getTime() - day) });
    await draft(ben.user.id, benAccount, b1, { status: 'pending', needsReview: true });
    await db.insert(draftDeliveries).values({
      draftId: sentDraft,
      userId: ann.user.id,
      emailAccountId: annAccount,
      mode: 'send',
      state: 'failed',
      messageId: 'm1@x.test',
      updatedAt: new Date(now.getTime() - day),
    });

    await sendWeeklySummaries({ db, now });
    await sendWeeklySummaries({ db, now: new Date(now.getTime() + 3_600_000) });
    const annRows = (await ofUser(ann.user.id)).filter((r) => r.kind === 'weekly_summary');
    expect(annRows).toHaveLength(1);
    expect(annRows[0]!.body).toBe(
      'Last 7 days: 3 emails received, 3 drafts written, 2 approved or sent, 1 flagged draft waiting for review, 1 delivery failure.',
    );
    expect((await ofUser(ben.user.id)).filter((r) => r.kind === 'weekly_summary')).toEqual([]);
    // The next ISO week gets its own.
    await sendWeeklySummaries({ db, now: new Date(now.getTime() + 7 * day) });
    expect((await ofUser(ann.user.id)).filter((r) => r.kind === 'weekly_summary')).toHaveLength(2);
  });

  it('names ISO weeks as ISO 8601 does (year boundaries)', () => {
    expect(isoWeekOf(new Date('2026-11-23T08:00:00Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeekOf(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
  });
});

describe('email copies', () => {
  it('switch on: the sink receives one message with the text, to the sign-in address; off: none', async () => {
    const cat = await t.signUpAndIn('email-cat@example.com');
    await sendingAccount(cat.user.id, 'cat@penman.test');
    const prefs = await (await savePrefs(cat.cookie, { ...PREFS, email: true })).json();
    expect(prefs.emailSender).toBe('cat@penman.test');
    const before = sink.received.length;
    await notify({ db, userId: cat.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'Quarterly report could not be sent' });
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.length).toBe(before + 1);
    const message = sink.received.at(-1)!;
    expect(message.to).toEqual(['email-cat@example.com']);
    expect(message.from).toBe('cat@penman.test');
    expect(message.raw.toString()).toContain('Quarterly report could not be sent');
    // A second run sends nothing more.
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 0, failed: 0 });

    await savePrefs(cat.cookie, PREFS);
    await notify({ db, userId: cat.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'Not emailed' });
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.received.length).toBe(before + 1);
  });

  it('the weekly summary is emailed too', async () => {
    const dan = await t.signUpAndIn('email-dan@example.com');
    await sendingAccount(dan.user.id, 'dan@penman.test');
    await savePrefs(dan.cookie, { ...PREFS, weeklySummary: true, email: true });
    const before = sink.received.length;
    await sendWeeklySummaries({ db, now: new Date('2026-12-07T08:00:00Z') });
    await sendPendingNotificationEmails(t.deps);
    const mine = sink.received.slice(before).filter((m) => m.to.includes('email-dan@example.com'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.raw.toString()).toContain('Last 7 days: 0 emails received');
  });

  it('no account can send: the settings say so, nothing is sent, nothing crashes', async () => {
    const eve = await t.signUpAndIn('email-eve@example.com');
    await t.insertEmailAccount(eve.user.id, 'eve@penman.test'); // no password: cannot send
    const prefs = await (await savePrefs(eve.cookie, { ...PREFS, email: true })).json();
    expect(prefs.emailSender).toBeNull();
    const before = sink.received.length;
    expect(await notify({ db, userId: eve.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'x' })).not.toBeNull();
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.received.length).toBe(before);
  });

  it('a refusing server: the copy is marked failed and makes no notification', async () => {
    const fay = await t.signUpAndIn('email-fay@example.com');
    const accountId = await sendingAccount(fay.user.id, 'fay@penman.test');
    await db
      .update(emailAccounts)
      .set({ encryptedPassword: t.deps.secretBox.encrypt('wrong') })
      .where(and(eq(emailAccounts.id, accountId), eq(emailAccounts.userId, fay.user.id)));
    await savePrefs(fay.cookie, { ...PREFS, email: true });
    await notify({ db, userId: fay.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'y' });
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 0, failed: 1 });
    const rows = await ofUser(fay.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailState).toBe('failed');
  });
});

describe('email copies left by a run that died', () => {
  it('a copy claimed long ago and still sending is sent by the next run; one claimed a moment ago is left to its run', async () => {
    const gus = await t.signUpAndIn('email-gus@example.com');
    await sendingAccount(gus.user.id, 'gus@penman.test');
    await savePrefs(gus.cookie, { ...PREFS, email: true });
    const stuck = await notify({ db, userId: gus.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'Left by a dead run' });
    const live = await notify({ db, userId: gus.user.id }, 'delivery_failed', { title: 'Delivery failed', body: 'Being sent right now' });
    const claimedAt = (msAgo: number) => new Date(Date.now() - msAgo);
    await db
      .update(notifications)
      .set({ emailState: 'sending', emailClaimedAt: claimedAt(EMAIL_CLAIM_STALE_MS + 60_000) })
      .where(eq(notifications.id, stuck!.id));
    await db
      .update(notifications)
      .set({ emailState: 'sending', emailClaimedAt: claimedAt(5_000) })
      .where(eq(notifications.id, live!.id));
    const before = sink.received.length;
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 1, failed: 0 });
    const mine = sink.received.slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.raw.toString()).toContain('Left by a dead run');
    const states = Object.fromEntries((await ofUser(gus.user.id)).map((row) => [row.id, row.emailState]));
    expect(states).toEqual({ [stuck!.id]: 'sent', [live!.id]: 'sending' });
  });
});

describe('prune', () => {
  it('deletes notifications older than the retention, of every user, and keeps the newer ones', async () => {
    const hal = await t.signUpAndIn('prune-hal@example.com');
    const ida = await t.signUpAndIn('prune-ida@example.com');
    const now = new Date('2027-03-01T03:30:00Z');
    const day = 24 * 3_600_000;
    const at = async (userId: string, daysAgo: number, title: string) => {
      const row = await notify({ db, userId }, 'delivery_failed', { title, body: 'x' });
      await db
        .update(notifications)
        .set({ createdAt: new Date(now.getTime() - daysAgo * day) })
        .where(eq(notifications.id, row!.id));
    };
    await at(hal.user.id, NOTIFICATION_RETENTION_DAYS + 1, 'old hal');
    await at(hal.user.id, NOTIFICATION_RETENTION_DAYS - 1, 'recent hal');
    await at(ida.user.id, NOTIFICATION_RETENTION_DAYS + 30, 'old ida');
    expect(await pruneNotifications({ db, now })).toBeGreaterThanOrEqual(2);
    expect((await ofUser(hal.user.id)).map((row) => row.title)).toEqual(['recent hal']);
    expect(await ofUser(ida.user.id)).toEqual([]);
  });
});
