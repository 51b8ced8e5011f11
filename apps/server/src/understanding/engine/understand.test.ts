import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { emptyHistory, needsReply, needsReview, type TriageMail, triageMailOfParsed } from './triage.ts';
import type { Reader, Understanding } from './types.ts';
import { asksOfReader, understandEmail } from './understand.ts';

// Every rule of the understanding, on real mail: the public Enron mailboxes of the three corpus
// groups and the MIME fixtures. Each mailbox's owner is the reader, with the addresses they send
// from and their names, as the service gives them (profile name, addresses).

const SHARED = path.resolve(CORPUS_DIR, '..');

const READERS: Record<string, Reader> = {
  'cash-m': { addresses: ['michelle.cash@enron.com'], names: ['michelle', 'cash'] },
  'nemec-g': { addresses: ['gerald.nemec@enron.com'], names: ['gerald', 'nemec'] },
  'lavorato-j': { addresses: ['john.lavorato@enron.com'], names: ['john', 'lavorato'] },
  'beck-s': { addresses: ['sally.beck@enron.com'], names: ['sally', 'beck'] },
  'kaminski-v': { addresses: ['vince.kaminski@enron.com', 'j.kaminski@enron.com'], names: ['vince', 'kaminski'] },
  'steffes-j': { addresses: ['james.steffes@enron.com', 'd..steffes@enron.com'], names: ['james', 'jim', 'steffes'] },
  'watson-k': { addresses: ['kimberly.watson@enron.com'], names: ['kimberly', 'watson'] },
  'haedicke-m': { addresses: ['mark.haedicke@enron.com', 'e..haedicke@enron.com'], names: ['mark', 'haedicke'] },
  'heard-m': { addresses: ['marie.heard@enron.com'], names: ['marie', 'heard'] },
  'sager-e': { addresses: ['elizabeth.sager@enron.com'], names: ['elizabeth', 'sager'] },
  'scott-s': { addresses: ['susan.scott@enron.com'], names: ['susan', 'scott'] },
  'hernandez-j': { addresses: ['juan.hernandez@enron.com'], names: ['juan', 'hernandez'] },
  'giron-d': { addresses: ['darron.giron@enron.com', 'c..giron@enron.com'], names: ['darron', 'giron'] },
  'allen-p': { addresses: ['phillip.allen@enron.com', 'k..allen@enron.com'], names: ['phillip', 'allen'] },
};

async function read(file: string): Promise<TriageMail> {
  return triageMailOfParsed(await parseMessage(new Uint8Array(fs.readFileSync(path.join(SHARED, file)))));
}

/** A corpus mail understood from its owner's side: `corpus-c/cash-m/inbox/41.`. */
async function understand(file: string): Promise<{ mail: TriageMail; understanding: Understanding }> {
  const [group, user, ...rest] = file.split('/');
  const mail = await read(path.join(group!, 'enron', user!, ...rest));
  return { mail, understanding: understandEmail(mail, READERS[user!]!) };
}

const things = (understanding: Understanding) => understanding.asks.map((ask) => ask.thing);

describe('what is asked, as a short phrase from the text', () => {
  it.each([
    // A request with a deadline (ASAP), to a pair of people: "send me X" is "send X".
    [
      'corpus-c/haedicke-m/inbox/512.',
      {
        type: 'action',
        verb: 'send',
        thing: 'send final executed copies of all the Merger related documents',
        of: 'group',
        deadline: 'ASAP',
      },
    ],
    // A question put as a wish ("I wanted to see if ..."): whether the thing is so.
    [
      'corpus-c/cash-m/inbox/99.',
      { type: 'question', form: 'yes_no', thing: 'whether there are any notification requirements in WV', of: 'reader' },
    ],
    // An open question, the sender's "I" made the sender's name.
    ['corpus-b/nemec-g/inbox/1301.', { type: 'question', form: 'open', thing: 'how David should handle this', of: 'reader' }],
    // A meeting asked for, no question mark.
    [
      'corpus-c/cash-m/inbox/191.',
      { type: 'scheduling', step: 'propose', thing: 'meet on this with you also (Enron Networks contract)', of: 'group' },
    ],
  ])('%s', async (file, expected) => {
    const { understanding } = await understand(file);
    const { deadline, ...fields } = expected as typeof expected & { deadline?: string };
    expect(understanding.asks[0]).toMatchObject(fields);
    if (deadline) expect(understanding.asks[0]!.deadline?.text).toBe(deadline);
  });

  it.each([
    ['corpus-b/nemec-g/inbox/327.', 'hu'],
    ['corpus-b/nemec-g/inbox/389.', 'es'],
    ['corpus/steffes-j/inbox/185.', 'la'],
  ])('reads short or jargon-heavy English as English (%s: n-grams alone said %s)', async (file) => {
    const { understanding } = await understand(file);
    expect(understanding.language).toBe('en');
    expect(understanding.read).toBe(true);
    expect(understanding.asks.length).toBeGreaterThan(0);
  });

  it('a colleague\'s "Can I have a draft?" inside a parenthesis asks to send it', async () => {
    const { understanding } = await understand('corpus-c/heard-m/inbox/265.');
    expect(understanding.asks).toContainEqual(
      expect.objectContaining({ type: 'action', verb: 'send', thing: 'send a draft', of: 'reader' }),
    );
  });

  it('"Please take a look at this deal. Also, is anybody working on a special contract?" asks two things of a small group', async () => {
    const { understanding } = await understand('corpus-b/nemec-g/inbox/570.');
    expect(things(understanding)).toEqual(['take a look at this deal', 'whether anybody is working on a special contract for this deal']);
    expect(understanding.asks.every((ask) => ask.of === 'group')).toBe(true);
  });
});

