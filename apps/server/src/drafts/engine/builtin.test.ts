import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { buildStyleProfile } from '../../style/engine/build-profile.ts';
import type { SentMail } from '../../style/engine/types.ts';
import { understood } from '../../test-support/compose-input.ts';
import { CORPUS_DIR, listFiles } from '../../test-support/corpus.ts';
import { languageOf } from '../../understanding/engine/language.ts';
import { builtinDraft, postProcess } from './compose.ts';
import { factsOf, unsourcedFacts } from './facts.ts';
import { buyTimePromise } from './holding-reply.ts';
import { ownText } from './mail-words.ts';
import { rougeL } from './rouge.ts';
import type { ComposeInput, PastReply } from './types.ts';

// Michelle Cash's mailbox (../corpus-c): she signs on the text's last line ("Thanks for the info.
// Michelle") or with initials ("Looks good to me. MHC"), which the first engine got wrong.
const CASH = path.join(CORPUS_DIR, '..', 'corpus-c', 'enron', 'cash-m');
const MICHELLE = { name: 'Michelle Cash', addresses: ['michelle.cash@enron.com'] };

async function body(file: string): Promise<{ text: string; parsed: Awaited<ReturnType<typeof parseMessage>> }> {
  const parsed = await parseMessage(new Uint8Array(fs.readFileSync(path.join(CASH, file))));
  return { text: parsed.bodyText ?? '', parsed };
}

async function michelleInput(incoming: string, overrides: Partial<ComposeInput> = {}): Promise<ComposeInput> {
  const { parsed } = await body(incoming);
  return {
    email: {
      id: incoming,
      from: { address: parsed.senderEmail ?? '', name: 'Goode, Diane' },
      to: [],
      cc: [],
      subject: parsed.subject,
      text: ownText(parsed.bodyText),
      date: parsed.date,
      messageId: parsed.messageId,
    },
    thread: [],
    owner: MICHELLE,
    contact: null,
    profile: null,
    pastReplies: [],
    knowledge: [],
    attachments: [],
    mode: 'full',
    buyTimeHours: 24,
    now: new Date('2001-12-01T00:00:00Z'),
    ...overrides,
  };
}

/**
 * Diane Goode asks Michelle a question she answered before (the answer plan: the same ask from the
 * same sender). The mail is Diane's real one (inbox/137) with her question as its text.
 */
const QUESTION = 'Michelle,\n\nIs the final letter to RWE Trading ready to go out?\n\nDiane';

function askedBefore(id: string, text: string, score: number, subject = 'Final letter', date: Date | null = null): PastReply {
  return {
    incoming: { subject, text: 'Michelle, is the final letter ready to go out? Diane', from: null, date },
    reply: { id, subject: `Re: ${subject}`, text, date },
    sameSender: true,
    score,
  };
}

async function questionInput(pastReplies: PastReply[]): Promise<ComposeInput> {
  const input = await michelleInput('inbox/137.', { pastReplies });
  return understood({ ...input, email: { ...input.email, text: QUESTION } });
}

