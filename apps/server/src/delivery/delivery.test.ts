import fs from 'node:fs';
import { CONNECTION_CHECK_MESSAGES, DELIVERY_MESSAGES } from '@penman/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { composeDraftForEmail } from '../drafts/service.ts';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { parseMessage } from '../mail/engine/parse-message.ts';
import { runSync } from '../mail/service.ts';
import { deliverySettings, draftDeliveries, drafts, emailAccounts, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { openTestMailbox, startDovecot } from '../test-support/dovecot.ts';
import { addInitializedImapAccount, personalMail } from '../test-support/drafting.ts';
import { startGoogleStandIn } from '../test-support/google-stand-in.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { type DeliveryStep, deliverDraft, failStalledDeliveries, STALLED_DELIVERY_AFTER_MS } from './service.ts';

// Approve means delivered (issue 20), against a real Dovecot (APPEND to Drafts and Sent), a real
// SMTP server (smtp-server) and the Google stand-in: each reply arrives exactly once, also when the
// connection is cut or the worker dies at any step and the job runs again.
const dovecot = await startDovecot();
const ca = fs.readFileSync(dovecot.caFile, 'utf8');
const sink = await startSmtpSink();
const smallSink = await startSmtpSink({ sizeLimit: 300 });
const google = await startGoogleStandIn({ emailAddress: 'gus@gmail.test' });
// A failed SMTP check answers after MAIL_CHECK_TIMEOUT_MS: shorter than the 20 s default, long enough for a login.
const t = await createTestApp({ ALLOW_PRIVATE_MAIL_HOSTS: 'true', MAIL_CHECK_TIMEOUT_MS: '6000', ...google.env }, { imapCa: ca });
// Alice: the mail of these tests greets her ("Hi Alice"); a mail greeting someone else asks them, not her.
const alice = await t.signUpAndIn('alice@example.com', undefined, { firstName: 'Alice', lastName: 'Example' });
const bob = await t.signUpAndIn('bob@example.com');
const { db } = t.deps;
afterAll(() => dovecot.stop());

const ADDRESS = 'alice@penman.test';
const aliceAccount = await addInitializedImapAccount(t.deps, dovecot, { userId: alice.user.id, mailUser: 'alice', emailAddress: ADDRESS });

let stored = 0;
/** An incoming email of the account, stored as the sync stores one. */
async function storeQuestion(userId: string, accountId: string, fields: Partial<typeof emails.$inferInsert> = {}) {
  stored++;
  const messageId = fields.messageId ?? `q${stored}@client.test`;
  const [row] = await db
    .insert(emails)
    .values({
      userId,
      emailAccountId: accountId,
      messageKey: messageId,
      messageId,
      references: ['first@client.test'],
      subject: `Re: AW: Schedule ${stored}`,
      senderEmail: 'carol@client.test',
      senderName: 'Carol Client',
      recipientEmails: [ADDRESS, 'dan@client.test'],
      ccEmails: ['erin@client.test'],
      bodyText: 'Hi Alice,\n\nCould you send me the schedule for next week?\n\nThanks, Carol',
      receivedDate: new Date(Date.now() - 3_600_000),
      ...fields,
    })
    .returning({ id: emails.id });
  return { emailId: row!.id, messageId };
}

async function pendingDraft(userId: string, accountId: string, fields: Partial<typeof emails.$inferInsert> = {}) {
  const { emailId, messageId } = await storeQuestion(userId, accountId, fields);
  const outcome = await composeDraftForEmail({ db, userId, emailId });
  return { draftId: outcome.draftId, emailId, mailMessageId: messageId };
}

async function approve(cookie: string, draftId: string) {
  const response = await t.request(`/api/drafts/${draftId}/approve`, { method: 'POST', cookie });
  expect(response.status).toBe(200);
  return (await response.json()).draft;
}

async function deliveryOf(draftId: string) {
  const [row] = await db.select().from(draftDeliveries).where(eq(draftDeliveries.draftId, draftId));
  return row!;
}

async function draftRow(draftId: string) {
  const [row] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  return row!;
}

/** The messages of a Dovecot folder with this Message-ID: flags and raw source. */
async function mailboxCopies(mailUser: string, folder: string, messageId: string) {
  const client = await openTestMailbox(dovecot, mailUser);
  try {
    const exists = (await client.list()).some((f) => f.path === folder);
    if (!exists) return [];
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = (await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })) || [];
      const copies: { flags: Set<string>; raw: Buffer }[] = [];
      if (uids.length === 0) return copies;
      for await (const m of client.fetch(uids, { source: true, flags: true }, { uid: true }))
        copies.push({ flags: m.flags ?? new Set(), raw: m.source! });
      return copies;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const crashAt = (step: DeliveryStep, before?: () => Promise<void>) => async (at: DeliveryStep) => {
  if (at !== step) return;
  await before?.();
  throw new Error(`worker killed at ${step}`);
};

describe('Save to Drafts on IMAP (Dovecot)', () => {
  it('approve stores the delivery and its job with the approval, then the reply lands in Drafts once, a correct reply', async () => {
    const { draftId, mailMessageId } = await pendingDraft(alice.user.id, aliceAccount);
    const approved = await approve(alice.cookie, draftId);
    expect(approved.status).toBe('approved');
    expect(approved.delivery).toMatchObject({ mode: 'save_to_drafts', state: 'queued', attempts: 0, error: null, retryable: true });
    expect(approved.recipients).toEqual({ to: ['carol@client.test'], cc: ['dan@client.test', 'erin@client.test'] });
    const jobs = await t.deps.queue.boss.findJobs('delivery.deliver', { data: { draftId } });
    expect(jobs).toHaveLength(1);

    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery.state).toBe('delivered');
    const draft = await draftRow(draftId);
    expect(draft.status).toBe('saved');
    expect(draft.sentAt).not.toBeNull();

    const copies = await mailboxCopies('alice', 'Drafts', delivery.messageId);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.flags.has('\\Draft')).toBe(true);
    expect(copies[0]!.flags.has('\\Seen')).toBe(true);
    const parsed = await parseMessage(copies[0]!.raw);
    expect(parsed.messageId).toBe(delivery.messageId);
    expect(delivery.messageId.endsWith('@penman.test')).toBe(true);
    expect(parsed.subject).toBe(`Schedule ${stored}`.replace(/^/, 'Re: '));
    expect(parsed.inReplyTo).toBe(mailMessageId);
    expect(parsed.references).toEqual(['first@client.test', mailMessageId]);
    expect(parsed.recipientEmails).toEqual(['carol@client.test']);
    expect(parsed.ccEmails).toEqual(['dan@client.test', 'erin@client.test']);
    expect(parsed.senderEmail).toBe(ADDRESS);
    expect(parsed.bodyText?.trim()).toBe(draft.body.trim());
    expect(parsed.bodyHtml).toContain('<p>');

    // The job running again (pg-boss retrying it) finds nothing to do.
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    expect(await mailboxCopies('alice', 'Drafts', delivery.messageId)).toHaveLength(1);
  });

  it('an edit is delivered as edited, with the selected library file attached (streamed from storage)', async () => {
    const form = new FormData();
    form.set('categories', 'attachment');
    form.set('file', new Blob(['%PDF-1.4 price list'], { type: 'application/pdf' }), 'Price list.pdf');
    const upload = await t.request(`/api/accounts/${aliceAccount}/files`, { method: 'POST', cookie: alice.cookie, body: form });
    expect(upload.status).toBeLessThan(300);
    const file = (await upload.json()).files[0];
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await db
      .update(drafts)
      .set({ suggestedAttachments: [{ id: file.id, filename: 'Price list.pdf', reason: 'asked for prices', selected: true }] })
      .where(eq(drafts.id, draftId));
    const edited = await t.request(`/api/drafts/${draftId}/edit`, {
      method: 'POST',
      cookie: alice.cookie,
      json: { body: 'Hi Carol,\n\nThe schedule & prices are attached.\n\nBest,\nAlice' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).draft).toMatchObject({ status: 'edited', delivery: { state: 'queued' } });
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    const [copy] = await mailboxCopies('alice', 'Drafts', delivery.messageId);
    const parsed = await parseMessage(copy!.raw);
    expect(parsed.bodyText).toContain('The schedule & prices are attached.');
    expect(parsed.bodyHtml).toContain('The schedule &amp; prices are attached.');
    expect(parsed.attachments).toEqual([expect.objectContaining({ filename: 'Price list.pdf', contentType: 'application/pdf' })]);
    expect(copy!.raw.toString('latin1')).toContain(Buffer.from('%PDF-1.4 price list').toString('base64'));
  });

  for (const step of ['claimed', 'before-transport', 'after-drafts-append', 'before-mark-delivered'] as const)
    it(`the worker killed at ${step}: the job runs again and Drafts holds the reply once`, async () => {
      const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
      await approve(alice.cookie, draftId);
      await expect(deliverDraft({ ...t.deps, crashAt: crashAt(step) }, { userId: alice.user.id, draftId })).rejects.toThrow(
        'worker killed',
      );
      expect((await deliveryOf(draftId)).state).toBe('delivering');
      await deliverDraft(t.deps, { userId: alice.user.id, draftId });
      const delivery = await deliveryOf(draftId);
      expect(delivery.state).toBe('delivered');
      expect(await mailboxCopies('alice', 'Drafts', delivery.messageId)).toHaveLength(1);
    });

  it('Dovecot killed right after the APPEND (the connection cut): the next attempt finds the reply and stores no second copy', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await approve(alice.cookie, draftId);
    await expect(
      deliverDraft({ ...t.deps, crashAt: crashAt('after-drafts-append', () => dovecot.restart()) }, { userId: alice.user.id, draftId }),
    ).rejects.toThrow('worker killed');
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(await mailboxCopies('alice', 'Drafts', delivery.messageId)).toHaveLength(1);
  });
});

