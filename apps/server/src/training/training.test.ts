import fs from 'node:fs';
import { STYLE_ANALYSIS_VERSION, TRAINING_LABELS, TRAINING_MESSAGES } from '@penman/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { startDovecot } from '../test-support/dovecot.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());
const t = await createTestApp({}, { workers: true, imapCa: fs.readFileSync(dovecot.caFile, 'utf8') });
const { cookie, user } = await t.signUpAndIn('kate@example.com');
const other = await t.signUpAndIn('intruder@example.com');

/** The message's own Date header as its IMAP internal date, as a real server that received it would have. */
const seedMessage = (file: string) => {
  const raw = fs.readFileSync(file);
  const header = /^Date: (.*)$/im.exec(raw.subarray(0, 8192).toString('latin1'))?.[1];
  const date = header ? new Date(header) : undefined;
  return { raw, ...(date && !Number.isNaN(date.getTime()) ? { date } : {}) };
};

// Kate Watson's real mailbox (Enron, 2001-2002).
dovecot.addUser('kate', 'kate-pw');
dovecot.seed('kate', 'INBOX', enronFolder('watson-k', 'inbox').map(seedMessage));
dovecot.seed('kate', 'Sent', enronFolder('watson-k', 'sent_items').map(seedMessage));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const created = await t.request('/api/accounts', {
  method: 'POST',
  cookie,
  json: {
    provider: 'exchange',
    emailAddress: 'kate.symes@enron.com',
    password: 'kate-pw',
    username: 'kate',
    serverUrl: 'localhost',
    port: dovecot.imapPort,
  },
});
const accountId: string = (await created.json()).account.id;
const api = (path: string, init: { method?: string; json?: unknown; as?: string } = {}) =>
  t.request(`/api/accounts/${accountId}${path}`, {
    method: init.method ?? 'GET',
    cookie: init.as ?? cookie,
    ...(init.json ? { json: init.json } : {}),
  });
const overview = async () => (await (await api('/training')).json()).overview;
const sessions = async () => (await (await api('/training/sessions')).json()).sessions as { id: string; status: string; kind: string }[];
const settled = () => waitFor(overview, (o) => o.latestSession?.status !== 'downloading');

