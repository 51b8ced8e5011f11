import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_OFF } from '../../mail/engine/own-words.ts';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import type { StyleProfile } from '../../style/engine/types.ts';
import { allenStyleProfile, huntleyComposeInput, understood } from '../../test-support/compose-input.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { builtinDraft, composeReply, postProcess } from './compose.ts';
import { ownText } from './mail-words.ts';
import type { ComposeInput, PastReply } from './types.ts';

// Real mail: Phillip Allen's sent mail (his profile), the (incoming, reply) pairs of enron-pairs as
// his past replies, and a German mail from the MIME corpus.

type Pair = {
  user: string;
  incoming_path: string;
  reply_text_above_quote: string;
  incoming_from: string;
  subject: string;
  reply_date: string;
};

const PHILLIP = { name: 'Phillip K Allen', addresses: ['phillip.allen@enron.com', 'k..allen@enron.com'] };

const pairs = fs
  .readFileSync(path.join(CORPUS_DIR, 'enron-pairs', 'pairs.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Pair)
  .filter((pair) => pair.user === 'allen-p');

/** "Ratcliff, Renee </O=ENRON/...>" or '"Greg Thorse" <g@x>' → the display name. */
function xFromName(raw: Buffer): string | null {
  const value = /^X-From: (.*)$/m
    .exec(raw.toString('latin1'))?.[1]
    ?.replace(/<[^>]*>.*$/, '')
    .replace(/"/g, '')
    .trim();
  return value || null;
}

async function incomingMail(file: string): Promise<ComposeInput['email']> {
  const raw = fs.readFileSync(file);
  const parsed = await parseMessage(new Uint8Array(raw));
  return {
    id: file,
    from: { address: parsed.senderEmail ?? '', name: parsed.senderName ?? xFromName(raw) },
    to: [],
    cc: [],
    subject: parsed.subject,
    text: ownText(parsed.bodyText),
    date: parsed.date,
    messageId: parsed.messageId,
  };
}

const phillipProfile = () => allenStyleProfile(PHILLIP.name);

/** Phillip's other real replies, as the retrieval would hand them over. */
async function pastRepliesExcept(incomingPath: string, sender: string): Promise<PastReply[]> {
  const out: PastReply[] = [];
  for (const [index, pair] of pairs.entries()) {
    if (pair.incoming_path === incomingPath) continue;
    const incoming = await incomingMail(path.join(CORPUS_DIR, 'enron', pair.incoming_path));
    out.push({
      incoming: { subject: incoming.subject, text: incoming.text, from: pair.incoming_from, date: incoming.date },
      reply: { subject: pair.subject, text: pair.reply_text_above_quote, date: new Date(pair.reply_date) },
      sameSender: pair.incoming_from === sender,
      score: pairs.length - index,
    });
  }
  return out;
}

async function inputFor(incomingPath: string, profile: StyleProfile | null, overrides: Partial<ComposeInput> = {}): Promise<ComposeInput> {
  const email = await incomingMail(path.join(CORPUS_DIR, 'enron', incomingPath));
  // Understood as the drafts service hands it over; an override of the mail's text is read too.
  return understood({
    email,
    thread: [],
    owner: PHILLIP,
    contact: null,
    profile,
    pastReplies: await pastRepliesExcept(incomingPath, email.from.address),
    knowledge: [],
    attachments: [],
    mode: 'full',
    buyTimeHours: 24,
    now: new Date('2001-11-01T00:00:00Z'),
    ...overrides,
  });
}

function signOffLines(body: string): string[] {
  return body.split('\n').filter((line) => SIGN_OFF.test(line.trim()) || line.trim() === 'Phillip');
}

describe('composeReply on real mail', async () => {
  const profile = await phillipProfile();

  it("answers Greg Thorse's mail in Phillip's voice: his greeting with Greg's first name, his signature, once", async () => {
    // Phillip opens with the bare first name ("Greg,") and signs "Phillip" (his profile says so).
    expect(profile.greetingPatterns[0]?.text).toBe('[Name],');
    expect(profile.signatureStyle.example).toBe('Phillip');
    const result = composeReply(await inputFor('allen-p/inbox/3.', profile));
    expect(result.body.startsWith('Greg,\n')).toBe(true);
    expect(result.body.endsWith('\nPhillip')).toBe(true);
    expect(result.body.match(/Phillip/g)).toHaveLength(1);
    expect(signOffLines(result.body)).toEqual(['Phillip']);
    expect(result.subject).toBe('Re: Bishops Corner');
    expect(result.styleMatch).toBeGreaterThan(0);
    expect(result.language).toBe('en');
    expect(result.engine).toBe('builtin');
  });

  it('answers from his past answer to the same question from the same sender, keeping none of the old mail’s numbers', async () => {
    // Bob Huntley asks whether Phillip found his title policy (allen-p inbox/36); Bob asked it before.
    const asked = await huntleyComposeInput();
    const past: PastReply = {
      incoming: {
        subject: 'Title policy',
        text: 'Phillip,\n\nHave you found the title policy?\n\nBob',
        from: asked.email.from.address,
        date: null,
      },
      reply: {
        subject: 'Re: Title policy',
        text: 'Bob,\n\nNot yet. I have looked through my files at home and at the office and will keep looking this week. I will fax it to 512-555-0101 when I find it.\n\nPhillip',
        date: null,
      },
      sameSender: true,
      score: 5,
    };
    const input = understood({ ...asked, knowledge: [], pastReplies: [past, ...asked.pastReplies] });
    const raw = builtinDraft(input);
    expect(raw.plan).toBe('answer');
    expect(raw.body).toContain('Not yet. I have looked through my files at home');
    expect(raw.body).not.toContain('512-555-0101');
    expect(raw.usedSources).toMatchObject([{ kind: 'past_reply', subject: 'Re: Title policy' }]);
    expect(raw.reasons[0]).toMatch(/^Answer from what is known: you answered the same ask from this sender/);
    expect(raw.handling).toEqual([
      { ask: 'whether you have found the title policy', how: 'answered', detail: 'as you answered it before' },
    ]);
    const result = postProcess(input, raw);
    expect(result.reviewReasons.filter((reason) => reason.startsWith('Not found'))).toEqual([]);
    // Another sender's answer to the same question is not his answer to Bob.
    expect(builtinDraft(understood({ ...input, pastReplies: [{ ...past, sameSender: false }] })).plan).toBe('holding');
  });

  it('writes one sign-off when the engine signed and the profile signs too', async () => {
    const input = await inputFor('allen-p/inbox/3.', profile);
    const raw = {
      body: 'Greg,\n\nI will sign and fax the contracts.\n\nThanks,\nPhillip\n\nThanks,\nPhillip Allen',
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'test-llm',
      plan: 'holding' as const,
      handling: [],
    };
    const result = postProcess(input, raw);
    expect(result.body).toBe(
      `Greg,\n\nI will sign and fax the contracts.\n\n${profile.closingPatterns.find((p) => /^thanks/i.test(p.text))?.text ?? 'Thanks,'}\nPhillip`,
    );
    expect(result.body.match(/Phillip/g)).toHaveLength(1);
  });

  it('flags a price the draft invented, and not an amount the mail holds', async () => {
    const input = await inputFor('allen-p/inbox/3.', profile);
    const invented = postProcess(input, {
      body: 'Greg,\n\nWe can do it for $4,750 per unit.\n\nPhillip',
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'test-llm',
      plan: 'holding' as const,
      handling: [],
    });
    expect(invented.reviewReasons).toContainEqual(expect.stringContaining('$4,750'));
    // allen-p/inbox/59 (Mery Brown's meeting summary) names the 10 AM meeting: quoting it invents nothing.
    const sourced = await inputFor('allen-p/inbox/59.', profile);
    expect(sourced.email.text).toMatch(/\b10\b/);
    const fine = postProcess(sourced, {
      body: 'Mery,\n\nThe 10 works for me.\n\nPhillip',
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'test-llm',
      plan: 'holding' as const,
      handling: [],
    });
    expect(fine.reviewReasons).toEqual([]);
  });

  it('holds with a reply in his voice that names what Greg asks and when the answer comes, when nothing known answers it', async () => {
    const result = composeReply(await inputFor('allen-p/inbox/3.', profile, { pastReplies: [] }));
    expect(result.plan).toBe('holding');
    expect(result.reasons[0]).toMatch(/^Holding reply: /);
    expect(result.body).toMatch(/^Greg,\n[\s\S]*how to handle (this|it)[\s\S]*by tomorrow[\s\S]*\nPhillip$/);
    expect(result.handling.map((item) => item.how)).toEqual(result.handling.map(() => 'promised'));
    expect(result.body.split(/\s+/).length).toBeLessThan(45);
    // A mail whose asks were not read gets the plain holding reply, flagged for a look.
    const unread = composeReply({ ...(await inputFor('allen-p/inbox/3.', profile, { pastReplies: [] })), understanding: null, asks: [] });
    expect(unread.reasons[0]).toMatch(/what the mail asks was not read/);
    expect(unread.reviewReasons).toContain('Low confidence');
  });

  it.each([
    [24, 'by tomorrow'],
    [48, 'within 2 days'],
    [168, 'within a week'],
    [4, 'in the next few hours'],
  ])('Buy Time for %i hours promises the answer "%s", in his greeting and sign-off', async (hours, promise) => {
    const result = composeReply(await inputFor('allen-p/inbox/3.', profile, { mode: 'buy_time', buyTimeHours: hours }));
    expect(result.mode).toBe('buy_time');
    expect(result.body).toContain(promise);
    expect(result.body.startsWith('Greg,\n')).toBe(true);
    expect(result.body.endsWith('\nPhillip')).toBe(true);
    // The promise's own number is no invented fact, and a holding reply is no low-confidence draft.
    expect(result.reviewReasons).toEqual([]);
    expect(result.body.split(/\s+/).length).toBeLessThan(40);
  });

  it('quotes a knowledge passage that answers the question in the mail', async () => {
    const input = await inputFor('allen-p/inbox/3.', profile, {
      email: {
        ...(await incomingMail(path.join(CORPUS_DIR, 'enron', 'allen-p/inbox/3.'))),
        text: 'Phillip,\n\nWhat is the closing date for the Bishops Corner contracts?\n\nGreg',
      },
      knowledge: [
        {
          documentId: 'doc-1',
          filename: 'bishops-corner.md',
          headingPath: ['Contracts'],
          text: 'The Bishops Corner contracts close on the closing date agreed with the lender, after the signed originals arrive by mail.',
          score: 0.9,
        },
        {
          documentId: 'doc-2',
          filename: 'gas-fundamentals.md',
          headingPath: ['Storage'],
          text: 'Storage injections were above the five year average.',
          score: 0.2,
        },
      ],
    });
    const result = composeReply(input);
    expect(result.plan).toBe('answer');
    expect(result.body).toContain('The Bishops Corner contracts close on the closing date agreed with the lender');
    expect(result.body).not.toContain('Storage injections');
    expect(result.reasons[0]).toContain('bishops-corner.md answers');
    expect(result.usedSources).toContainEqual(expect.objectContaining({ kind: 'knowledge', documentId: 'doc-1' }));
  });

  it('keeps the language of a German mail, and flags an English draft for it', async () => {
    const file = path.join(CORPUS_DIR, 'mime', 'stalwart-mail-parser', 'resources', 'eml', 'thirdparty', '015.eml');
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    const input: ComposeInput = {
      ...(await inputFor('allen-p/inbox/3.', profile)),
      email: {
        id: '015',
        from: { address: parsed.senderEmail ?? '', name: 'Jonas Sterr' },
        to: [],
        cc: [],
        subject: parsed.subject,
        text: ownText(parsed.bodyText).split(/\n>|\nAm .* schrieb/)[0]!,
        date: parsed.date,
        messageId: parsed.messageId,
      },
    };
    const result = composeReply(input);
    expect(result.language).toBe('de');
    expect(result.body).toMatch(/^Hallo Jonas,/);
    expect(result.body).toContain('danke');
    expect(result.reviewReasons.filter((reason) => reason.includes('language'))).toEqual([]);
    expect(result.subject).toBe('Re: (#5290765) Proxmox Shop E-Mails');

    const english = postProcess(input, {
      body: 'Hi Jonas,\n\nThanks, I will look at the spam scores and get back to you tomorrow.\n\nPhillip',
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'test-llm',
      plan: 'holding' as const,
      handling: [],
    });
    expect(english.reviewReasons).toContainEqual(expect.stringContaining('another language (en) than the mail (de)'));
  });

  it('writes "Re: <subject>" without stacking prefixes', async () => {
    const input = await inputFor('allen-p/inbox/36.', profile);
    expect(input.email.subject).toBe('Re: Huntley/question');
    expect(composeReply(input).subject).toBe('Re: Huntley/question');
    const stacked = { ...input, email: { ...input.email, subject: 'RE: Re: AW: Huntley/question' } };
    expect(composeReply(stacked).subject).toBe('Re: Huntley/question');
  });

  it('writes plainly without a profile: a plain greeting, no sign-off habits, no style score', async () => {
    const result = composeReply(await inputFor('allen-p/inbox/3.', null));
    expect(result.body.startsWith('Hi Greg,')).toBe(true);
    expect(result.styleMatch).toBeNull();
  });
});