describe('a delivery no job will finish', () => {
  it('left with a live job it is untouched; once pg-boss gave up it fails with Retry, and Retry delivers it once', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await approve(alice.cookie, draftId);
    // The worker died mid-attempt, long ago: the row says delivering.
    const longAgo = new Date(Date.now() - STALLED_DELIVERY_AFTER_MS - 60_000);
    await db
      .update(draftDeliveries)
      .set({ state: 'delivering', attempts: 5, updatedAt: longAgo })
      .where(eq(draftDeliveries.draftId, draftId));
    const now = new Date();
    expect(await failStalledDeliveries({ db, now })).toBe(0);
    expect((await deliveryOf(draftId)).state).toBe('delivering');

    // pg-boss gave up on the job after its retries.
    await db.execute(sql`update pgboss.job set state = 'failed' where name = 'delivery.deliver' and data->>'draftId' = ${draftId}`);
    expect(await failStalledDeliveries({ db, now })).toBe(1);
    expect(await deliveryOf(draftId)).toMatchObject({ state: 'failed', retryable: true, error: DELIVERY_MESSAGES.interrupted });
    // A second sweep finds nothing more.
    expect(await failStalledDeliveries({ db, now })).toBe(0);

    expect((await t.request(`/api/drafts/${draftId}/retry-delivery`, { method: 'POST', cookie: alice.cookie })).status).toBe(200);
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery.state).toBe('delivered');
    expect(await mailboxCopies('alice', 'Drafts', delivery.messageId)).toHaveLength(1);
  });

  it('a recent delivery without a job is not failed yet', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await approve(alice.cookie, draftId);
    await db.execute(sql`update pgboss.job set state = 'failed' where name = 'delivery.deliver' and data->>'draftId' = ${draftId}`);
    expect(await failStalledDeliveries({ db, now: new Date() })).toBe(0);
    expect((await deliveryOf(draftId)).state).toBe('queued');
  });
});

