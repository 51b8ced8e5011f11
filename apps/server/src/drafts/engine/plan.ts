/**
 * The reply plan (issue 32): what a draft of this email may honestly say, chosen from what the mail
 * asks (its understanding) and what is known. In order:
 *
 * 1. `answer`: a knowledge passage answers a question of the mail (quoted with its source), or a past
 *    exchange was really the same request: same sender, the same kind of ask about the same thing,
 *    and the user's answer to it a real answer (not a question back, not the user's own words of this
 *    thread); only then is a past reply reused.
 * 2. `accept`: the mail asks for an action the user routinely does for this sender (their own past
 *    replies to them accept such asks): the task named, with a time. Never for approving or signing.
 * 3. `clarify`: a meeting asked for with no day or time: the one question any answer needs.
 * 4. `holding`: a holding reply that names what is asked and when the answer comes (Buy Time always).
 * 5. `none`: no draft, the reason said, when only the user can answer (a personal or sensitive
 *    matter, mail Penman cannot read) or nothing is asked.
 *
 * Never: a yes the user's habits do not show, a past reply to another ask, the user's own words of
 * this thread sent back, the same short line on unrelated mail, a fact no source holds.
 */
import type { Ask, Understanding } from '../../understanding/engine/types.ts';
import { understandEmail } from '../../understanding/engine/understand.ts';
import type { ComposeInput, DraftPlan, KnowledgePassage, PastReply } from './types.ts';

export type PlanChoice =
  | { plan: 'none'; reason: string }
  | { plan: 'answer'; source: 'knowledge'; passages: KnowledgePassage[]; ask: Ask }
  | { plan: 'answer'; source: 'past_reply'; past: PastReply; ask: Ask; passedOver: PastReply | null }
  | { plan: 'accept'; ask: Ask; evidence: number; passedOver: PastReply | null }
  | { plan: 'clarify'; ask: Ask; question: string }
  | { plan: 'holding'; asks: Ask[]; why: string; passedOver?: PastReply | null };

const CONTENT_STOP = new Set(
  'a an the and or of to in on for at by with from is are was were be been it this that these those i you we he she they me my your our us please can could would will do does did have has had get send let know about any some all whether if what when how which who'.split(
    ' ',
  ),
);

function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}[\p{L}'-]+|\d+/gu) ?? []).filter((word) => word.length > 2 && !CONTENT_STOP.has(word)));
}

/** Share of the smaller set's words the two share: 1 when one thing's words are all in the other. */
function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.min(a.size, b.size);
}

/** A past ask is this ask when its type is the same and this share of its words are this one's. */
const SAME_ASK_OVERLAP = 0.6;
/** A past reply this short ("Thanks.", "Done.", "OK by me") is reused only for a yes/no confirmation. */
const SHORT_REPLY_WORDS = 6;
/** A past reply sharing this much with the user's own message in this thread is that message sent back. */
const OWN_TEXT_OVERLAP = 0.6;
/** Past replies to this sender that accept an action: this many make it the user's habit. */
const ACCEPTS_TO_LEARN = 2;

/** What the user writes when they take a task on: "Will do", "I'll send it today", "Done", "Attached is ...". */
const ACCEPTANCE =
  /\b(will do|i'?ll (send|get|do|take care|forward|call|review|look|have|put|pull|fax|e-?mail)|i will (send|get|do|take care|forward|call|review|look|have|put|pull|fax|e-?mail)|sure\b|no problem|done\b|attached (is|are|please find)|here (is|are) the|sending (it|them|you)|i('ve| have) (sent|forwarded|attached))/i;

/** Asks whose answer is the user's own look at the thing: never answered from the past, never accepted. */
const NEEDS_THE_USERS_EYES = new Set(['review', 'approve', 'sign']);

/**
 * Tasks a draft may take on for the user when their habit shows it: a send, a forward, a call back,
 * a look at something (a review promised, not given). Never an approval or a signature.
 */
const ACCEPTABLE_TASKS = new Set(['send', 'forward', 'call', 'review']);

/**
 * A life event only the user can speak to (a canned line on a bereavement is the worst draft there
 * is): these words, where the mail is about them (in a short mail, or in the first third of a long
 * one). A funeral named in passing in the last lines of a business mail is not the mail's matter.
 */
