import fs from 'node:fs';
import { CONTACT_MESSAGES } from '@penman/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { syncMailJob } from '../mail/jobs.ts';
import { contacts } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { startDovecot } from '../test-support/dovecot.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());
const t = await createTestApp({}, { workers: true, imapCa: fs.readFileSync(dovecot.caFile, 'utf8') });
const { cookie, user } = await t.signUpAndIn('phillip@example.com');
const other = await t.signUpAndIn('intruder@example.com');

// Phillip Allen's real mailbox: his inbox and the two Sent folders he wrote from
// (phillip.allen@enron.com and the k..allen@enron.com alias of the Lotus Notes copies).
dovecot.addUser('phillip', 'phillip-pw');
dovecot.seed(
  'phillip',
  'INBOX',
  enronFolder('allen-p', 'inbox').map((f) => ({ raw: fs.readFileSync(f) })),
);
dovecot.seed(
  'phillip',
  'Sent',
  [...enronFolder('allen-p', 'sent'), ...enronFolder('allen-p', '_sent_mail')].map((f) => ({ raw: fs.readFileSync(f) })),
);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const response = await t.request('/api/accounts', {
  method: 'POST',
  cookie,
  json: {
    provider: 'exchange',
    emailAddress: 'phillip.allen@enron.com',
    password: 'phillip-pw',
    username: 'phillip',
    serverUrl: 'localhost',
    port: dovecot.imapPort,
  },
});
const accountId: string = (await response.json()).account.id;
await t.request(`/api/accounts/${accountId}/initialize`, { method: 'POST', cookie });
const initialized = await waitFor(
  async () => (await (await t.request(`/api/accounts/${accountId}`, { cookie })).json()).account,
  (account) => account.initializationStatus !== 'initializing',
);

type ContactJson = {
  id: string;
  emailAddress: string;
  companyName: string | null;
  notes: string | null;
  phoneNumber: string | null;
  jobTitle: string | null;
  department: string | null;
  contactStatistics: { emailsSent: number; emailsReceived: number; totalInteractions: number; interactionFrequency: string }[];
};

const list = async (query = '', as = cookie) => {
  const res = await t.request(`/api/accounts/${accountId}/contacts${query}`, { cookie: as });
  return { status: res.status, body: (await res.json()) as { contacts: ContactJson[]; pagination: { totalCount: number } } };
};
const listAll = async () => (await list('?limit=100&offset=0')).body;
const everyContact = async () => {
  const out: ContactJson[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await list(`?limit=100&offset=${offset}`)).body.contacts;
    out.push(...page);
    if (page.length < 100) return out;
  }
};

