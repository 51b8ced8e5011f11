import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { companyFromDomain, isAutomated, splitName } from '../../mail/engine/people.ts';
import { CORPUS_DIR, enronFolder } from '../../test-support/corpus.ts';
import { buildContacts, frequencyOf, type MailForContacts, relationshipStrength, subjectKeywords } from './build-contacts.ts';

const NOW = new Date('2024-03-31T12:00:00Z');
const mail = (m: Partial<MailForContacts>): MailForContacts => ({
  messageId: null,
  inReplyTo: null,
  threadId: null,
  subject: null,
  senderEmail: null,
  senderName: null,
  recipientEmails: [],
  ccEmails: [],
  recipientNames: {},
  receivedDate: null,
  isOutgoing: false,
  headers: {},
  ...m,
});

// The user is me@acme.com, who also sends as boss@acme.com (an alias seen in Sent).
const threads: MailForContacts[] = [
  mail({
    messageId: 'a1',
    threadId: 'a1',
    subject: 'Quarterly budget review',
    senderEmail: 'Ann@Partner.COM',
    senderName: 'Lee, Ann',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-01T09:00:00Z'),
  }),
  mail({
    messageId: 'a2',
    inReplyTo: 'a1',
    threadId: 'a1',
    subject: 'Re: Quarterly budget review',
    senderEmail: 'me@acme.com',
    recipientEmails: ['ann@partner.com'],
    ccEmails: ['bob@acme.com'],
    receivedDate: new Date('2024-03-01T15:00:00Z'),
    isOutgoing: true,
  }),
  mail({
    messageId: 'a3',
    inReplyTo: 'a2',
    threadId: 'a1',
    subject: 'RE: Quarterly budget review',
    senderEmail: 'ann@partner.com',
    senderName: 'Ann Lee',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-02T09:00:00Z'),
  }),
  mail({
    messageId: 'a4',
    inReplyTo: 'a3',
    threadId: 'a1',
    subject: 'Re: Quarterly budget review',
    senderEmail: 'boss@acme.com',
    recipientEmails: ['ann@partner.com'],
    receivedDate: new Date('2024-03-02T11:00:00Z'),
    isOutgoing: true,
  }),
  mail({
    messageId: 'b1',
    threadId: 'b1',
    subject: 'Lunch?',
    senderEmail: 'bob@acme.com',
    senderName: 'Bob Stone',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-10T10:00:00Z'),
  }),
  mail({
    messageId: 'n1',
    subject: 'Your invoice',
    senderEmail: 'no-reply@billing.example.com',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-05T10:00:00Z'),
  }),
  mail({
    messageId: 'n2',
    subject: 'Weekly digest',
    senderEmail: 'digest@news.example.com',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-06T10:00:00Z'),
    headers: { listUnsubscribe: '<mailto:u@news.example.com>' },
  }),
  mail({
    messageId: 's1',
    subject: 'Note to self',
    senderEmail: 'boss@acme.com',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-03-07T10:00:00Z'),
  }),
  mail({
    messageId: 'c1',
    subject: 'Hello',
    senderEmail: 'carol@gmail.com',
    senderName: 'Carol',
    recipientEmails: ['me@acme.com'],
    receivedDate: new Date('2024-01-01T10:00:00Z'),
  }),
];