describe('built-in engine on Michelle Cash’s mail', () => {
  it('never takes the first word of a past reply for the old greeting name ("Looks good" stayed, not "Diane good")', async () => {
    const { text } = await body('sent/477.');
    expect(text.trim()).toBe('Looks good to me. MHC');
    const draft = builtinDraft(await questionInput([askedBefore('reply-1', text, 1)]));
    expect(draft.plan).toBe('answer');
    expect(draft.body).toContain('Looks good to me.');
    expect(draft.body).not.toContain('Diane good');
    // Her initials signed the old reply; they are no part of the new one.
    expect(draft.body).not.toContain('MHC');
  });

  it('keeps a signature written on the last line once (no "Thanks for the info. Michelle" + "Michelle")', async () => {
    const emails: SentMail[] = [];
    for (const file of listFiles(path.join(CASH, 'sent_items'))) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      emails.push({
        id: file,
        subject: parsed.subject,
        bodyText: parsed.bodyText,
        bodyHtml: null,
        toEmails: parsed.recipientEmails,
        ccEmails: parsed.ccEmails,
        sentAt: parsed.date,
        answers: null,
      });
    }
    const profile = buildStyleProfile({ emails, ownAddresses: MICHELLE.addresses, ownName: MICHELLE.name, internalDomains: ['enron.com'] });
    expect(profile.signatureStyle.example).toBe('Michelle');
    const { text } = await body('sent_items/324.');
    const own = text.split('-----Original Message-----')[0]!.trim();
    expect(own).toBe('This is great!  Thanks for the info.  Michelle');
    const result = postProcess(await michelleInput('inbox/137.', { profile }), {
      body: own,
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'builtin',
      plan: 'holding' as const,
      handling: [],
    });
    expect(result.body.match(/Michelle/g)).toHaveLength(1);
    expect(result.body.endsWith('Thanks for the info. Michelle')).toBe(true);
  });

  it('trims the adapted reply to the length learnt for this sender (drafting memory), the contact beating the global one', async () => {
    const { text } = await body('sent_items/324.');
    const own = text.split('-----Original Message-----')[0]!.trim();
    const input = await questionInput([askedBefore('reply-1', own, 1)]);
    const at = new Date('2001-11-01T00:00:00Z');
    const length = (scope: 'global' | 'sender', scopeValue: string, value: string) =>
      ({ scope, scopeValue, kind: 'length', value, replacement: null, evidence: 3, firstSeenAt: at, lastSeenAt: at }) as const;
    expect(builtinDraft(input).body).toContain('This is great! Thanks for the info.');
    const sender = input.email.from.address.toLowerCase();
    const draft = builtinDraft({ ...input, memory: [length('global', '', '40'), length('sender', sender, '3')] });
    const trimmed = draft.body;
    expect(draft.reasons).toContain('Kept to about 3 words: what Penman learnt of how long you answer this sender');
    expect(trimmed).toContain('This is great!');
    expect(trimmed).not.toContain('Thanks for the info');
    // Another sender's length is not this one's.
    expect(builtinDraft({ ...input, memory: [length('sender', 'someone@else.com', '3')] }).body).toContain('Thanks for the info');
  });

  it('answers from another past answer to the same ask when the best one is one the user keeps rejecting drafts of (drafting memory), and says so', async () => {
    const { text: looksGood } = await body('sent/477.');
    const { text: great } = await body('sent_items/324.');
    const input = await questionInput([
      askedBefore('reply-great', great.split('-----Original Message-----')[0]!.trim(), 1),
      askedBefore('reply-looks-good', looksGood, 2, 'Letters to RWE Trading', new Date('2001-10-02T15:00:00Z')),
    ]);
    const before = builtinDraft(input);
    expect(before.body).toContain('Looks good to me.');
    expect(before.usedSources).toMatchObject([
      { kind: 'past_reply', replyEmailId: 'reply-looks-good', subject: 'Re: Letters to RWE Trading' },
    ]);

    const at = new Date('2001-11-01T00:00:00Z');
    const avoid = (value: string) =>
      ({
        scope: 'global',
        scopeValue: '',
        kind: 'avoid_source',
        value,
        replacement: null,
        evidence: 2,
        firstSeenAt: at,
        lastSeenAt: at,
      }) as const;
    const after = builtinDraft({ ...input, memory: [avoid('reply-looks-good')] });
    expect(after.body).toContain('This is great! Thanks for the info.');
    expect(after.body).not.toContain('Looks good to me.');
    expect(after.usedSources).toMatchObject([{ kind: 'past_reply', replyEmailId: 'reply-great' }]);
    expect(after.reasons).toContain(
      'Left out your reply to "Letters to RWE Trading" on 2001-10-02: you rejected or rewrote the drafts adapted from it',
    );
    // Avoiding a reply that would not have been chosen changes nothing, and says nothing.
    expect(builtinDraft({ ...input, memory: [avoid('reply-great')] })).toEqual(before);
    // With every same answer avoided: a holding reply naming the question, which says why.
    const holding = builtinDraft({ ...input, memory: [avoid('reply-looks-good'), avoid('reply-great')] });
    expect(holding.plan).toBe('holding');
    expect(holding.usedSources).toEqual([]);
    expect(holding.body).toContain('the final letter');
    expect(holding.reasons[1]).toMatch(/^Left out your reply to "Letters to RWE Trading"/);
  });

  it('reads an English mail with a signature block as English (words joined without punctuation read as German)', async () => {
    const { parsed } = await body('inbox/21.');
    const text = ownText(parsed.bodyText);
    expect(text).toContain('Do you see a problem with me providing continued approval');
    expect(languageOf(text)).toBe('en');
  });
});

describe('drafting rules', () => {
  it('finds the facts of a text and compares them by their digits', () => {
    expect(factsOf('We pay $1,200.00 on 10/30/01 at 10:30am, 5% more.').map((fact) => fact.text)).toEqual([
      '$1,200.00',
      '10/30/01',
      '10:30am',
      '5%',
    ]);
    expect(unsourcedFacts('The price is $1,200 and the fee 350.', ['Price: 1200 USD'])).toEqual(['350']);
    // A date written differently is the same date.
    expect(unsourcedFacts('See you on 10/30.', ['Meeting 10/30/01'])).toEqual([]);
    // List markers number the draft's own points.
    expect(unsourcedFacts('1. Sign\n2. Fax', [])).toEqual([]);
  });

  it('words Buy Time promises as people write them', () => {
    expect([1, 3, 12, 24, 36, 48, 72, 168, 336].map(buyTimePromise)).toEqual([
      'within the hour',
      'in the next few hours',
      'later today',
      'by tomorrow',
      'within 2 days',
      'within 2 days',
      'within 3 days',
      'within a week',
      'within 2 weeks',
    ]);
  });

  it('scores ROUGE-L F1 on words', () => {
    expect(rougeL('Bob, let me know. Phillip', 'Bob,\n\nLet me know how I can help.\n\nPhillip')).toBeCloseTo(
      (2 * 1 * (5 / 9)) / (1 + 5 / 9),
      5,
    );
    expect(rougeL('', 'anything')).toBe(0);
    expect(rougeL('same words', 'Same, words!')).toBe(1);
  });
});