describe('the contact book of a real mailbox (allen-p over IMAP)', () => {
  it('is built by initialization, never contains the owner, and counts the contacts on the account', async () => {
    expect(initialized.initializationStatus).toBe('completed');
    const all = await everyContact();
    const addresses = all.map((c) => c.emailAddress);
    expect(addresses).not.toContain('phillip.allen@enron.com');
    expect(addresses).not.toContain('k..allen@enron.com');
    expect(addresses.length).toBeGreaterThan(50);
    const account = (await (await t.request(`/api/accounts/${accountId}`, { cookie })).json()).account;
    expect(account.contactsCount).toBe(all.length);
  });

  it('lists the people he really writes to first, with statistics, 20 a page with the exact total', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.contacts).toHaveLength(20);
    const top = body.contacts.slice(0, 5);
    // Each of the top contacts is someone Phillip wrote to, not only someone who wrote to him.
    for (const contact of top) expect(contact.contactStatistics[0]!.emailsSent).toBeGreaterThan(0);
    const totals = body.contacts.map((c) => c.contactStatistics[0]!.totalInteractions);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const last = await list(`?limit=20&offset=${body.pagination.totalCount - 3}`);
    expect(last.body.contacts).toHaveLength(3);
    expect(last.body.pagination.totalCount).toBe(body.pagination.totalCount);
    expect((await list(`?offset=${body.pagination.totalCount + 10}`)).body.contacts).toEqual([]);
  });

  it('searches names, address and company case- and accent-insensitively, and filters by company and strength', async () => {
    const { contacts: page } = await listAll();
    const someone = page.find((c) => c.emailAddress.endsWith('@enron.com'))!;
    const local = someone.emailAddress.split('@')[0]!;
    const found = await list(`?search=${encodeURIComponent(local.toUpperCase())}`);
    expect(found.body.contacts.map((c) => c.emailAddress)).toContain(someone.emailAddress);
    // "ÉNRON" finds Enron people: accents and case do not matter.
    const enron = await list(`?search=${encodeURIComponent('ÉNRON')}`);
    expect(enron.body.pagination.totalCount).toBeGreaterThan(0);
    expect(enron.body.contacts.every((c) => /enron/i.test(`${c.emailAddress} ${c.companyName}`))).toBe(true);
    // LIKE wildcards are text, not patterns.
    expect((await list('?search=%25')).body.pagination.totalCount).toBe(0);

    const companies = (await (await t.request(`/api/accounts/${accountId}/contacts/companies`, { cookie })).json()).companies;
    expect(companies).toContain('Enron');
    expect(companies).toEqual([...companies].sort());
    const byCompany = await list('?company=Enron&limit=100');
    expect(byCompany.body.contacts.every((c) => c.companyName === 'Enron')).toBe(true);

    const bands = ['very_high', 'high', 'medium', 'low'];
    let sum = 0;
    for (const strength of bands) {
      const band = await list(`?strength=${strength}&limit=100`);
      expect(band.body.contacts.every((c) => c.contactStatistics[0]!.interactionFrequency === strength)).toBe(true);
      sum += band.body.pagination.totalCount;
    }
    expect(sum).toBe((await list()).body.pagination.totalCount);
    expect((await list('?strength=extreme')).status).toBe(400);
    expect((await list('?limit=1000')).status).toBe(400);
  });

  it('saves edits (empty phone, job title, department become null; notes stay text) and a reprocess keeps them', async () => {
    const [first] = (await list()).body.contacts;
    const patch = async (json: unknown, as = cookie) => t.request(`/api/contacts/${first!.id}`, { method: 'PATCH', cookie: as, json });
    const saved = await (
      await patch({ phoneNumber: ' +1 713 555 0100 ', jobTitle: 'Trader', department: 'West Desk', notes: 'Met in Houston' })
    ).json();
    expect(saved.contact).toMatchObject({
      phoneNumber: '+1 713 555 0100',
      jobTitle: 'Trader',
      department: 'West Desk',
      notes: 'Met in Houston',
    });
    const cleared = await (await patch({ department: '', notes: '' })).json();
    expect(cleared.contact).toMatchObject({ department: null, notes: '', jobTitle: 'Trader' });
    expect((await patch({})).status).toBe(400);

    const reprocess = await t.request(`/api/accounts/${accountId}/contacts/reprocess`, { method: 'POST', cookie });
    expect(reprocess.status).toBe(200);
    const after = (await listAll()).contacts.find((c) => c.id === first!.id)!;
    expect(after).toMatchObject({ phoneNumber: '+1 713 555 0100', jobTitle: 'Trader', department: null, notes: '' });
  });

  it('gives identical contacts and statistics when rebuilt twice', async () => {
    const before = await everyContact();
    await t.request(`/api/accounts/${accountId}/contacts/reprocess`, { method: 'POST', cookie });
    const strip = (all: ContactJson[]) =>
      all.map(({ emailAddress, companyName, contactStatistics }) => ({
        emailAddress,
        companyName,
        stats: contactStatistics.map(
          ({ updatedAt: _, ...rest }: ContactJson['contactStatistics'][number] & { updatedAt?: string }) => rest,
        ),
      }));
    expect(strip(await everyContact())).toEqual(strip(before));
  });

  it('keeps a contact the user deleted deleted', async () => {
    const [first] = (await list()).body.contacts;
    await t.deps.db.update(contacts).set({ userDeleted: true }).where(eq(contacts.id, first!.id));
    await t.request(`/api/accounts/${accountId}/contacts/reprocess`, { method: 'POST', cookie });
    const addresses = (await everyContact()).map((c) => c.emailAddress);
    expect(addresses).not.toContain(first!.emailAddress);
    const [row] = await t.deps.db
      .select({ userDeleted: contacts.userDeleted })
      .from(contacts)
      .where(and(eq(contacts.emailAccountId, accountId), eq(contacts.emailAddress, first!.emailAddress)));
    expect(row?.userDeleted).toBe(true);
  });

  it('updates the contacts new mail involves after an incremental sync', async () => {
    const raw = (subject: string, date: string) =>
      Buffer.from(
        `From: New Person <new.person@example.org>\r\nTo: phillip.allen@enron.com\r\nSubject: ${subject}\r\nDate: ${date}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@example.org>\r\n\r\nHello Phillip,\r\nCan we talk about the gas storage deal?\r\n\r\nNew Person\r\nDirector of Trading\r\nPhone: (713) 555-0199\r\n`,
      );
    dovecot.seed('phillip', 'INBOX', [{ raw: raw('Gas storage deal', 'Mon, 4 Dec 2000 10:00:00 -0600') }]);
    await t.deps.queue.enqueue(syncMailJob, { userId: user.id, accountId });
    const found = await waitFor(
      async () => (await list('?search=new.person')).body.contacts,
      (rows) => rows.length === 1,
    );
    expect(found[0]).toMatchObject({
      emailAddress: 'new.person@example.org',
      companyName: 'Example',
      jobTitle: 'Director of Trading',
      phoneNumber: '(713) 555-0199',
      contactStatistics: [{ emailsReceived: 1, emailsSent: 0, totalInteractions: 1 }],
    });
  });

  it('keeps every contact route away from other users', async () => {
    expect((await list('', other.cookie)).status).toBe(404);
    const companies = await t.request(`/api/accounts/${accountId}/contacts/companies`, { cookie: other.cookie });
    expect(companies.status).toBe(404);
    const reprocess = await t.request(`/api/accounts/${accountId}/contacts/reprocess`, { method: 'POST', cookie: other.cookie });
    expect(reprocess.status).toBe(404);
    const [first] = (await list()).body.contacts;
    const patch = await t.request(`/api/contacts/${first!.id}`, { method: 'PATCH', cookie: other.cookie, json: { notes: 'mine now' } });
    expect(patch.status).toBe(404);
    expect((await patch.json()).error.message).toBe(CONTACT_MESSAGES.notFound);
  });
});