describe('buildContacts on a hand-made thread set', () => {
  const contacts = buildContacts(threads, {
    ownAddresses: ['me@acme.com', 'boss@acme.com'],
    ignoredAddresses: ['carol@gmail.com'],
    now: NOW,
  });
  const byEmail = new Map(contacts.map((c) => [c.emailAddress, c]));

  it('keeps only people: not the user or an alias, not automated senders, not ignored addresses', () => {
    expect([...byEmail.keys()].sort()).toEqual(['ann@partner.com', 'bob@acme.com']);
  });

  it('counts, names and measures the reply time exactly', () => {
    const ann = byEmail.get('ann@partner.com')!;
    expect(ann).toMatchObject({
      displayName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'partner.com',
      companyName: 'Partner',
      isInternal: false,
    });
    expect(ann.stats).toMatchObject({
      emailsSent: 2,
      emailsReceived: 2,
      totalInteractions: 4,
      // a2 answered a1 after 6 h; a4 (from the alias) answered a3 after 2 h.
      avgResponseTimeHours: 4,
      firstInteractionAt: new Date('2024-03-01T09:00:00Z'),
      lastInteractionAt: new Date('2024-03-02T11:00:00Z'),
      mostCommonSubjectKeywords: ['budget', 'quarterly', 'review'],
      interactionFrequency: 'medium',
    });
    const bob = byEmail.get('bob@acme.com')!;
    expect(bob).toMatchObject({ displayName: 'Bob Stone', isInternal: true, companyName: 'Acme' });
    // Cc'd on the budget reply (sent), wrote about lunch (received); keywords tie, so alphabetical.
    expect(bob.stats).toMatchObject({
      emailsSent: 1,
      emailsReceived: 1,
      avgResponseTimeHours: null,
      mostCommonSubjectKeywords: ['budget', 'lunch', 'quarterly', 'review'],
    });
  });

  it('scores a two-way, recent, deep relationship above a one-off', () => {
    const ann = byEmail.get('ann@partner.com')!.stats.relationshipStrength;
    const bob = byEmail.get('bob@acme.com')!.stats.relationshipStrength;
    expect(ann).toBeGreaterThan(bob);
    expect(ann).toBeGreaterThan(0);
    expect(ann).toBeLessThanOrEqual(1);
  });

  it('measures recency and frequency as of the newest mail, so an old archive keeps its strong ties', () => {
    const yearsLater = buildContacts(threads, {
      ownAddresses: ['me@acme.com', 'boss@acme.com'],
      ignoredAddresses: ['carol@gmail.com'],
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(yearsLater).toEqual(contacts);
    // Measured at a later moment (the account got newer mail from others), Ann has gone quiet.
    const later = buildContacts(threads, {
      ownAddresses: ['me@acme.com', 'boss@acme.com'],
      ignoredAddresses: ['carol@gmail.com'],
      now: new Date('2024-09-02T00:00:00Z'),
      asOf: new Date('2024-09-01T00:00:00Z'),
    });
    const annLater = later.find((c) => c.emailAddress === 'ann@partner.com')!.stats;
    expect(annLater.relationshipStrength).toBeLessThan(byEmail.get('ann@partner.com')!.stats.relationshipStrength);
    expect(annLater.interactionFrequency).toBe('low');
  });

  it('gives the same result on a rebuild', () => {
    expect(
      buildContacts(threads, { ownAddresses: ['me@acme.com', 'boss@acme.com'], ignoredAddresses: ['carol@gmail.com'], now: NOW }),
    ).toEqual(contacts);
  });
});

describe('names and topics (issue 16)', () => {
  const own = { ownAddresses: ['vince.kaminski@acme.com'], now: NOW };
  const named = [
    // Sent: the user's client wrote Dana's name in To, Eve's in Cc.
    mail({
      messageId: 'n1',
      subject: 'Vince: the budget',
      senderEmail: 'vince.kaminski@acme.com',
      senderName: 'Kaminski, Vince J',
      recipientEmails: ['dana@partner.com'],
      ccEmails: ['eve@partner.com'],
      recipientNames: { 'dana@partner.com': 'Dana Scully', 'eve@partner.com': '"Moneypenny, Eve"' },
      receivedDate: new Date('2024-03-01T09:00:00Z'),
      isOutgoing: true,
    }),
    // Received from Eve with no display name; Frank is named only in the Cc of her mail.
    mail({
      messageId: 'n2',
      subject: 'RE: Vince: the budget, Kaminski model',
      senderEmail: 'eve@partner.com',
      recipientEmails: ['vince.kaminski@acme.com'],
      ccEmails: ['frank@partner.com'],
      recipientNames: { 'frank@partner.com': 'Frank Castle' },
      receivedDate: new Date('2024-03-02T09:00:00Z'),
    }),
    mail({
      messageId: 'n3',
      subject: 'Vince, lunch',
      senderEmail: 'vince.kaminski@acme.com',
      recipientEmails: ['frank@partner.com', 'gus@partner.com', 'hal@partner.com'],
      // What address books put in a display name that is no name.
      recipientNames: { 'gus@partner.com': "'gus@partner.com'", 'hal@partner.com': 'hal' },
      receivedDate: new Date('2024-03-03T09:00:00Z'),
      isOutgoing: true,
    }),
  ];
  const byEmail = new Map(buildContacts(named, own).map((c) => [c.emailAddress, c]));

  it('names a contact from To and Cc display names, on sent and received mail', () => {
    expect(byEmail.get('dana@partner.com')).toMatchObject({ displayName: 'Dana Scully', firstName: 'Dana', lastName: 'Scully' });
    expect(byEmail.get('eve@partner.com')).toMatchObject({ displayName: 'Moneypenny, Eve', firstName: 'Eve', lastName: 'Moneypenny' });
    expect(byEmail.get('frank@partner.com')).toMatchObject({ displayName: 'Frank Castle', firstName: 'Frank', lastName: 'Castle' });
  });

  it('takes no address or bare local part for a name', () => {
    expect(byEmail.get('gus@partner.com')).toMatchObject({ displayName: null, firstName: null, lastName: null });
    expect(byEmail.get('hal@partner.com')).toMatchObject({ displayName: null, firstName: null, lastName: null });
  });

  it("drops the owner's names (from the address, the display name on sent mail and the profile) from a contact's topics", () => {
    expect(byEmail.get('eve@partner.com')!.stats.mostCommonSubjectKeywords).toEqual(['budget', 'model']);
    expect(byEmail.get('frank@partner.com')!.stats.mostCommonSubjectKeywords).toEqual(['lunch']);
    const withProfile = buildContacts([mail({ subject: 'Wincenty and the curve', senderEmail: 'ann@partner.com', receivedDate: NOW })], {
      ...own,
      ownNames: ['Wincenty Kaminski'],
    });
    expect(withProfile[0]!.stats.mostCommonSubjectKeywords).toEqual(['curve']);
  });
});

describe('the rules', () => {
  it.each([
    ['"Allen, Phillip K."', 'Phillip', 'Allen'],
    ['Vince J Kaminski', 'Vince', 'Kaminski'],
    ['Cher', 'Cher', null],
    ['someone@example.com', null, null],
    [null, null, null],
  ])('splits %s', (name, first, last) => {
    expect(splitName(name)).toEqual({ firstName: first, lastName: last });
  });

  it.each([
    ['enron.com', 'Enron'],
    ['mail.acme.co.uk', 'Acme'],
    ['gmail.com', null],
    ['yahoo.com', null],
    ['austin.rr.com', null],
    ['earthlink.net', null],
  ])('names the company of %s', (domain, company) => {
    expect(companyFromDomain(domain)).toBe(company);
  });

  it('strips reply prefixes and stop words from subjects', () => {
    expect(subjectKeywords('RE: Fw: Re[2]: The Q3 budget for the West Desk')).toEqual(['budget', 'west', 'desk']);
  });

  it.each([
    [25, 'very_high'],
    [20, 'very_high'],
    [19.9, 'high'],
    [8, 'high'],
    [2, 'medium'],
    [1.9, 'low'],
    [0, 'low'],
  ] as const)('%s interactions a month is %s', (perMonth, frequency) => {
    expect(frequencyOf(perMonth)).toBe(frequency);
  });

  it('weighs reciprocity, frequency, recency and depth', () => {
    expect(relationshipStrength({ sent: 10, received: 10, perMonth: 20, daysSinceLast: 0, depth: 1 })).toBe(1);
    expect(relationshipStrength({ sent: 0, received: 5, perMonth: 0, daysSinceLast: 90, depth: 0 })).toBe(0.125);
  });

  it('recognises automated senders', () => {
    expect(isAutomated({ senderEmail: 'mailer-daemon@x.com', headers: {} })).toBe(true);
    expect(isAutomated({ senderEmail: 'subscriptions@press.example.com', headers: {} })).toBe(true);
    expect(isAutomated({ senderEmail: 'noreply+abc@x.com', headers: {} })).toBe(true);
    expect(isAutomated({ senderEmail: 'ann@x.com', headers: { precedence: 'bulk' } })).toBe(true);
    expect(isAutomated({ senderEmail: 'ann@x.com', headers: { autoSubmitted: 'auto-replied' } })).toBe(true);
    expect(isAutomated({ senderEmail: 'ann@x.com', headers: { autoSubmitted: 'no' } })).toBe(false);
  });
});

// Every Enron mailbox of the corpus, as the sync stores it: the owner's addresses are the account's
// and every From seen in the Sent folders (how the sync learns aliases).
const MAILBOXES = {
  'allen-p': 'phillip.allen@enron.com',
  'kaminski-v': 'vince.kaminski@enron.com',
  'lavorato-j': 'john.lavorato@enron.com',
  'steffes-j': 'james.steffes@enron.com',
  'watson-k': 'kimberly.watson@enron.com',
} as const;
const SENT_FOLDERS = new Set(['sent', 'sent_items', '_sent_mail']);

describe.each(Object.entries(MAILBOXES))('buildContacts on the real Enron mailbox %s', async (user, address) => {
  const folders = fs.readdirSync(path.join(CORPUS_DIR, 'enron', user));
  const parsed: (MailForContacts & { sent: boolean })[] = [];
  for (const folder of folders) {
    for (const f of enronFolder(user, folder)) {
      const p = await parseMessage(fs.readFileSync(f));
      parsed.push({ ...p, receivedDate: p.date, isOutgoing: false, sent: SENT_FOLDERS.has(folder) });
    }
  }
  const own = [address, ...new Set(parsed.filter((m) => m.sent && m.senderEmail).map((m) => m.senderEmail!))];
  const mail = parsed.map(({ sent, ...m }) => ({ ...m, isOutgoing: sent || own.includes(m.senderEmail ?? '') }));
  const contacts = buildContacts(mail, { ownAddresses: own, now: new Date('2002-01-01') });

  it('never lists an address of the owner', () => {
    const addresses = new Set(contacts.map((c) => c.emailAddress));
    expect(own.filter((a) => addresses.has(a))).toEqual([]);
    expect(contacts.length).toBeGreaterThan(20);
  });

  it('puts people the owner really writes to at the top', () => {
    const top = contacts.slice(0, 5);
    expect(top.every((c) => c.stats.emailsSent > 0)).toBe(true);
    // Sorted by interactions, and every count adds up.
    for (const c of contacts) expect(c.stats.totalInteractions).toBe(c.stats.emailsSent + c.stats.emailsReceived);
    const totals = contacts.map((c) => c.stats.totalInteractions);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('gives identical results when built twice', () => {
    expect(buildContacts(mail, { ownAddresses: own, now: new Date('2002-01-01') })).toEqual(contacts);
  });
});