describe('who is asked', () => {
  it('"I have asked Ron to make direct contact with you" asks Ron, not the reader (greeted "Michell:", a letter off)', async () => {
    const { understanding } = await understand('corpus-c/cash-m/inbox/41.');
    expect(understanding.audience.greetsReader).toBe(true);
    expect(understanding.asks).toEqual([expect.objectContaining({ of: 'someone', who: 'Ron', thing: 'make direct contact with you' })]);
    expect(asksOfReader(understanding)).toEqual([]);
  });

  it('only in Cc of a question to others: nothing is asked of the reader', async () => {
    const { mail, understanding } = await understand('corpus-c/cash-m/inbox/31.');
    expect(understanding.audience.kind).toBe('cc');
    expect(asksOfReader(understanding)).toEqual([]);
    expect(needsReply(mail, understanding, { history: emptyHistory() }).reasons[0]).toMatch(/^Only in Cc; asks /);
  });

  it('a large named distribution asking each person to answer (attendance) asks the reader too', async () => {
    const { understanding } = await understand('corpus/lavorato-j/inbox/130.');
    expect(understanding.audience).toMatchObject({ kind: 'list' });
    expect(understanding.audience.recipients).toBeGreaterThan(40);
    expect(asksOfReader(understanding).map((ask) => ask.thing)).toContain('return this e-mail to Joannie with your response');
    expect(understanding.kind).toBe('scheduling');
  });

  it('a large distribution asking them to agree among themselves asks no one in particular', async () => {
    const { understanding } = await understand('corpus/steffes-j/inbox/473.');
    expect(understanding.audience.kind).toBe('list');
    expect(understanding.asks.length).toBeGreaterThan(0);
    expect(asksOfReader(understanding)).toEqual([]);
  });

  it('an address of the reader that is not theirs by name (vkamins@ for vince.kaminski@) and a greeting by the long name (Vincent)', async () => {
    const { understanding } = await understand('corpus/kaminski-v/inbox/157.');
    expect(understanding.audience.kind).not.toBe('hidden');
    expect(understanding.audience.greetsReader).toBe(true);
    expect(asksOfReader(understanding)).toContainEqual(
      expect.objectContaining({ thing: 'help us to narrow down to a reasonable number', of: 'group' }),
    );
  });

  it('a vocative at the end of the sentence names whom it asks ("do you want to go elizabeth??", she only in Cc)', async () => {
    const { understanding } = await understand('corpus-b/sager-e/inbox/295.');
    expect(understanding.audience.kind).toBe('cc');
    expect(asksOfReader(understanding)).toEqual([
      expect.objectContaining({ of: 'reader', thing: 'whether you want to go (Credit issues)' }),
    ]);
  });
});

