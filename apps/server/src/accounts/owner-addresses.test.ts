import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { contacts, emailAccounts, emails, mailboxSync } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { runAliasesRecompute } from './aliases-service.ts';

// The user's own addresses through the routes and the pg-boss workers, on the mailbox of the issue:
// Kaminski's inbox and sent items in one mbox, as its reporter imported it. He sent as
// vince.kaminski@, j.kaminski@, kaminski@ (and twice as j..kaminski@).
const t = await createTestApp({}, { workers: true });
const { cookie, user } = await t.signUpAndIn('vince@example.com');

const read = (file: string) => fs.readFileSync(file);
const fromOf = (raw: Buffer) =>
  /^From:\s*(.*)$/im
    .exec(raw.toString('latin1').split(/\r?\n\r?\n/)[0]!)?.[1]
    ?.trim()
    .toLowerCase();

const KAMINSKI = 'vince.kaminski@enron.com';
const HIS_OTHER_ADDRESSES = ['j.kaminski@enron.com', 'kaminski@enron.com', 'j..kaminski@enron.com', 'vince.j.kaminski@enron.com'];
const kaminskiRaws = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')].map(read);
const sentBy = (addresses: string[]) => kaminskiRaws.filter((raw) => addresses.includes(fromOf(raw) ?? '')).length;

async function importFile(bytes: Buffer, fields: Record<string, string>, who = cookie) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new Blob([bytes]), 'mail.mbox');
  return t.request('/api/accounts/import', { method: 'POST', cookie: who, body: form });
}

async function getAccount(id: string, who = cookie) {
  return (await (await t.request(`/api/accounts/${id}`, { cookie: who })).json()).account;
}

async function waitFor(id: string, done: (account: Awaited<ReturnType<typeof getAccount>>) => boolean, who = cookie) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const account = await getAccount(id, who);
    if (done(account) || Date.now() > deadline) return account;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const initialized = (account: { initializationStatus: string }) => account.initializationStatus !== 'initializing';
const recomputed = (account: { aliasesRecompute: { status: string } | null }) =>
  account.aliasesRecompute?.status === 'completed' || account.aliasesRecompute?.status === 'failed';

async function importAndInitialize(bytes: Buffer, fields: Record<string, string>, who = cookie) {
  const response = await importFile(bytes, fields, who);
  expect(response.status).toBe(201);
  const { account } = await response.json();
  const done = await waitFor(account.id, initialized, who);
  expect(done.initializationStatus).toBe('completed');
  return done;
}

const contactAddresses = async (accountId: string) =>
  (await t.deps.db.select({ address: contacts.emailAddress }).from(contacts).where(eq(contacts.emailAccountId, accountId))).map(
    (row) => row.address,
  );

async function putAliases(accountId: string, json: unknown, who = cookie) {
  return t.request(`/api/accounts/${accountId}/aliases`, { method: 'PUT', cookie: who, json });
}