describe('Send via SMTP (smtp-server) with the copy in Sent', () => {
  it('the SMTP settings are checked by a login before they are saved; a wrong password is the one check failure', async () => {
    const bad = await t.request(`/api/accounts/${aliceAccount}/delivery/check`, {
      method: 'POST',
      cookie: alice.cookie,
      json: { smtp: { host: 'localhost', port: sink.port, security: 'starttls', username: sink.user, password: 'wrong' } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(CONNECTION_CHECK_MESSAGES.failed);
    const put = await t.request(`/api/accounts/${aliceAccount}/delivery`, {
      method: 'PUT',
      cookie: alice.cookie,
      json: {
        mode: 'send',
        smtp: { host: 'localhost', port: sink.port, security: 'starttls', username: sink.user, password: sink.password },
      },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({
      mode: 'send',
      smtp: { host: 'localhost', port: sink.port, security: 'starttls', username: sink.user, usesImapPassword: false, saved: true },
      canDeliver: true,
      canCompose: true,
    });
  });

  it('the reply is received once, stored in Sent once (\\Seen), and the next syncs store it as one email', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await approve(alice.cookie, draftId);
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery.state).toBe('delivered');
    expect((await draftRow(draftId)).status).toBe('sent');
    expect(sink.countMessageId(delivery.messageId)).toBe(1);
    const message = sink.received.find((m) => m.raw.includes(delivery.messageId))!;
    expect(message.to.sort()).toEqual(['carol@client.test', 'dan@client.test', 'erin@client.test']);
    expect(message.from).toBe(ADDRESS);
    const sent = await mailboxCopies('alice', 'Sent', delivery.messageId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.flags.has('\\Seen')).toBe(true);
    const { draft } = await (await t.request(`/api/drafts/${draftId}`, { cookie: alice.cookie })).json();
    expect(draft.delivery).toMatchObject({ state: 'delivered', unconfirmed: false });

    await runSync(t.deps, { userId: alice.user.id, accountId: aliceAccount });
    await runSync(t.deps, { userId: alice.user.id, accountId: aliceAccount });
    const rows = await db
      .select({ id: emails.id, isOutgoing: emails.isOutgoing })
      .from(emails)
      .where(and(eq(emails.emailAccountId, aliceAccount), eq(emails.messageId, delivery.messageId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isOutgoing).toBe(true);
  });

  it('the server drops the connection after accepting the message: failed (retryable), and Retry stores it in Sent without sending again', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
    await approve(alice.cookie, draftId);
    sink.dropAfterAccepting(1);
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const failed = await deliveryOf(draftId);
    expect(failed).toMatchObject({ state: 'failed', retryable: true, error: DELIVERY_MESSAGES.unreachable, smtpPhase: 'data_end' });
    expect(sink.countMessageId(failed.messageId)).toBe(1);

    const retry = await t.request(`/api/drafts/${draftId}/retry-delivery`, { method: 'POST', cookie: alice.cookie });
    expect(retry.status).toBe(200);
    expect((await retry.json()).draft.delivery).toMatchObject({ state: 'queued', error: null });
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    expect((await deliveryOf(draftId)).state).toBe('delivered');
    expect(sink.countMessageId(failed.messageId)).toBe(1);
    expect(await mailboxCopies('alice', 'Sent', failed.messageId)).toHaveLength(1);
    // The server never confirmed it: the draft says it was probably sent.
    const { draft } = await (await t.request(`/api/drafts/${draftId}`, { cookie: alice.cookie })).json();
    expect(draft.delivery).toMatchObject({ state: 'delivered', unconfirmed: true });
  });

  for (const step of ['claimed', 'before-transport', 'after-smtp-accepted', 'after-sent-append', 'before-mark-delivered'] as const)
    it(`the worker killed at ${step}: exactly one message received and one copy in Sent`, async () => {
      const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
      await approve(alice.cookie, draftId);
      await expect(deliverDraft({ ...t.deps, crashAt: crashAt(step) }, { userId: alice.user.id, draftId })).rejects.toThrow(
        'worker killed',
      );
      await deliverDraft(t.deps, { userId: alice.user.id, draftId });
      const delivery = await deliveryOf(draftId);
      expect(delivery.state).toBe('delivered');
      expect(sink.countMessageId(delivery.messageId)).toBe(1);
      expect(await mailboxCopies('alice', 'Sent', delivery.messageId)).toHaveLength(1);
    });

  it('a message over the server’s size limit: failed in words, not retryable, nothing received', async () => {
    const smtp = (port: number) => ({ host: 'localhost', port, security: 'starttls', username: sink.user, password: sink.password });
    const put = (port: number) =>
      t.request(`/api/accounts/${aliceAccount}/delivery`, { method: 'PUT', cookie: alice.cookie, json: { smtp: smtp(port) } });
    expect((await put(smallSink.port)).status).toBe(200);
    try {
      const { draftId } = await pendingDraft(alice.user.id, aliceAccount);
      await approve(alice.cookie, draftId);
      await deliverDraft(t.deps, { userId: alice.user.id, draftId });
      const delivery = await deliveryOf(draftId);
      expect(delivery).toMatchObject({ state: 'failed', error: DELIVERY_MESSAGES.tooLarge, retryable: false });
      // The failure reaches the user's bell (issue 21), in the same words.
      const { rows: notes } = await t.database.pool.query<{ body: string }>(
        `select body from notifications where user_id = $1 and kind = 'delivery_failed'`,
        [alice.user.id],
      );
      expect(notes.map((n) => n.body)).toContain(DELIVERY_MESSAGES.tooLarge);
      expect(smallSink.received).toHaveLength(0);
      expect(await mailboxCopies('alice', 'Sent', delivery.messageId)).toHaveLength(0);
    } finally {
      expect((await put(sink.port)).status).toBe(200);
    }
  });

  it('a refused recipient is a failure in words, and nothing is sent', async () => {
    const { draftId } = await pendingDraft(alice.user.id, aliceAccount, {
      senderEmail: 'gone@client.test',
      recipientEmails: [ADDRESS],
      ccEmails: [],
    });
    sink.refuseRecipient('gone@client.test');
    await approve(alice.cookie, draftId);
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery).toMatchObject({ state: 'failed', error: DELIVERY_MESSAGES.recipientRefused('gone@client.test'), smtpPhase: null });
    expect(sink.countMessageId(delivery.messageId)).toBe(0);
    const got = await t.request(`/api/drafts/${draftId}`, { cookie: alice.cookie });
    expect((await got.json()).draft.delivery).toMatchObject({ state: 'failed', retryable: true });
  });

  it('the IMAP password goes to no SMTP server the caller names: the check and the save refuse another host, and nothing reaches it', async () => {
    // A server that takes Alice's mailbox login: what someone holding her session would run.
    const catcher = await startSmtpSink({ user: 'alice', password: 'alice-pw' });
    const elsewhere = { host: '127.0.0.1', port: catcher.port, security: 'starttls', username: 'alice' } as const;
    const message = DELIVERY_MESSAGES.imapPasswordElsewhere('127.0.0.1');
    const refusal = { error: { code: 'VALIDATION', message, fields: { password: message } } };
    const settingsBefore = await (await t.request(`/api/accounts/${aliceAccount}/delivery`, { cookie: alice.cookie })).json();

    const check = await t.request(`/api/accounts/${aliceAccount}/delivery/check`, {
      method: 'POST',
      cookie: alice.cookie,
      json: { smtp: elsewhere },
    });
    expect(check.status).toBe(400);
    expect(await check.json()).toEqual(refusal);
    const save = await t.request(`/api/accounts/${aliceAccount}/delivery`, {
      method: 'PUT',
      cookie: alice.cookie,
      json: { mode: 'send', smtp: elsewhere },
    });
    expect(save.status).toBe(400);
    expect(await save.json()).toEqual(refusal);
    expect(await (await t.request(`/api/accounts/${aliceAccount}/delivery`, { cookie: alice.cookie })).json()).toEqual(settingsBefore);
    expect(catcher.logins).toEqual([]);

    // The IMAP server's own name takes the IMAP password; another host takes a password typed for it.
    for (const smtp of [
      { ...elsewhere, host: 'localhost' },
      { ...elsewhere, password: 'alice-pw' },
    ]) {
      const allowed = await t.request(`/api/accounts/${aliceAccount}/delivery/check`, {
        method: 'POST',
        cookie: alice.cookie,
        json: { smtp },
      });
      expect(allowed.status).toBe(200);
    }
    expect(catcher.logins).toHaveLength(2);
  });

  it('settings saved before the rule do not send the IMAP password elsewhere either: the delivery fails in words', async () => {
    const catcher = await startSmtpSink({ user: 'carl', password: 'carl-pw' });
    const carl = await t.signUpAndIn('carl@example.com');
    const account = await addInitializedImapAccount(t.deps, dovecot, {
      userId: carl.user.id,
      mailUser: 'carl',
      emailAddress: 'carl@penman.test',
    });
    await db.insert(deliverySettings).values({
      emailAccountId: account,
      userId: carl.user.id,
      mode: 'send',
      smtpHost: '127.0.0.1',
      smtpPort: catcher.port,
      smtpSecurity: 'starttls',
      smtpUsername: 'carl',
    });
    const { draftId } = await pendingDraft(carl.user.id, account, { recipientEmails: ['carl@penman.test'], ccEmails: [] });
    await approve(carl.cookie, draftId);
    await deliverDraft(t.deps, { userId: carl.user.id, draftId });
    expect(await deliveryOf(draftId)).toMatchObject({ state: 'failed', error: DELIVERY_MESSAGES.imapPasswordElsewhere('127.0.0.1') });
    expect(catcher.logins).toEqual([]);
  });
});

describe('Gmail (the Google stand-in)', () => {
  const inboxMessageId = 'gmail-question@client.test';
  const threadId = 'thread-17';
  google.addMessage(
    personalMail({
      from: 'Carol <carol@client.test>',
      to: google.emailAddress,
      subject: 'Budget',
      body: 'Numbers?',
      messageId: inboxMessageId,
    }),
    { labels: ['INBOX'], threadId },
  );
  let accountId: string;

  async function gmailAccount(userId: string, scopes: string[] | null) {
    if (!accountId) {
      const [row] = await db
        .insert(emailAccounts)
        .values({
          userId,
          emailAddress: google.emailAddress,
          provider: 'gmail',
          encryptedPassword: t.deps.secretBox.encrypt(google.issueRefreshToken()),
          initialized: true,
        })
        .returning({ id: emailAccounts.id });
      accountId = row!.id;
    }
    await db.update(emailAccounts).set({ grantedScopes: scopes }).where(eq(emailAccounts.id, accountId));
    return accountId;
  }

  it('an account connected read-only: a clear failure asking to reconnect, nothing created', async () => {
    const id = await gmailAccount(alice.user.id, null);
    const settings = await (await t.request(`/api/accounts/${id}/delivery`, { cookie: alice.cookie })).json();
    expect(settings).toMatchObject({ canCompose: false, canDeliver: true, smtp: null });
    const { draftId } = await pendingDraft(alice.user.id, id, { messageId: 'ro-1@client.test', recipientEmails: [google.emailAddress] });
    await approve(alice.cookie, draftId);
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    expect(await deliveryOf(draftId)).toMatchObject({ state: 'failed', error: DELIVERY_MESSAGES.gmailReadOnly, retryable: true });
    expect(google.draftsCreated).toHaveLength(0);
  });

  it('Save to Drafts: drafts.create once in the thread, also when the worker dies after the call', async () => {
    google.grantScopes('compose');
    const id = await gmailAccount(alice.user.id, [
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.compose',
    ]);
    const { draftId } = await pendingDraft(alice.user.id, id, { messageId: inboxMessageId, recipientEmails: [google.emailAddress] });
    await approve(alice.cookie, draftId);
    await expect(deliverDraft({ ...t.deps, crashAt: crashAt('after-gmail-call') }, { userId: alice.user.id, draftId })).rejects.toThrow();
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    const delivery = await deliveryOf(draftId);
    expect(delivery).toMatchObject({ state: 'delivered', providerThreadId: threadId });
    expect(google.draftsCreated).toHaveLength(1);
    expect(google.draftsCreated[0]!.threadId).toBe(threadId);
    expect(google.draftsCreated[0]!.raw.toString()).toContain(`In-Reply-To: <${inboxMessageId}>`);
    expect((await draftRow(draftId)).status).toBe('saved');
  });

  it('Send: messages.send once in the thread', async () => {
    const id = await gmailAccount(alice.user.id, [
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.compose',
    ]);
    const put = await t.request(`/api/accounts/${id}/delivery`, { method: 'PUT', cookie: alice.cookie, json: { mode: 'send' } });
    expect(put.status).toBe(200);
    const { draftId } = await pendingDraft(alice.user.id, id, { messageId: 'send-1@client.test', recipientEmails: [google.emailAddress] });
    google.addMessage(
      personalMail({ from: 'carol@client.test', to: google.emailAddress, subject: 'Q', body: 'Q?', messageId: 'send-1@client.test' }),
      {
        labels: ['INBOX'],
        threadId: 'thread-send',
      },
    );
    await approve(alice.cookie, draftId);
    await expect(
      deliverDraft({ ...t.deps, crashAt: crashAt('before-mark-delivered') }, { userId: alice.user.id, draftId }),
    ).rejects.toThrow();
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    expect(google.sent).toHaveLength(1);
    expect(google.sent[0]!.threadId).toBe('thread-send');
    expect((await draftRow(draftId)).status).toBe('sent');
  });

  it('a grant Google revoked: a failure asking to reconnect', async () => {
    const id = await gmailAccount(alice.user.id, [
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.compose',
    ]);
    const { draftId } = await pendingDraft(alice.user.id, id, {
      messageId: 'revoked-1@client.test',
      recipientEmails: [google.emailAddress],
    });
    await approve(alice.cookie, draftId);
    google.revokeAll();
    await deliverDraft(t.deps, { userId: alice.user.id, draftId });
    expect(await deliveryOf(draftId)).toMatchObject({ state: 'failed', error: DELIVERY_MESSAGES.gmailReconnect, retryable: true });
    expect(google.sent).toHaveLength(1);
  });
});

describe('an imported (mbox) account', () => {
  it('approving records the decision and a failed, not retryable delivery; the .eml download is the reply', async () => {
    const [row] = await db
      .insert(emailAccounts)
      .values({ userId: alice.user.id, emailAddress: 'alice@imported.test', provider: 'mbox', initialized: true })
      .returning({ id: emailAccounts.id });
    const { draftId, mailMessageId } = await pendingDraft(alice.user.id, row!.id, {
      recipientEmails: ['alice@imported.test'],
      ccEmails: [],
    });
    const approved = await approve(alice.cookie, draftId);
    expect(approved.status).toBe('approved');
    expect(approved.delivery).toMatchObject({ state: 'failed', retryable: false, error: DELIVERY_MESSAGES.importedAccount });
    const retry = await t.request(`/api/drafts/${draftId}/retry-delivery`, { method: 'POST', cookie: alice.cookie });
    expect(retry.status).toBe(409);

    const eml = await t.request(`/api/drafts/${draftId}/eml`, { cookie: alice.cookie });
    expect(eml.status).toBe(200);
    expect(eml.headers.get('content-type')).toBe('message/rfc822');
    expect(eml.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Re Schedule \d+\.eml"; filename\*=UTF-8''Re%20Schedule%20\d+\.eml$/,
    );
    const parsed = await parseMessage(new Uint8Array(await eml.arrayBuffer()));
    expect(parsed.messageId).toBe(approved.delivery.messageId);
    expect(parsed.inReplyTo).toBe(mailMessageId);
    expect(parsed.subject).toMatch(/^Re: Schedule \d+$/);
  });
});

describe('a shared inbox', () => {
  it('two users with the same address: one approves, the other user’s pending draft of the same email is completed', async () => {
    const bobAccount = await addInitializedImapAccount(t.deps, dovecot, { userId: bob.user.id, mailUser: 'alice', emailAddress: ADDRESS });
    const shared = 'shared-1@client.test';
    // Written to the shared inbox, greeting no one: it asks whoever reads it (Alice and Bob alike).
    const toTheInbox = { bodyText: 'Hello,\n\nCould you send me the schedule for next week?\n\nThanks, Carol' };
    const mine = await pendingDraft(alice.user.id, aliceAccount, { messageId: shared, ...toTheInbox });
    const theirs = await pendingDraft(bob.user.id, bobAccount, { messageId: shared, ...toTheInbox });
    const other = await pendingDraft(bob.user.id, bobAccount, { messageId: 'not-shared@client.test', ...toTheInbox });
    await approve(alice.cookie, mine.draftId);
    expect((await draftRow(theirs.draftId)).status).toBe('completed');
    expect((await draftRow(other.draftId)).status).toBe('pending');
    const got = await t.request(`/api/drafts/${theirs.draftId}`, { cookie: bob.cookie });
    expect((await got.json()).draft.status).toBe('completed');

    // Bob may still answer it himself: Reopen brings it back to his queue, pending, and he approves it.
    const reopened = await t.request(`/api/drafts/${theirs.draftId}/reopen`, { method: 'POST', cookie: bob.cookie });
    expect(reopened.status).toBe(200);
    expect((await reopened.json()).draft).toMatchObject({ status: 'pending', decidedAt: null });
    expect((await approve(bob.cookie, theirs.draftId)).status).toBe('approved');
    // Only a completed draft reopens; nor can another user reopen it.
    const again = await t.request(`/api/drafts/${theirs.draftId}/reopen`, { method: 'POST', cookie: bob.cookie });
    expect(again.status).toBe(409);
    expect((await t.request(`/api/drafts/${theirs.draftId}/reopen`, { method: 'POST', cookie: alice.cookie })).status).toBe(404);
  });

  it('an imported file claiming the address is no teammate: its approval leaves the other user’s draft pending (issue 33)', async () => {
    // Mallory mailed Alice a question, then imports a file claiming Alice's address with a copy of it.
    const mallory = await t.signUpAndIn('mallory@example.com');
    const messageId = 'mallory-question@client.test';
    const victim = await pendingDraft(alice.user.id, aliceAccount, { messageId, senderEmail: 'mallory@client.test', ccEmails: [] });
    const form = new FormData();
    form.set('emailAddress', ADDRESS);
    const copy = personalMail({
      from: 'Mallory <mallory@client.test>',
      to: ADDRESS,
      subject: 'Schedule',
      body: 'Could you send it?',
      messageId,
    });
    form.set('file', new Blob([toMbox([copy])]), 'alice.mbox');
    const imported = await t.request('/api/accounts/import', { method: 'POST', cookie: mallory.cookie, body: form });
    expect(imported.status).toBe(201);
    const { account } = await imported.json();
    expect(await runSync(t.deps, { userId: mallory.user.id, accountId: account.id })).toMatchObject({ status: 'completed', stored: 1 });
    const [mail] = await db.select({ id: emails.id }).from(emails).where(eq(emails.emailAccountId, account.id));
    const { draftId } = await composeDraftForEmail({ db, userId: mallory.user.id, emailId: mail!.id });
    expect((await approve(mallory.cookie, draftId)).status).toBe('approved');

    expect((await draftRow(victim.draftId)).status).toBe('pending');
    expect((await approve(alice.cookie, victim.draftId)).status).toBe('approved');
  });

  it('an IMAP account of the same address on another login is no teammate either', async () => {
    const carol = await t.signUpAndIn('carol-team@example.com');
    // Carol's own mailbox on the same server, claiming Alice's address.
    const carolAccount = await addInitializedImapAccount(t.deps, dovecot, {
      userId: carol.user.id,
      mailUser: 'carol',
      emailAddress: ADDRESS,
    });
    const messageId = 'same-address-other-login@client.test';
    // Greeting no one: it asks whoever reads it, so Carol has a draft to approve.
    const toTheInbox = { messageId, bodyText: 'Hello,\n\nCould you send me the schedule for next week?\n\nThanks, Carol' };
    const hers = await pendingDraft(alice.user.id, aliceAccount, toTheInbox);
    const carols = await pendingDraft(carol.user.id, carolAccount, toTheInbox);
    await approve(carol.cookie, carols.draftId);
    expect((await draftRow(hers.draftId)).status).toBe('pending');
  });
});
