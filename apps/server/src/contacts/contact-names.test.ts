import type { Contact, ListContactsResponse } from '@penman/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { profiles } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';

// Issue 16: contacts read right. Names come from every header (From, To, Cc) and from signatures;
// free-mail and ISP domains give no company; the signature's company wins over the domain's; the
// owner's own names are no contact's topic. A mailbox file goes through the real import route, sync
// and initialization, so the recipients' display names are stored and read back from PostgreSQL.

const t = await createTestApp({}, { workers: true });
const { cookie, user } = await t.signUpAndIn('vince@example.com');
await t.deps.db.update(profiles).set({ firstName: 'Wincenty', lastName: 'Kaminski' }).where(eq(profiles.userId, user.id));

const OWNER = 'vince.kaminski@enron.com';
let n = 0;
const message = (headers: string[], body: string) =>
  Buffer.from(
    [
      ...headers,
      `Message-ID: <m${++n}@test>`,
      `Date: Mon, ${String(n).padStart(2, '0')} Apr 2001 10:00:00 -0500`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=us-ascii',
      '',
      body,
      '',
    ].join('\r\n'),
  );

const mailbox = toMbox([
  // Sent: Dana is named in To, Eve in Cc; the subject names the owner.
  message(
    [
      `From: "Kaminski, Vince J" <${OWNER}>`,
      'To: "Dana Scully" <dana@fbi.gov>',
      'Cc: "Moneypenny, Eve" <eve@mi6.co.uk>',
      'Subject: Vince: the budget',
    ],
    'Dana, the budget is attached.\n\nVince',
  ),
  // Received from an address with no display name, signed with a full name, title and company,
  // from a short domain (eei.org): the signature names him and his company.
  message(
    ['From: jsmith@eei.org', `To: ${OWNER}`, 'Subject: Wincenty, the curve'],
    'Vince,\n\nThe forward curve is ready.\n\nRegards,\n\nJohn Smith\nDirector, Transmission Policy\nEdison Electric Institute\n202-508-5000',
  ),
  // Free mail: no company, whatever the domain's label says.
  message(['From: alpha-@caramail.com', `To: ${OWNER}`, 'Subject: Caramail hello'], 'Hello from Caramail.'),
  message(['From: "Les Clewlow" <les_clewlow@compuserve.com>', `To: ${OWNER}`, 'Subject: Paper'], 'The paper is done.'),
  message(['From: gdarrah@bigfoot.com', `To: ${OWNER}`, 'Subject: Lunch'], 'Lunch on Friday?'),
  // A US state agency: energy.state.ca.us names no company ("Ca" before).
  message(['From: pyoo@energy.state.ca.us', `To: ${OWNER}`, 'Subject: Filing'], 'The filing is due.'),
  // Eve writes back, with Frank named only in her Cc.
  message(['From: eve@mi6.co.uk', `To: ${OWNER}`, 'Cc: Frank Castle <frank@mi6.co.uk>', 'Subject: RE: Vince: the budget'], 'Agreed.'),
  message([`From: ${OWNER}`, 'To: frank@mi6.co.uk', 'Subject: Kaminski model'], 'See attached.'),
]);

const form = new FormData();
form.set('emailAddress', OWNER);
form.set('file', new Blob([mailbox]), 'sent-and-inbox.mbox');
const imported = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
const accountId: string = (await imported.json()).account.id;
for (const deadline = Date.now() + 60_000; ; ) {
  const { account } = await (await t.request(`/api/accounts/${accountId}`, { cookie })).json();
  if (account.initializationStatus !== 'initializing') {
    expect(account.initializationStatus).toBe('completed');
    break;
  }
  if (Date.now() > deadline) throw new Error('initialization did not end');
  await new Promise((r) => setTimeout(r, 200));
}

const listed = (await (
  await t.request(`/api/accounts/${accountId}/contacts?limit=100&offset=0`, { cookie })
).json()) as ListContactsResponse;
const byAddress = new Map<string, Contact>(listed.contacts.map((contact) => [contact.emailAddress, contact]));
const contact = (address: string) => {
  const found = byAddress.get(address);
  if (!found) throw new Error(`no contact ${address} among ${[...byAddress.keys()].join(', ')}`);
  return found;
};

describe('contact names', () => {
  it('come from To and Cc display names', () => {
    expect(contact('dana@fbi.gov')).toMatchObject({ displayName: 'Dana Scully', firstName: 'Dana', lastName: 'Scully' });
    expect(contact('eve@mi6.co.uk')).toMatchObject({ displayName: 'Moneypenny, Eve', firstName: 'Eve', lastName: 'Moneypenny' });
    expect(contact('frank@mi6.co.uk')).toMatchObject({ displayName: 'Frank Castle', firstName: 'Frank', lastName: 'Castle' });
  });

  it('come from the signature when no header has one', () => {
    expect(contact('jsmith@eei.org')).toMatchObject({ displayName: 'John Smith', firstName: 'John', lastName: 'Smith' });
    expect(contact('les_clewlow@compuserve.com')).toMatchObject({ displayName: 'Les Clewlow' });
    expect(contact('gdarrah@bigfoot.com')).toMatchObject({ displayName: null, firstName: null, lastName: null });
  });
});

describe('contact companies', () => {
  it('are never a free-mail or ISP domain, nor a US locality', () => {
    for (const address of ['alpha-@caramail.com', 'les_clewlow@compuserve.com', 'gdarrah@bigfoot.com', 'pyoo@energy.state.ca.us']) {
      expect(contact(address).companyName, address).toBeNull();
    }
  });

  it("are the signature's company when there is one, else the domain's organisation", () => {
    expect(contact('jsmith@eei.org')).toMatchObject({
      companyName: 'Edison Electric Institute',
      jobTitle: 'Director, Transmission Policy',
    });
    expect(contact('dana@fbi.gov').companyName).toBe('FBI');
    expect(contact('eve@mi6.co.uk').companyName).toBe('MI6');
  });

  it('list no free-mail company in the filter', async () => {
    const { companies } = await (await t.request(`/api/accounts/${accountId}/contacts/companies`, { cookie })).json();
    expect(companies).toEqual(['Edison Electric Institute', 'FBI', 'MI6']);
  });
});

describe('contact topics', () => {
  it("leave out the owner's names: his address, the name on his sent mail and his profile", () => {
    expect(contact('eve@mi6.co.uk').contactStatistics[0]!.mostCommonSubjectKeywords).toEqual(['budget']);
    expect(contact('frank@mi6.co.uk').contactStatistics[0]!.mostCommonSubjectKeywords).toEqual(['model']);
    expect(contact('jsmith@eei.org').contactStatistics[0]!.mostCommonSubjectKeywords).toEqual(['curve']);
  });
});