describe("the issue's mailbox: one owner address at import, the others confirmed on the account", () => {
  let accountId: string;

  it('counts only mail from the address given as sent, and proposes his other addresses without using them', async () => {
    const account = await importAndInitialize(toMbox(kaminskiRaws), { emailAddress: KAMINSKI });
    accountId = account.id;
    expect(account.outgoingEmailsCount).toBe(sentBy([KAMINSKI]));
    expect(account.aliases).toEqual([]);
    expect(account.aliasProposals).toEqual([
      { address: 'j.kaminski@enron.com', reason: 'similar_address', messages: sentBy(['j.kaminski@enron.com']), name: null },
      { address: 'kaminski@enron.com', reason: 'similar_address', messages: sentBy(['kaminski@enron.com']), name: null },
      { address: 'j..kaminski@enron.com', reason: 'similar_address', messages: 2, name: null },
      { address: 'vince.j.kaminski@enron.com', reason: 'similar_address', messages: 1, name: null },
    ]);
    // What the issue saw: his own other addresses are his top contacts and top senders.
    expect(account.topSenders.slice(0, 2).map((s: { email: string }) => s.email)).toEqual(['j.kaminski@enron.com', 'kaminski@enron.com']);
    expect(await contactAddresses(accountId)).toEqual(expect.arrayContaining(['j.kaminski@enron.com']));
  });

  it('confirming them recomputes direction, counters, top senders, contacts, charts and the style profile as a job', async () => {
    const styleBefore = (await (await t.request(`/api/accounts/${accountId}/style`, { cookie })).json()).profile;
    const chartsBefore = await (await t.request(`/api/accounts/${accountId}/analytics/charts?granularity=week`, { cookie })).json();
    const weeksWithSentMail = (charts: { volume: { points: { outgoing: number }[] } }) =>
      charts.volume.points.filter((point) => point.outgoing > 0).length;

    const response = await putAliases(accountId, { aliases: HIS_OTHER_ADDRESSES.map((a) => a.toUpperCase()), dismissed: [] });
    expect(response.status).toBe(200);
    const { account: saved } = await response.json();
    expect(saved.aliases).toEqual(HIS_OTHER_ADDRESSES);
    expect(saved.aliasProposals).toEqual([]);
    expect(saved.aliasesRecompute).toMatchObject({ status: expect.stringMatching(/^(queued|waiting|running|completed)$/) });

    const done = await waitFor(accountId, recomputed);
    const mine = sentBy([KAMINSKI, ...HIS_OTHER_ADDRESSES]);
    expect(mine).toBe(1696 + 21);
    expect(done.aliasesRecompute).toMatchObject({ status: 'completed', step: 'style', done: mine - sentBy([KAMINSKI]), error: null });
    expect(done.aliasesRecompute.total).toBe(done.aliasesRecompute.done);
    expect(done).toMatchObject({ outgoingEmailsCount: mine, incomingEmailsCount: kaminskiRaws.length - mine });
    const [outgoing] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emails)
      .where(and(eq(emails.emailAccountId, accountId), eq(emails.isOutgoing, true)));
    expect(outgoing!.n).toBe(mine);
    // His own addresses are neither top senders nor contacts any more.
    const own = new Set([KAMINSKI, ...HIS_OTHER_ADDRESSES]);
    expect(done.topSenders.filter((s: { email: string }) => own.has(s.email))).toEqual([]);
    expect((await contactAddresses(accountId)).filter((address) => own.has(address))).toEqual([]);
    expect(done.contactsCount).toBe((await contactAddresses(accountId)).length);
    // The sent chart covers his whole archive, not two months of it.
    const charts = await (await t.request(`/api/accounts/${accountId}/analytics/charts?granularity=week`, { cookie })).json();
    expect(weeksWithSentMail(charts)).toBeGreaterThan(weeksWithSentMail(chartsBefore) * 2);
    // The style profile is read from all of his sent mail (up to the default cap of 1,500).
    const style = (await (await t.request(`/api/accounts/${accountId}/style`, { cookie })).json()).profile;
    expect(styleBefore.totalEmailsAvailable).toBe(sentBy([KAMINSKI]));
    expect(style).toMatchObject({ totalEmailsAvailable: mine, sampleSize: 1500 });
  });

  it('is idempotent and resumes where it stopped: a second run, and a run picked up mid-way, change nothing more', async () => {
    const before = await getAccount(accountId);
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    // As if the process died in the contacts step: the job is delivered again.
    await t.deps.db
      .update(emailAccounts)
      .set({ aliasesRecompute: { ...row!.aliasesRecompute!, status: 'running', step: 'contacts' } })
      .where(eq(emailAccounts.id, accountId));
    await runAliasesRecompute(t.deps, { userId: user.id, accountId });
    const after = await getAccount(accountId);
    expect(after.aliasesRecompute).toMatchObject({ status: 'completed', step: 'style', done: before.aliasesRecompute.done });
    expect(after).toMatchObject({
      outgoingEmailsCount: before.outgoingEmailsCount,
      contactsCount: before.contactsCount,
      topSenders: before.topSenders,
    });
    // A job of an older version of the aliases does nothing.
    await t.deps.db
      .update(emailAccounts)
      .set({ aliasesVersion: row!.aliasesVersion + 1 })
      .where(eq(emailAccounts.id, accountId));
    await runAliasesRecompute(t.deps, { userId: user.id, accountId });
    expect((await getAccount(accountId)).aliasesRecompute).toEqual(after.aliasesRecompute);
    await t.deps.db.update(emailAccounts).set({ aliasesVersion: row!.aliasesVersion }).where(eq(emailAccounts.id, accountId));
  });

  it('waits while the account downloads, then runs', async () => {
    await t.deps.db.update(mailboxSync).set({ status: 'running', startedAt: new Date() }).where(eq(mailboxSync.emailAccountId, accountId));
    const response = await putAliases(accountId, { aliases: HIS_OTHER_ADDRESSES.slice(0, 3), dismissed: [] });
    expect(response.status).toBe(200);
    // Saved, the recount is queued (no download known yet); its job finds the download and waits.
    // A worker may take the job before the answer is read back: then it already waits.
    const saved = (await response.json()).account.aliasesRecompute;
    expect(saved).toMatchObject({ step: null });
    expect(['queued', 'waiting']).toContain(saved.status);
    const waiting = await waitFor(accountId, (account) => account.aliasesRecompute?.status === 'waiting');
    expect(waiting.aliasesRecompute).toMatchObject({ status: 'waiting', step: null });
    expect((await getAccount(accountId)).outgoingEmailsCount).toBe(sentBy([KAMINSKI, ...HIS_OTHER_ADDRESSES]));
    await t.deps.db.update(mailboxSync).set({ status: 'completed' }).where(eq(mailboxSync.emailAccountId, accountId));
    const done = await waitFor(accountId, recomputed);
    expect(done).toMatchObject({
      aliasesRecompute: { status: 'completed' },
      outgoingEmailsCount: sentBy([KAMINSKI, ...HIS_OTHER_ADDRESSES.slice(0, 3)]),
    });
    // The address he removed is not proposed again; he can still add it by hand.
    expect(done.aliasProposals).toEqual([]);
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(row!.dismissedAliases).toEqual(['vince.j.kaminski@enron.com']);
  });

  it('refuses bad lists and other users', async () => {
    const bad = await putAliases(accountId, { aliases: ['not an address'] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION');
    const tooMany = await putAliases(accountId, { aliases: Array.from({ length: 51 }, (_, i) => `a${i}@example.com`) });
    expect(tooMany.status).toBe(400);
    // The account's own address in the list is the account's, not an alias.
    const ownInList = await putAliases(accountId, { aliases: [KAMINSKI, 'kaminski@enron.com'] });
    expect((await ownInList.json()).account.aliases).toEqual(['kaminski@enron.com']);
    const other = await t.signUpAndIn('someone-else@example.com');
    expect((await putAliases(accountId, { aliases: [] }, other.cookie)).status).toBe(404);
    await waitFor(accountId, recomputed);
  });
});

describe('owner addresses on the import form', () => {
  it('takes several owner addresses: every one of them counts as sent from the first download on', async () => {
    const other = await t.signUpAndIn('vince-import@example.com');
    const account = await importAndInitialize(
      toMbox(kaminskiRaws),
      { emailAddress: KAMINSKI, aliases: 'J.Kaminski@enron.com, kaminski@enron.com\nj..kaminski@enron.com' },
      other.cookie,
    );
    expect(account.aliases).toEqual(['j.kaminski@enron.com', 'kaminski@enron.com', 'j..kaminski@enron.com']);
    expect(account.outgoingEmailsCount).toBe(sentBy([KAMINSKI, 'j.kaminski@enron.com', 'kaminski@enron.com', 'j..kaminski@enron.com']));
    expect(account.aliasProposals.map((p: { address: string }) => p.address)).toEqual(['vince.j.kaminski@enron.com']);
    expect(account.topSenders.map((s: { email: string }) => s.email)).not.toContain('j.kaminski@enron.com');
    expect(await contactAddresses(account.id)).not.toContain('kaminski@enron.com');
  });

  it('refuses an address of the list that is no address', async () => {
    const response = await importFile(toMbox(kaminskiRaws.slice(0, 3)), {
      emailAddress: 'x@example.com',
      aliases: 'j.kaminski@enron.com, nope',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toHaveProperty('aliases');
  });

  it('imports a Sent folder exported alone as sent mail, whoever sent it; its other From addresses are proposed', async () => {
    // Allen's Sent folder holds four messages his assistant sent for him.
    const raws = enronFolder('allen-p', 'sent').map(read);
    const other = await t.signUpAndIn('phillip-sent@example.com');
    const account = await importAndInitialize(toMbox(raws), { emailAddress: 'phillip.allen@enron.com', sentOnly: 'true' }, other.cookie);
    expect(account).toMatchObject({ outgoingEmailsCount: raws.length, incomingEmailsCount: 0 });
    expect(account.aliasProposals).toEqual([{ address: 'ina.rangel@enron.com', reason: 'sent_folder', messages: 4, name: null }]);

    // The same file as an ordinary mbox: sent mail by its From only.
    const third = await t.signUpAndIn('phillip-mixed@example.com');
    const mixed = await importAndInitialize(toMbox(raws), { emailAddress: 'phillip.allen@enron.com' }, third.cookie);
    expect(mixed.outgoingEmailsCount).toBe(raws.length - 4);
  });
});

describe('mail the mailbox files as sent', () => {
  it("is sent mail whatever its From, before and after the user's addresses change (a Takeout mbox)", async () => {
    const other = await t.signUpAndIn('takeout@example.com');
    const message = (labels: string | null, from: string, n: number) =>
      Buffer.from(
        [
          ...(labels ? [`X-Gmail-Labels: ${labels}`] : []),
          `From: ${from}`,
          'To: friend@example.org',
          `Subject: Note ${n}`,
          `Date: Mon, ${n} Mar 2003 09:00:00 +0000`,
          `Message-ID: <takeout-${n}@example.com>`,
          '',
          'Hello.',
          '',
        ].join('\n'),
      );
    const raws = [
      message('Sent,Opened', 'Me Elsewhere <me.elsewhere@example.net>', 1),
      message('Archived', 'Me Elsewhere <me.elsewhere@example.net>', 2),
      message('Inbox', 'Friend <friend@example.org>', 3),
    ];
    const account = await importAndInitialize(toMbox(raws), { emailAddress: 'me@example.com' }, other.cookie);
    expect(account).toMatchObject({ outgoingEmailsCount: 1, aliases: [] });
    expect(account.aliasProposals).toEqual([
      { address: 'me.elsewhere@example.net', reason: 'sent_folder', messages: 2, name: 'Me Elsewhere' },
    ]);
    expect((await putAliases(account.id, { aliases: ['me.elsewhere@example.net'] }, other.cookie)).status).toBe(200);
    expect(await waitFor(account.id, recomputed, other.cookie)).toMatchObject({ outgoingEmailsCount: 2 });
    expect((await putAliases(account.id, { aliases: [] }, other.cookie)).status).toBe(200);
    // Taken back: the message Takeout files as sent stays sent mail.
    expect(await waitFor(account.id, recomputed, other.cookie)).toMatchObject({ outgoingEmailsCount: 1, aliasProposals: [] });
  });
});

describe('replies from a confirmed address', () => {
  it("count in 'Your response times' once the address is the user's", async () => {
    const other = await t.signUpAndIn('ann-replies@example.com');
    const message = (from: string, to: string, id: string, date: string, inReplyTo?: string) =>
      Buffer.from(
        [
          `From: ${from}`,
          `To: ${to}`,
          `Subject: ${inReplyTo ? 'Re: ' : ''}Budget`,
          `Date: ${date}`,
          `Message-ID: <${id}@example.com>`,
          ...(inReplyTo ? [`In-Reply-To: <${inReplyTo}@example.com>`] : []),
          '',
          'About the budget.',
          '',
        ].join('\n'),
      );
    const raws = [
      message('Bob Stone <bob@example.org>', 'ann@work.example', 'q1', 'Mon, 3 Mar 2003 09:00:00 +0000'),
      message('Ann Lee <ann@home.example>', 'bob@example.org', 'a1', 'Mon, 3 Mar 2003 11:00:00 +0000', 'q1'),
      message('Ann Lee <ann@work.example>', 'bob@example.org', 'a2', 'Tue, 4 Mar 2003 11:00:00 +0000'),
    ];
    const account = await importAndInitialize(toMbox(raws), { emailAddress: 'ann@work.example' }, other.cookie);
    // Her other address sends with the name her work address sends with: proposed.
    expect(account.aliasProposals).toEqual([{ address: 'ann@home.example', reason: 'same_name', messages: 1, name: 'Ann Lee' }]);
    const replies = async () =>
      (await (await t.request(`/api/accounts/${account.id}/analytics/charts`, { cookie: other.cookie })).json()).responseTimes.replies;
    expect(await replies()).toBe(0);
    expect((await putAliases(account.id, { aliases: ['ann@home.example'] }, other.cookie)).status).toBe(200);
    await waitFor(account.id, recomputed, other.cookie);
    expect(await replies()).toBe(1);
  });
});