const LIFE_EVENT =
  /\b(died|death|passed away|funeral|condolences?|sympathy|memorial|grie(f|ving)|illness|sick|hospital\w*|surgery|cancer|diagnos\w+|chemo\w*|miscarriage|pregnan\w+|divorce|family emergency|laid off|job search|looking for (a )?(new )?job|hurricane|flood(ing)?|earthquake|tornado|evacuat\w+|accident|injur\w+|so sorry|sorry to hear)\b/i;
/** A mail up to this many words is read whole for a life event; a longer one in its first third. */
const LIFE_EVENT_WHOLE_WORDS = 80;

function lifeEventOf(text: string): string | null {
  const words = text.trim().split(/\s+/);
  const head = words.length <= LIFE_EVENT_WHOLE_WORDS ? words : words.slice(0, Math.ceil(words.length / 3));
  return LIFE_EVENT.exec(head.join(' '))?.[0]?.toLowerCase() ?? null;
}

const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** A knowledge passage answers a question when it shares this many of the question's content words. */
const KNOWLEDGE_MIN_SHARED = 2;

function knowledgeFor(ask: Ask, knowledge: KnowledgePassage[]): KnowledgePassage[] {
  const words = contentWords(`${ask.thing} ${ask.sentence}`);
  return knowledge
    .map((passage) => {
      const passageWords = contentWords(passage.text);
      let shared = 0;
      for (const word of words) if (passageWords.has(word)) shared++;
      return { passage, shared };
    })
    .filter((found) => found.shared >= KNOWLEDGE_MIN_SHARED)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, 1)
    .map((found) => found.passage);
}

/**
 * The past exchange that was this same request: to this same sender, its mail asked the same kind of
 * thing about the same thing, and the user answered it (not with a question, not with this thread's
 * own words). Null when none was.
 */
function sameExchanges(input: ComposeInput, ask: Ask): PastReply[] {
  const found: PastReply[] = [];
  const reader = { addresses: input.owner.addresses, names: (input.owner.name ?? '').toLowerCase().match(/\p{L}{2,}/gu) ?? [] };
  const askWords = contentWords(ask.thing);
  const ownThread = input.thread.filter((message) => message.byOwner).map((message) => contentWords(message.text));
  // Approving, signing or reviewing is the user's own look at this thing: no past answer stands for it.
  if (ask.type === 'action' && ask.verb && NEEDS_THE_USERS_EYES.has(ask.verb)) return found;
  const bestFirst = [...input.pastReplies].sort((a, b) => b.score - a.score);
  for (const past of bestFirst) {
    if (!past.sameSender) continue;
    const pastUnderstanding = understandEmail(
      {
        subject: past.incoming.subject,
        senderEmail: input.email.from.address,
        senderName: input.email.from.name,
        recipientEmails: input.owner.addresses.slice(0, 1),
        ccEmails: [],
        bodyText: past.incoming.text,
        receivedDate: past.incoming.date,
        headers: {},
      },
      reader,
    );
    const matched = pastUnderstanding.asks.some(
      (other) => other.type === ask.type && overlap(contentWords(other.thing), askWords) >= SAME_ASK_OVERLAP,
    );
    if (!matched) continue;
    const reply = past.reply.text.trim();
    if (/\?\s*$/.test(reply.split('\n').filter(Boolean)[0] ?? '')) continue;
    const replyWords = contentWords(reply);
    if (ownThread.some((own) => overlap(own, replyWords) >= OWN_TEXT_OVERLAP)) continue;
    if (wordCount(reply) < SHORT_REPLY_WORDS && !(ask.type === 'question' && ask.form === 'yes_no')) continue;
    found.push(past);
  }
  return found;
}

/**
 * The first same exchange the drafting memory does not say to avoid (avoid_source: the user rejected
 * or rewrote the drafts adapted from it), and the one passed over for that, to say so.
 */
function sameExchange(input: ComposeInput, ask: Ask): { past: PastReply | null; passedOver: PastReply | null } {
  const avoided = new Set((input.memory ?? []).filter((item) => item.kind === 'avoid_source').map((item) => item.value));
  const found = sameExchanges(input, ask);
  const past = found.find((candidate) => !candidate.reply.id || !avoided.has(candidate.reply.id)) ?? null;
  return { past, passedOver: found[0] && found[0] !== past ? found[0] : null };
}