describe('no ask: courtesy, statements, forwards, thanks', () => {
  it('"If you have any questions, please call my voice mail" asks nothing', async () => {
    const { understanding } = await understand('corpus/steffes-j/inbox/51.');
    expect(asksOfReader(understanding)).toEqual([]);
  });

  it('"Let me know if you hear anything else about this" waits on news that may never come: no ask', async () => {
    const { understanding } = await understand('corpus-c/giron-d/inbox/110.');
    expect(asksOfReader(understanding)).toEqual([]);
  });

  it('a forward whose only note is "FYI." (and an AOL "=====Original Message" line) asks nothing of what it forwards', async () => {
    const { understanding } = await understand('corpus/watson-k/inbox/159.');
    expect(understanding.forward).not.toBeNull();
    expect(understanding.asks).toEqual([]);
    expect(understanding.kind).toBe('fyi');
  });

  it("a colleague's forward with no note passes on what the forwarded mail asks, hedged", async () => {
    const { understanding } = await understand('corpus-b/nemec-g/inbox/795.');
    expect(understanding.forward).toEqual({ note: false });
    expect(asksOfReader(understanding).length).toBeGreaterThan(0);
    expect(asksOfReader(understanding).every((ask) => ask.strength === 'weak')).toBe(true);
  });
});

describe('machine or person, bulk or personal', () => {
  it.each([
    ['corpus-b/beck-s/inbox/431.', 'machine', 'An out-of-office reply'],
    ['corpus-b/beck-s/inbox/281.', 'machine', 'Asks not to be answered (a system notice)'],
    ['corpus/kaminski-v/inbox/186.', 'bulk', 'Templated mail (newsletter or notice boilerplate)'],
    ['corpus/steffes-j/inbox/267.', 'machine', 'Sent from a no-reply or notification address'],
  ])('%s is %s: %s', async (file, kind, reason) => {
    const { mail, understanding } = await understand(file);
    expect(understanding.origin).toEqual({ kind, reason });
    expect(understanding.asks).toEqual([]);
    expect(needsReply(mail, understanding, { history: emptyHistory() })).toMatchObject({ needsReply: false, reasons: [reason] });
  });

  it('a system request whose action is a link to click asks nothing to answer', async () => {
    const { understanding } = await understand('corpus/allen-p/inbox/4.');
    expect(asksOfReader(understanding)).toEqual([]);
  });

  it('a mailing list (List-Id) from the MIME fixtures is bulk', async () => {
    const mail = await read('corpus/mime/stalwart-mail-parser/resources/eml/thirdparty/014.eml');
    const understanding = understandEmail(mail, { addresses: mail.recipientEmails, names: [] });
    expect(understanding.origin.kind).toBe('bulk');
  });
});

describe('sensitivity, with the words that show it', () => {
  it.each([
    ['corpus-c/haedicke-m/inbox/512.', 'legal', 'merger'],
    ['corpus-b/scott-s/inbox/155.', 'personal', 'injury'],
    ['corpus-c/hernandez-j/inbox/44.', 'hr', 'vacation'],
    ['corpus/steffes-j/inbox/444.', 'money', '$570,000'],
  ])('%s mentions %s (%s)', async (file, kind, word) => {
    const { mail, understanding } = await understand(file);
    const found = understanding.sensitivity.find((s) => s.kind === kind);
    expect(found?.words).toContain(word);
    const reply = needsReply(mail, understanding, { history: emptyHistory() });
    expect(needsReview(mail, understanding, reply).needsReview).toBe(true);
  });
});

describe('deadlines', () => {
  it('"by Friday" in a mail of Wednesday 3 October 2001 falls on Friday 5 October', async () => {
    const mail = await read('corpus/enron/kaminski-v/inbox/1.');
    const understanding = understandEmail(
      {
        ...mail,
        bodyText: 'Vince,\n\nCould you send me the model documentation by Friday?\n\nThanks',
        receivedDate: new Date('2001-10-03T15:00:00Z'),
      },
      READERS['kaminski-v']!,
    );
    expect(understanding.asks[0]?.deadline).toEqual({ text: 'by Friday', date: '2001-10-05' });
  });
});

describe('mail not in English', () => {
  it('is not read: its asks are not guessed, a person reads it', async () => {
    const mail = await read('corpus/mime/stalwart-mail-parser/resources/eml/thirdparty/015.eml');
    const understanding = understandEmail(mail, { addresses: mail.recipientEmails, names: [] });
    expect(understanding).toMatchObject({ language: 'de', read: false, asks: [], sensitivity: [] });
    const reply = needsReply(mail, understanding, { history: emptyHistory() });
    expect(reply.reasons[0]).toBe('Written in another language (de): its asks were not read');
    expect(needsReview(mail, understanding, reply).reasons).toContain('Written in another language (de): a person reads it');
  });
});
