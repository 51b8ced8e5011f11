import fs from 'node:fs';
import { monthDifference, subtractMonths, TRAINING_MESSAGES } from '@penman/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';

// Issue 16, "Training status and counters agree": a new user imports Vince Kaminski's mailbox
// (Enron, 560 inbox + 1,696 sent, April 2001 to January 2002) as a mailbox file, as the reporter
// did, and every screen's figures are read from the API.

const t = await createTestApp({}, { workers: true });
const { cookie, user } = await t.signUpAndIn('vince@example.com');

const files = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')];
const raws = files.map((file) => fs.readFileSync(file));
/** The newest Date header of the mailbox that is not in the future, as a calendar date. */
const newestMailDay = raws
  .map((raw) => Date.parse(/^Date: (.*)$/im.exec(raw.subarray(0, 8192).toString('latin1'))?.[1] ?? ''))
  .filter((time) => !Number.isNaN(time) && time <= Date.now())
  .reduce((a, b) => Math.max(a, b));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const form = new FormData();
form.set('emailAddress', 'vince.kaminski@enron.com');
form.set('file', new Blob([toMbox(raws)]), 'kaminski-v.mbox');
const imported = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
const accountId: string = (await imported.json()).account.id;

const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/accounts/${accountId}${path}`, { method: init.method ?? 'GET', cookie, ...(init.json ? { json: init.json } : {}) });
const account = async () => (await (await api('')).json()).account;
const listed = async () =>
  ((await (await t.request('/api/accounts', { cookie })).json()).accounts as { id: string }[]).find((a) => a.id === accountId);
const overview = async () => (await (await api('/training')).json()).overview;
const settled = () => waitFor(overview, (o) => o.latestSession?.status !== 'downloading');

await waitFor(account, (a) => a.initializationStatus !== 'initializing', 120_000);

describe('after importing a mailbox file (kaminski-v)', () => {
  it('initialization completed and built the style profile', async () => {
    const a = await account();
    expect(a).toMatchObject({ initializationStatus: 'completed', provider: 'mbox' });
    expect(a.outgoingEmailsCount).toBeGreaterThan(0);
    expect(a.styleProfileGeneratedAt).not.toBeNull();
  });

  it('the account list, the account and the Training overview give one status: completed (the profile exists)', async () => {
    // The dashboard banner reads the list, Email Accounts the list, Training the overview.
    expect((await listed())!).toMatchObject({ trainingStatus: 'completed', trainingError: null });
    expect(await account()).toMatchObject({ trainingStatus: 'completed', trainingError: null });
    expect(await overview()).toMatchObject({ trainingStatus: 'completed', trainingError: null });
  });

  it('has no unread count: a mailbox file has no read state', async () => {
    expect((await account()).unreadEmailsCount).toBeNull();
    expect((await listed())!).toMatchObject({ unreadEmailsCount: null });
  });

  it('offers the newest 3+ months that hold received and sent mail as the default range, not the last 3 months up to today', async () => {
    const { defaultRange } = await overview();
    expect(defaultRange.endDate).toBe(new Date(newestMailDay).toISOString().slice(0, 10));
    // From 3 months before the older of the newest received and the newest sent email.
    const { rows } = await t.deps.db.execute<{ day: string }>(sql`
      select to_char(max(received_date) at time zone 'UTC', 'YYYY-MM-DD') as day from emails
      where email_account_id = ${accountId} group by is_outgoing order by day limit 1`);
    expect(defaultRange.startDate).toBe(subtractMonths(rows[0]!.day, 3));
    expect(monthDifference(defaultRange.startDate, defaultRange.endDate)).toBeGreaterThanOrEqual(3);
  });

  it('Build Inbox Contacts and Generate Sent Style Corpus with the default range find mail', async () => {
    const { defaultRange } = await overview();
    for (const run of [
      { contactsOnlyInbox: true, styleOnlySent: false },
      { contactsOnlyInbox: false, styleOnlySent: true },
    ]) {
      const started = await api('/training/runs', { method: 'POST', json: { ...run, ...defaultRange } });
      expect(started.status).toBe(202);
      const o = await settled();
      expect(o.latestSession).toMatchObject({ status: 'completed', errorMessage: null });
      expect(o.latestSession.totalEmailsDownloaded).toBeGreaterThan(50);
      expect(o).toMatchObject({ trainingStatus: 'completed', trainingError: null });
    }
  });

  it('a later default range reuses the last run that found mail', async () => {
    const sessions = (await (await api('/training/sessions')).json()).sessions;
    const { defaultRange } = await overview();
    expect(defaultRange).toEqual({ startDate: sessions[0].startDate, endDate: sessions[0].endDate });
  });

  it('a run that finds no mail in its range fails its session, not the trained model', async () => {
    const before = (await (await api('/style')).json()).profile;
    const started = await api('/training/runs', {
      method: 'POST',
      json: { contactsOnlyInbox: false, styleOnlySent: true, startDate: '2010-01-01', endDate: '2010-06-30' },
    });
    expect(started.status).toBe(202);
    const o = await settled();
    expect(o.latestSession).toMatchObject({ status: 'failed', errorMessage: TRAINING_MESSAGES.noEmailsFound });
    expect(o).toMatchObject({ trainingStatus: 'completed', trainingError: null });
    expect(await account()).toMatchObject({ trainingStatus: 'completed', trainingError: null });
    expect((await (await api('/style')).json()).profile).toEqual(before);
    // The failed range is not offered again.
    expect((await overview()).defaultRange.startDate).not.toBe('2010-01-01');
  });

  it('Train Model answers the figures the overview then shows', async () => {
    const trained = await (await api('/style/analyze', { method: 'POST' })).json();
    const o = await overview();
    expect(o.analysis).toEqual({
      analysisDate: trained.profile.analysisDate,
      sampleSize: trained.sampleSize,
      totalEmailsAvailable: o.outgoingEmailsCount,
      emailsAnalyzed: trained.emailsAnalyzed,
    });
    expect(trained.emailsAnalyzed).toBeLessThanOrEqual(trained.sampleSize);
  });

  it('the topic analysis counts emails per theme, in whole emails', async () => {
    const { analysis } = await (await api('/training/analysis')).json();
    const counts = Object.values(analysis.themeEmails as Record<string, number>);
    expect(counts.length).toBeGreaterThan(1);
    for (const emails of counts) {
      expect(Number.isInteger(emails)).toBe(true);
      expect(emails).toBeLessThanOrEqual(analysis.totalEmails);
    }
    // Every email has one primary theme: those counts add up to the emails analysed.
    const primary = ['meeting', 'project', 'support', 'sales', 'hr', 'finance', 'announcement', 'general'];
    const sum = primary.reduce((total, theme) => total + (analysis.themeEmails[theme] ?? 0), 0);
    expect(sum).toBe(analysis.totalEmails);
    // A secondary theme weighs 0.5 but counts whole emails.
    expect(analysis.themeEmails.appreciation).toBe(analysis.themes.appreciation * 2);
  });
});

describe('an account nothing has trained yet', () => {
  it('is ready for training while no initialization will train it, and unread is counted where the server keeps a read state', async () => {
    const id = await t.insertEmailAccount(user.id, 'vince@example.org');
    const a = (await (await t.request(`/api/accounts/${id}`, { cookie })).json()).account;
    expect(a).toMatchObject({ trainingStatus: 'ready', trainingError: null, unreadEmailsCount: 0 });
    const o = (await (await t.request(`/api/accounts/${id}/training`, { cookie })).json()).overview;
    expect(o).toMatchObject({ trainingStatus: 'ready' });
    // No mail yet: the last 3 months, ending today.
    const today = new Date().toISOString().slice(0, 10);
    expect(o.defaultRange.endDate).toBe(today);
    expect(monthDifference(o.defaultRange.startDate, today)).toBe(3);
  });
});