/** How many of the user's past replies to this sender take a task on. */
function acceptancesToSender(input: ComposeInput): number {
  return input.pastReplies.filter((past) => past.sameSender && ACCEPTANCE.test(past.reply.text)).length;
}

/** A sentence that proposes to meet the reader ("Can we meet?", "Let's get together", "Are you free to talk?"). */
const PROPOSES_TO_MEET =
  /\b((can|could|shall|should|would) (we|you)|let'?s|when (are|would|could|can|will) you|(are|would|will) you (be )?(available|free|around))\b[^.?!]*\b(meet|get together|sit down|catch up|talk|chat|lunch|coffee|set up (a )?(time|meeting|call)|a (meeting|call))\b/i;

/** A meeting proposed to the reader with no day or time given. */
function vagueMeeting(ask: Ask): boolean {
  // "Can we get together ...?" reads as a question as often as a scheduling ask.
  const meeting = (ask.type === 'scheduling' && ask.step !== 'confirm') || ask.type === 'question';
  if (!meeting || !PROPOSES_TO_MEET.test(ask.sentence)) return false;
  const text = `${ask.thing} ${ask.sentence}`;
  const named =
    /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|\d{1,2}(:\d{2})?\s?(am|pm)|\d{1,2}\/\d{1,2}|noon|morning|afternoon|evening|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
  return !named.test(text);
}

/** The plan for a draft of this mail. `asks`: the asks the user is to answer (the understanding's, for them). */
export function choosePlan(input: ComposeInput, understanding: Understanding | null, asks: Ask[]): PlanChoice {
  if (input.mode === 'buy_time') return { plan: 'holding', asks, why: 'Buy Time' };
  if (!understanding) return { plan: 'holding', asks, why: 'What the mail asks was not read' };
  if (!understanding.read)
    return { plan: 'none', reason: `Written in another language (${understanding.language}): only you can answer it` };
  const lifeEvent = understanding.sensitivity.some((s) => s.kind === 'personal') ? lifeEventOf(input.email.text) : null;
  if (lifeEvent) return { plan: 'none', reason: `A personal matter (${lifeEvent}): only you can answer it` };
  if (asks.length === 0) return { plan: 'none', reason: 'It asks you nothing: there is no reply to write' };
  // A friend's or a relative's note: a holding reply in business words reads wrong there; the user answers it.
  if (understanding.kind === 'social') return { plan: 'none', reason: 'A personal note: only you can answer it' };
  const sensitive = new Set(understanding.sensitivity.map((s) => s.kind));
  const first = asks[0]!;
  for (const ask of asks.filter((a) => a.type === 'question')) {
    const passages = knowledgeFor(ask, input.knowledge);
    if (passages.length) return { plan: 'answer', source: 'knowledge', passages, ask };
  }
  let passedOver: PastReply | null = null;
  for (const ask of asks) {
    const same = sameExchange(input, ask);
    if (same.past) return { plan: 'answer', source: 'past_reply', past: same.past, ask, passedOver: same.passedOver };
    passedOver ??= same.passedOver;
  }
  // A yes only where the user's habit shows one, never to approving, signing or money.
  const acceptances = acceptancesToSender(input);
  if (
    asks.length === 1 &&
    first.type === 'action' &&
    first.verb !== undefined &&
    ACCEPTABLE_TASKS.has(first.verb) &&
    !sensitive.has('money') &&
    acceptances >= ACCEPTS_TO_LEARN
  )
    return { plan: 'accept', ask: first, evidence: acceptances, passedOver };
  if (asks.length === 1 && vagueMeeting(first))
    return { plan: 'clarify', ask: first, question: 'What day and time would work best for you?' };
  return {
    plan: 'holding',
    asks,
    why: sensitive.size ? 'What it asks needs your own answer' : 'Nothing known answers it yet',
    passedOver,
  };
}

export const PLAN_NAMES: Record<DraftPlan, string> = {
  answer: 'Answer from what is known',
  accept: 'Accept the task',
  clarify: 'Ask the one question needed',
  holding: 'Holding reply',
  none: 'No draft',
};
