import fs from 'node:fs';
import path from 'node:path';
import { describeMemoryItem } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { postProcess } from './compose.ts';
import { compareDraft } from './learning.ts';
import { applyPhrases, deriveMemory, type LearningObservation, learntFor, type MemoryItem } from './learning-memory.ts';
import { ownText } from './mail-words.ts';
import type { ComposeInput } from './types.ts';

// Real replies of Vince Kaminski (enron-pairs) as the user's final texts; the "drafts" are those
// replies with what an engine might have written differently.
type Pair = { user: string; incoming_path: string; reply_path: string; reply_text_above_quote: string; incoming_from: string };
const pairs = fs
  .readFileSync(path.join(CORPUS_DIR, 'enron-pairs', 'pairs.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Pair);
const replyOf = (replyPath: string) => pairs.find((pair) => pair.reply_path === replyPath)!;
const VINCE = 'Vince J Kaminski';
// Three short real replies: "Joe, We are in process of setting up a phone interview with him. Vince", ...
const REPLIES = ['kaminski-v/sent_items/160.', 'kaminski-v/sent_items/387.', 'kaminski-v/sent_items/1638.'].map(replyOf);
const PADDING = ' Please do not hesitate to contact me if you have any questions.';

let day = 0;
function observation(draft: string, final: string | null, sender: string, firstName: string | null = null): LearningObservation {
  day++;
  return {
    draftId: `draft-${day}`,
    sender,
    firstName,
    at: new Date(Date.UTC(2001, 0, day)),
    outcome: final === null ? 'rejected' : 'final',
    comparison: final === null ? null : compareDraft(draft, final, VINCE),
  };
}

/** The real reply with a sentence the user would cut, added after its first sentence. */
const padded = (text: string) => text.replace(/([.?!])(\s)/, `$1${PADDING}$2`);

describe('deriveMemory: durable patterns only', () => {
  it('a sentence cut from three drafts is one avoided phrase; from two it is nothing yet', () => {
    const observations = REPLIES.map((pair) =>
      observation(padded(pair.reply_text_above_quote), pair.reply_text_above_quote, pair.incoming_from),
    );
    expect(observations.every((o) => o.comparison!.verdict === 'lightly_edited')).toBe(true);
    expect(deriveMemory(observations.slice(0, 2)).filter((item) => item.kind === 'avoid_phrase')).toEqual([]);
    const avoided = deriveMemory(observations).filter((item) => item.kind === 'avoid_phrase');
    expect(avoided).toMatchObject([{ scope: 'global', scopeValue: '', value: 'please do not hesitate', evidence: 3 }]);
  });

  it('learns how long the replies to a contact are from three rewrites (median of their bodies), not from two', () => {
    const generic =
      'Hi,\n\nThanks for your email. I have looked at it and will get back to you with a full answer once I have spoken to the team about it.\n\nVince';
    const sender = 'contact@example.org';
    const observations = REPLIES.map((pair) => observation(generic, pair.reply_text_above_quote, sender));
    expect(observations.every((o) => o.comparison!.verdict === 'rewritten')).toBe(true);
    const bodies = observations.map((o) => o.comparison!.length.finalBodyWords);
    const expected = String([...bodies].sort((a, b) => a - b)[1]);
    expect(deriveMemory(observations.slice(0, 2)).filter((item) => item.kind === 'length')).toEqual([]);
    const lengths = deriveMemory(observations).filter((item) => item.kind === 'length');
    expect(lengths).toMatchObject([
      { scope: 'global', scopeValue: '', value: expected, evidence: 3 },
      { scope: 'sender', scopeValue: sender, value: expected, evidence: 3 },
    ]);
    // One sender is no domain's habit.
    expect(lengths.some((item) => item.scope === 'domain')).toBe(false);
    expect(Number(expected)).toBeGreaterThan(5);
    expect(Number(expected)).toBeLessThan(25);
    expect(describeMemoryItem({ ...lengths[1]!, replacement: null })).toBe(`Keeps replies to ${sender} to about ${expected} words`);
  });

  it('a rewritten draft teaches no phrase: the user wrote their own reply, not an edit of this one', () => {
    const generic = 'Hi,\n\nThanks for your email. I will get back to you shortly.\n\nVince';
    const observations = REPLIES.map((pair) => observation(generic, pair.reply_text_above_quote, pair.incoming_from));
    expect(observations.every((o) => o.comparison!.verdict === 'rewritten')).toBe(true);
    expect(deriveMemory(observations).filter((item) => item.kind === 'avoid_phrase')).toEqual([]);
  });

  it('the same substitution in two drafts is learnt and applied to another real reply', () => {
    // Vince writes "I shall"; a user who changed it to "I will" twice prefers "will".
    const [a, b] = [replyOf('kaminski-v/sent_items/386.'), replyOf('kaminski-v/sent_items/387.')];
    const observations = [a, b].map((pair) =>
      observation(pair.reply_text_above_quote, pair.reply_text_above_quote.replace('shall', 'will'), pair.incoming_from),
    );
    const memory = deriveMemory(observations);
    expect(memory.filter((item) => item.kind === 'substitution')).toMatchObject([{ value: 'shall', replacement: 'will', evidence: 2 }]);
    const other = replyOf('kaminski-v/sent_items/1638.').reply_text_above_quote;
    expect(applyPhrases(other, learntFor(memory, 'x@y.test'))).toEqual({
      text: other.replace('shall', 'will'),
      applied: ['"will" for "shall"'],
    });
  });

  it("a contact's greeting and closing from their last two finals; per domain with [Name] across two senders", () => {
    const [one, two, three] = REPLIES;
    const observations = [
      observation(`Hi Joe,\n\n${one!.reply_text_above_quote}`, `Dear Joe,\n\nThanks.\n\nBest,\nVince`, 'joe@uh.edu', 'Joe'),
      observation(`Hi Joe,\n\n${two!.reply_text_above_quote}`, `Dear Joe,\n\nFine.\n\nBest,\nVince`, 'joe@uh.edu', 'Joe'),
      observation(`Hi Ann,\n\n${three!.reply_text_above_quote}`, `Dear Ann,\n\nSure.\n\nBest,\nVince`, 'ann@uh.edu', 'Ann'),
    ];
    const memory = deriveMemory(observations);
    expect(
      memory
        .filter((item) => item.scope === 'sender' && item.kind !== 'length')
        .map(({ kind, scopeValue, value }) => ({ kind, scopeValue, value })),
    ).toEqual([
      { kind: 'greeting', scopeValue: 'joe@uh.edu', value: 'Dear Joe,' },
      { kind: 'closing', scopeValue: 'joe@uh.edu', value: 'Best,' },
    ]);
    expect(memory.filter((item) => item.scope === 'domain' && item.kind !== 'length').map(({ kind, value }) => ({ kind, value }))).toEqual([
      { kind: 'greeting', value: 'Dear [Name],' },
      { kind: 'closing', value: 'Best,' },
    ]);
    // The contact's own habit wins; another sender of the domain gets the domain's, with their name.
    expect(learntFor(memory, 'Joe@uh.edu', 'Joe').greeting).toBe('Dear Joe,');
    expect(learntFor(memory, 'kim@uh.edu', 'Kim').greeting).toBe('Dear Kim,');
    expect(learntFor(memory, 'kim@elsewhere.test', 'Kim').greeting).toBeUndefined();
  });

  it('a global habit: four of the last five finals without the closing the drafts wrote', () => {
    const five = [...REPLIES, replyOf('kaminski-v/sent_items/386.'), replyOf('kaminski-v/sent_items/788.')];
    const observations = five.map((pair, i) =>
      observation(
        `${pair.reply_text_above_quote.replace(/\n\nVince$/, '')}\n\nBest regards,\nVince`,
        i === 0 ? `${pair.reply_text_above_quote.replace(/\n\nVince$/, '')}\n\nBest regards,\nVince` : pair.reply_text_above_quote,
        `person${i}@client${i}.test`,
      ),
    );
    const habits = (items: MemoryItem[]) => items.filter((item) => item.scope === 'global' && item.kind !== 'length');
    expect(habits(deriveMemory(observations.slice(0, 4)))).toEqual([]);
    const global = habits(deriveMemory(observations));
    expect(global.map(({ kind, value, evidence }) => ({ kind, value, evidence }))).toEqual([{ kind: 'closing', value: '', evidence: 4 }]);
    expect(learntFor(global, 'someone@else.test').closing).toBeNull();
  });

  it('rejections: the last two to a sender, the last three to a domain from two senders; free mail is no domain', () => {
    const memory = deriveMemory([
      observation('x', null, 'a@vendor.test'),
      observation('x', null, 'a@vendor.test'),
      observation('x', null, 'b@vendor.test'),
      observation('x', null, 'c@gmail.com'),
      observation('x', null, 'd@gmail.com'),
      observation('x', null, 'e@gmail.com'),
    ]);
    expect(memory.map(({ scope, scopeValue, kind }) => `${kind} ${scope} ${scopeValue}`).sort()).toEqual([
      'lower_confidence domain vendor.test',
      'lower_confidence sender a@vendor.test',
    ]);
    // A draft used after the rejections ends it.
    const rejected = [observation('x', null, 'a@vendor.test'), observation('x', null, 'a@vendor.test')];
    const used = observation('Fine.\n\nVince', 'Fine.\n\nVince', 'a@vendor.test');
    expect(deriveMemory(rejected).filter((i) => i.scope === 'sender')).toHaveLength(1);
    expect(deriveMemory([...rejected, used]).filter((i) => i.scope === 'sender')).toEqual([]);
  });
});

describe('deriveMemory: past replies not to reuse', () => {
  const [interview, lunch, chairman] = REPLIES.map((pair) => pair.reply_text_above_quote) as [string, string, string];
  const other = replyOf('kaminski-v/sent_items/386.').reply_text_above_quote;
  /** A decision on a draft adapted from the past reply `pastReplyId` (one draft per email, each to another sender). */
  const fromReply = (pastReplyId: string, draft: string, final: string | null): LearningObservation => {
    const made = observation(draft, final, `person${day}@client${day}.test`);
    return { ...made, pastReplyId };
  };
  const avoided = (observations: LearningObservation[]) => deriveMemory(observations).filter((item) => item.kind === 'avoid_source');

  it('two rejected drafts adapted from the same past reply: that reply is not reused; one is not enough', () => {
    const rejected = [fromReply('reply-a', interview, null), fromReply('reply-a', interview, null)];
    expect(avoided(rejected.slice(0, 1))).toEqual([]);
    expect(avoided(rejected)).toMatchObject([{ scope: 'global', scopeValue: '', value: 'reply-a', replacement: null, evidence: 2 }]);
    // Rejections of drafts from two different past replies say nothing about either.
    expect(avoided([fromReply('reply-a', interview, null), fromReply('reply-b', lunch, null)])).toEqual([]);
    // Drafts that drew on no past reply (a holding reply) are no evidence.
    expect(avoided([observation(interview, null, 'x@a.test'), observation(interview, null, 'y@b.test')])).toEqual([]);
  });

  it('a draft the user replaced almost entirely counts as a rejection; one they kept and added to does not', () => {
    const rewritten = [fromReply('reply-a', interview, other), fromReply('reply-a', interview, lunch)];
    expect(rewritten.every((o) => o.comparison!.verdict === 'rewritten')).toBe(true);
    expect(avoided(rewritten)).toMatchObject([{ value: 'reply-a', evidence: 2 }]);
    expect(avoided([fromReply('reply-a', interview, null), rewritten[0]!])).toMatchObject([{ value: 'reply-a', evidence: 2 }]);
    // The draft kept whole, with the user's own paragraph after it: similarity says rewritten, yet
    // the past reply's words served.
    const added = fromReply('reply-a', chairman, chairman.replace(/\n\nVince$/, `\n\n${other.replace(/^Jeff,\n\n/, '')}`));
    expect(added.comparison!.verdict).toBe('rewritten');
    expect(avoided([fromReply('reply-a', chairman, null), added])).toEqual([]);
  });

  it("the user's own replies arriving by sync replace no draft (they may never have seen it), but one close to the draft ends it", () => {
    const ownReply = (final: string) => ({ ...fromReply('reply-a', interview, final), ownReply: true });
    expect(avoided([ownReply(other), ownReply(lunch)])).toEqual([]);
    expect(avoided([ownReply(other), fromReply('reply-a', interview, null), fromReply('reply-a', interview, lunch)])).toMatchObject([
      { value: 'reply-a', evidence: 2 },
    ]);
    expect(avoided([fromReply('reply-a', interview, null), ownReply(interview), fromReply('reply-a', interview, null)])).toEqual([]);
  });

  it('a draft from that past reply sent (nearly) as it was since ends it; one before the rejections does not', () => {
    const approved = () => fromReply('reply-a', interview, interview);
    const lightlyEdited = () => fromReply('reply-a', interview, interview.replace('phone interview', 'video interview'));
    expect(lightlyEdited().comparison!.verdict).toBe('lightly_edited');
    const rejected = () => fromReply('reply-a', interview, null);
    expect(avoided([rejected(), rejected(), approved()])).toEqual([]);
    expect(avoided([rejected(), lightlyEdited(), rejected()])).toEqual([]);
    expect(avoided([approved(), rejected(), rejected()])).toMatchObject([{ value: 'reply-a', evidence: 2 }]);
  });
});

describe('post-processing applies the memory to a real draft', () => {
  it("the contact's greeting and closing win over the profile's, the avoided sentence goes, the reasons say so", async () => {
    const pair = replyOf('kaminski-v/sent_items/387.');
    const raw = fs.readFileSync(path.join(CORPUS_DIR, 'enron', pair.incoming_path));
    const parsed = await parseMessage(new Uint8Array(raw));
    const sender = parsed.senderEmail!.toLowerCase();
    const input: ComposeInput = {
      email: {
        id: pair.incoming_path,
        from: { address: sender, name: 'Luigi Calabrese' },
        to: [],
        cc: [],
        subject: parsed.subject,
        text: ownText(parsed.bodyText),
        date: parsed.date,
        messageId: parsed.messageId,
      },
      thread: [],
      owner: { name: VINCE, addresses: ['vince.kaminski@enron.com'] },
      contact: null,
      profile: null,
      pastReplies: [],
      knowledge: [],
      attachments: [],
      mode: 'full',
      buyTimeHours: 24,
      now: new Date('2001-11-01T00:00:00Z'),
    };
    const at = new Date('2001-10-01T00:00:00Z');
    const memory: MemoryItem[] = [
      {
        scope: 'sender',
        scopeValue: sender,
        kind: 'greeting',
        value: 'Luigi,',
        replacement: null,
        evidence: 2,
        firstSeenAt: at,
        lastSeenAt: at,
      },
      {
        scope: 'sender',
        scopeValue: sender,
        kind: 'closing',
        value: 'Regards,',
        replacement: null,
        evidence: 2,
        firstSeenAt: at,
        lastSeenAt: at,
      },
      {
        scope: 'global',
        scopeValue: '',
        kind: 'avoid_phrase',
        value: 'please do not hesitate',
        replacement: null,
        evidence: 3,
        firstSeenAt: at,
        lastSeenAt: at,
      },
    ];
    const draft = {
      body: `Hi Luigi,\n\n${padded(pair.reply_text_above_quote.replace(/^Luigi,\n\n/, '').replace(/\n\nVince$/, ''))}`,
      confidence: 0.8,
      reasons: [],
      usedSources: [],
      engine: 'builtin',
      plan: 'holding' as const,
      handling: [],
    };
    const without = postProcess(input, draft);
    expect(without.body).toContain('Please do not hesitate');
    expect(without.body.startsWith('Hi Luigi,')).toBe(true);
    const learnt = postProcess({ ...input, memory }, draft);
    expect(learnt.body).toBe(
      'Luigi,\n\nNo problem. We shall be glad to have you as an associate. What about a lunch next week?\n\nRegards,',
    );
    expect(learnt.reasons).toEqual([
      'From what Penman learnt of your edits: how you greet this sender; how you sign off to this sender; avoided "please do not hesitate"',
    ]);
    // Memory of another sender changes nothing.
    const elsewhere = postProcess(
      { ...input, memory: memory.map((item) => ({ ...item, scopeValue: item.scopeValue && 'other@x.test' })) },
      draft,
    );
    expect(elsewhere.body.startsWith('Hi Luigi,\n\nNo problem.')).toBe(true);
    expect(elsewhere.body).not.toContain('hesitate');
    expect(elsewhere.body).not.toContain('Regards,');
  });
});