describe('training downloads, the style profile and the topic analysis (watson-k over IMAP)', () => {
  it('starts with nothing: no session, no analysis, no profile', async () => {
    const o = await overview();
    expect(o).toMatchObject({
      trainingEmailsCount: 0,
      outgoingEmailsCount: 0,
      // Added, never initialized: nothing will train it on its own.
      trainingStatus: 'ready',
      latestSession: null,
      analysis: null,
    });
    expect(o.lastStartDate).toBeNull();
    expect((await (await api('/style')).json()).profile).toBeNull();
    expect((await (await api('/training/analysis')).json()).analysis).toBeNull();
  });

  it('refuses a range under 3 months, an end after today and a start after the end', async () => {
    const short = await api('/training/download', { method: 'POST', json: { startDate: '2001-01-31', endDate: '2001-03-31' } });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toBe(TRAINING_MESSAGES.invalidRange);
    const future = await api('/training/download', { method: 'POST', json: { startDate: '2001-01-01', endDate: '2999-01-01' } });
    expect(future.status).toBe(400);
    expect((await future.json()).error.message).toBe(TRAINING_LABELS.endInFuture);
    const reversed = await api('/training/download', { method: 'POST', json: { startDate: '2002-01-01', endDate: '2001-01-01' } });
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).error.message).toBe(TRAINING_LABELS.startAfterEnd);
    expect(await sessions()).toEqual([]);
  });

  it('downloads the range as training data in a session, and refuses a second download', async () => {
    const started = await api('/training/download', { method: 'POST', json: { startDate: '2001-01-01', endDate: '2001-12-31' } });
    expect(started.status).toBe(202);
    const body = await started.json();
    expect(body.message).toBe(TRAINING_MESSAGES.downloadStarted);
    expect(body.session).toMatchObject({ kind: 'training', status: 'downloading', startDate: '2001-01-01', endDate: '2001-12-31' });

    const o = await settled();
    expect(o.latestSession).toMatchObject({ id: body.session.id, status: 'completed', errorMessage: null });
    // Only the 2001 mail: the 2002 messages of the mailbox are left out.
    const in2001 = [...enronFolder('watson-k', 'inbox'), ...enronFolder('watson-k', 'sent_items')]
      .map(seedMessage)
      .filter((m) => m.date && m.date >= new Date('2001-01-01T00:00:00Z') && m.date < new Date('2002-01-01T00:00:00Z')).length;
    expect(o.latestSession.totalEmailsDownloaded).toBeGreaterThan(0.9 * in2001);
    expect(o.latestSession.totalEmailsDownloaded).toBeLessThanOrEqual(in2001);
    expect(o.trainingEmailsCount).toBe(o.latestSession.totalEmailsDownloaded);
    expect(o.outgoingEmailsCount).toBeGreaterThan(300);
    expect(o.totalEmailsCountActual).toBe(o.incomingEmailsCount + o.outgoingEmailsCount);
    // Downloaded, not trained yet: no style profile.
    expect(o).toMatchObject({ trainingStatus: 'ready', lastStartDate: '2001-01-01', lastEndDate: '2001-12-31' });
    expect(o.defaultRange).toEqual({ startDate: '2001-01-01', endDate: '2001-12-31' });

    const again = await api('/training/download', { method: 'POST', json: { startDate: '2001-01-01', endDate: '2001-12-31' } });
    expect(again.status).toBe(409);
  });

  it('a run that finds no mail before any model exists fails the training, with why', async () => {
    const started = await api('/training/runs', {
      method: 'POST',
      json: { contactsOnlyInbox: false, styleOnlySent: true, startDate: '2010-01-01', endDate: '2010-06-30' },
    });
    expect(started.status).toBe(202);
    const o = await settled();
    expect(o.latestSession).toMatchObject({ status: 'failed', errorMessage: TRAINING_MESSAGES.noEmailsFound, totalEmailsDownloaded: 0 });
    expect(o).toMatchObject({ trainingStatus: 'failed', trainingError: TRAINING_MESSAGES.noEmailsFound });
    // The range that found nothing is not offered again.
    expect(o.defaultRange).toEqual({ startDate: '2001-01-01', endDate: '2001-12-31' });
  });

  it('Train Model builds the style profile from the sent mail and the topic analysis', async () => {
    await t.deps.db.update(profiles).set({ firstName: 'Kimberly', lastName: 'Watson' }).where(eq(profiles.userId, user.id));
    const response = await api('/style/analyze', { method: 'POST' });
    expect(response.status).toBe(200);
    const { profile, emailsAnalyzed, sampleSize } = await response.json();
    const { outgoingEmailsCount } = await overview();
    // Every sent email is read (fewer than the 1,500 cap); most have words of Kate's own.
    expect(sampleSize).toBe(outgoingEmailsCount);
    expect(emailsAnalyzed).toBeGreaterThan(0.5 * sampleSize);
    expect(emailsAnalyzed).toBeLessThanOrEqual(sampleSize);
    expect(profile).toMatchObject({
      emailAccountId: accountId,
      analysisVersion: STYLE_ANALYSIS_VERSION,
      totalEmailsAvailable: outgoingEmailsCount,
    });
    expect(profile.avgEmailLength).toBeGreaterThan(0);
    expect(profile.greetingPatterns.length + profile.closingPatterns.length).toBeGreaterThan(0);
    expect(profile).not.toHaveProperty('fingerprint');

    const stored = (await (await api('/style')).json()).profile;
    expect(stored).toEqual(profile);
    const o = await overview();
    expect(o.trainingStatus).toBe('completed');
    expect(o.analysis).toMatchObject({ sampleSize, totalEmailsAvailable: outgoingEmailsCount });
    const account = (await (await api('')).json()).account;
    expect(account.styleProfileGeneratedAt).toBe(profile.analysisDate);

    const analysis = (await (await api('/training/analysis')).json()).analysis;
    expect(analysis.totalEmails).toBe(o.trainingEmailsCount);
    const levels = Object.values(analysis.urgencyDistribution as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(levels).toBe(analysis.totalEmails);
    expect(analysis.averageSentiment).toBeGreaterThanOrEqual(-1);
    expect(analysis.averageSentiment).toBeLessThanOrEqual(1);
    // Issue 16: the owner (the user's profile names her) is none of the people, under any first name.
    expect(analysis.topEntities.people.length).toBeGreaterThan(3);
    expect(analysis.topEntities.people.filter((person: string) => person.endsWith('Watson'))).toEqual([]);
  });

  it('a run over a range without mail fails its session with "No emails found for training", not the trained model', async () => {
    const started = await api('/training/runs', {
      method: 'POST',
      json: { contactsOnlyInbox: false, styleOnlySent: true, startDate: '2010-01-01', endDate: '2010-06-30' },
    });
    expect(started.status).toBe(202);
    expect((await started.json()).session.kind).toBe('sent_style');
    const o = await settled();
    expect(o.latestSession).toMatchObject({ status: 'failed', errorMessage: TRAINING_MESSAGES.noEmailsFound, totalEmailsDownloaded: 0 });
    expect(o).toMatchObject({ trainingStatus: 'completed', trainingError: null });
  });

  it('Build Inbox Contacts downloads the inbox of the range and builds the contacts', async () => {
    const started = await api('/training/runs', {
      method: 'POST',
      json: { contactsOnlyInbox: true, styleOnlySent: false, startDate: '2002-01-01', endDate: '2002-12-31' },
    });
    expect(started.status).toBe(202);
    const o = await settled();
    expect(o.latestSession).toMatchObject({ kind: 'inbox_contacts', status: 'completed' });
    expect(o.latestSession.totalEmailsDownloaded).toBeGreaterThan(0);
    const contacts = (await (await api('/contacts?limit=5')).json()).pagination.totalCount;
    expect(contacts).toBeGreaterThan(0);
  });

  it('lists sessions newest first, deletes one, and keeps them from other users', async () => {
    const list = await sessions();
    expect(list.map((s) => s.kind)).toEqual(['inbox_contacts', 'sent_style', 'sent_style', 'training']);
    expect((await t.request(`/api/training-sessions/${list[1]!.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/training-sessions/${list[1]!.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await sessions()).map((s) => s.id)).toEqual([list[0]!.id, list[2]!.id, list[3]!.id]);
    expect((await api('/training/sessions', { as: other.cookie })).status).toBe(404);
  });

  it('prune removes sent mail without the user’s own voice and the counters follow', async () => {
    const before = await overview();
    const response = await api('/training/prune', { method: 'POST' });
    expect(response.status).toBe(200);
    const { emailsDeleted, message } = await response.json();
    expect(message).toContain(TRAINING_MESSAGES.emailsPruned);
    expect(emailsDeleted).toBeGreaterThanOrEqual(0);
    expect(emailsDeleted).toBeLessThan(before.outgoingEmailsCount / 2);
    expect((await overview()).outgoingEmailsCount).toBe(before.outgoingEmailsCount - emailsDeleted);
  });

  it('Delete All Training Emails removes the flagged mail, resets the training fields and recounts', async () => {
    const before = await overview();
    const response = await api('/training/emails', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect((await response.json()).emailsDeleted).toBe(before.trainingEmailsCount);
    const o = await overview();
    expect(o).toMatchObject({
      trainingEmailsCount: 0,
      totalEmailsCountActual: 0,
      outgoingEmailsCount: 0,
      // The style profile stays (decision 011): it is still the model Penman drafts with.
      trainingStatus: 'completed',
      trainingError: null,
    });

    const analyze = await api('/style/analyze', { method: 'POST' });
    expect(analyze.status).toBe(400);
    expect((await analyze.json()).error.message).toBe(TRAINING_MESSAGES.noTrainingEmails);
    const prune = await api('/training/prune', { method: 'POST' });
    expect(prune.status).toBe(400);
    expect((await prune.json()).error.message).toBe(`${TRAINING_MESSAGES.noOutgoingTitle}: ${TRAINING_MESSAGES.noOutgoing}`);
  });
});

describe('a run whose server dates and Date headers disagree', () => {
  it('stores what the server lists, but counts as training data only the mail the range holds, as its session says', async () => {
    // Delivered today (the server's INTERNALDATE, what IMAP SINCE reads), written in 2001 (Date header).
    dovecot.addUser('late', 'late-pw');
    dovecot.seed(
      'late',
      'INBOX',
      enronFolder('watson-k', 'inbox')
        .slice(0, 40)
        .map((file) => ({ raw: fs.readFileSync(file) })),
    );
    const late = await t.signUpAndIn('late@example.com');
    const account = await t.request('/api/accounts', {
      method: 'POST',
      cookie: late.cookie,
      json: {
        provider: 'exchange',
        emailAddress: 'late@enron.com',
        password: 'late-pw',
        username: 'late',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
      },
    });
    const id: string = (await account.json()).account.id;
    const read = async () => (await (await t.request(`/api/accounts/${id}/training`, { cookie: late.cookie })).json()).overview;
    const { defaultRange } = await read();
    const started = await t.request(`/api/accounts/${id}/training/runs`, {
      method: 'POST',
      cookie: late.cookie,
      json: { contactsOnlyInbox: true, styleOnlySent: false, ...defaultRange },
    });
    expect(started.status).toBe(202);
    const o = await waitFor(read, (value) => value.latestSession?.status !== 'downloading');
    expect(o.totalEmailsCountActual).toBe(40);
    expect(o.latestSession).toMatchObject({ status: 'failed', totalEmailsDownloaded: 0, errorMessage: TRAINING_MESSAGES.noEmailsFound });
    // "0 found" beside "40 downloaded for training" would contradict itself.
    expect(o.trainingEmailsCount).toBe(0);
    expect(o).toMatchObject({ trainingStatus: 'failed', trainingError: TRAINING_MESSAGES.noEmailsFound });
    // Now the mail is stored, the range offered is the one that holds it.
    expect(o.defaultRange.endDate < '2003-01-01').toBe(true);
  });
});
