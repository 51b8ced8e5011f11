/**
 * Triage from the understanding (issue 31): does this email need a reply from the user, and does
 * a person have to check whatever answers it? Pure: the service hands in the mail, its
 * understanding and what is known of the user.
 *
 * needs_reply = something is asked of the user personally (understand.ts: asked of them, of a small
 * group they are in, or of each person on a list), adjusted by what is known of the user: a sender
 * they ignore, their own corrections (per sender and kind, then per kind), a hedged ask from a
 * sender they never answer. Whether the user answered by email stays a signal, never the label: most
 * asks are answered by phone, in a meeting or in the document.
 * needs_review = any sensitive matter, the user's own review rules, or low confidence.
 * Every decision comes with reasons in words that name the ask.
 */
import type { ParsedMessage } from '../../mail/engine/parse-message.ts';
import type { Ask, MailKind, SensitivityKind, Understanding } from './types.ts';
import type { UnderstandingMail } from './understand.ts';
import { asksOfReader, topicOf } from './understand.ts';

/** What triage reads of one stored email (the `emails` row's own fields). */
export type TriageMail = UnderstandingMail & {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  headers: ParsedMessage['headers'];
};

/** A parsed message as triage reads it (mail read from files: tests, benches). */
export function triageMailOfParsed(parsed: ParsedMessage): TriageMail {
  return {
    messageId: parsed.messageId,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    senderEmail: parsed.senderEmail,
    senderName: parsed.senderName,
    recipientEmails: parsed.recipientEmails,
    ccEmails: parsed.ccEmails,
    bodyText: parsed.bodyText,
    bodyHtml: parsed.bodyHtml,
    receivedDate: parsed.date,
    headers: parsed.headers,
    attachmentTypes: parsed.attachments.map((a) => a.contentType),
  };
}

// --- threads and answers (the history's signal, the benches' second view) ------------------------

/** "RE: Fw: [ext] Budget" → "budget": reply and forward prefixes dropped, lower-case. */
export function threadSubject(subject: string | null): string {
  return topicOf(subject).toLowerCase();
}

function isReplySubject(subject: string | null): boolean {
  return /^\s*(re|aw|sv|antw)\s*(\[\d+\])?\s*:/i.test(subject ?? '');
}

/** A reply by subject threading must come within this long of the mail it answers. */
const SUBJECT_REPLY_WINDOW_MS = 14 * 86_400_000;

type Threaded = Pick<
  TriageMail,
  'messageId' | 'inReplyTo' | 'references' | 'subject' | 'senderEmail' | 'recipientEmails' | 'ccEmails' | 'receivedDate'
>;

/**
 * The incoming mail (by index) that some sent mail answers: the sent mail names it in In-Reply-To
 * or References, or (mail without those headers, such as all of Lotus Notes) the sent mail is a
 * "RE:" of the same subject, to its sender, within two weeks after it.
 */
export function answeredIncoming(incoming: Threaded[], sent: Threaded[]): Set<number> {
  const answered = new Set<number>();
  const byMessageId = new Map<string, number>();
  const bySubject = new Map<string, number[]>();
  incoming.forEach((mail, index) => {
    if (mail.messageId) byMessageId.set(mail.messageId, index);
    const key = threadSubject(mail.subject);
    if (key) bySubject.set(key, [...(bySubject.get(key) ?? []), index]);
  });
  for (const reply of sent) {
    const named = [reply.inReplyTo, ...reply.references].filter((id): id is string => Boolean(id));
    let found = false;
    for (const id of named) {
      const index = byMessageId.get(id);
      if (index !== undefined) {
        answered.add(index);
        found = true;
      }
    }
    if (found || !isReplySubject(reply.subject) || !reply.receivedDate) continue;
    const to = new Set([...reply.recipientEmails, ...reply.ccEmails]);
    const sentAt = reply.receivedDate.getTime();
    // The latest mail of the thread before the reply, from one of its recipients when there is
    // one (a reply to all of a thread answers its latest mail even when sent to someone else).
    let best: { index: number; at: number; toSender: boolean } | null = null;
    for (const index of bySubject.get(threadSubject(reply.subject)) ?? []) {
      const mail = incoming[index]!;
      const at = mail.receivedDate?.getTime();
      if (at === undefined || at > sentAt || sentAt - at > SUBJECT_REPLY_WINDOW_MS) continue;
      const toSender = Boolean(mail.senderEmail && to.has(mail.senderEmail));
      if (!best || (toSender && !best.toSender) || (toSender === best.toSender && at > best.at)) best = { index, at, toSender };
    }
    if (best) answered.add(best.index);
  }
  return answered;
}

// --- what is known of the user --------------------------------------------------------------------

type Counts = { seen: number; answered: number };

/**
 * What triage knows of the user's habits: per sender, how much mail came and how much was answered,
 * and whom the user writes to. Plain data (Maps, numbers): the service stores it as JSON.
 */
export type ReplyHistory = {
  version: 2;
  bySender: Map<string, Counts>;
  /** Addresses the user ever wrote to (To or Cc of sent mail), with how often. */
  writtenTo: Map<string, number>;
  total: Counts;
};

export function emptyHistory(): ReplyHistory {
  return { version: 2, bySender: new Map(), writtenTo: new Map(), total: { seen: 0, answered: 0 } };
}

/** Incoming mail younger than this before the newest sent mail may still get its answer: not counted. */
const ANSWER_WAIT_MS = 3 * 86_400_000;

/** The user's habits from their own mail: whom they answer, whom they write to. */
export function learnReplyHistory({ incoming, sent }: { incoming: Threaded[]; sent: Threaded[] }): ReplyHistory {
  const history = emptyHistory();
  for (const mail of sent)
    for (const address of new Set([...mail.recipientEmails, ...mail.ccEmails].map((a) => a.toLowerCase())))
      history.writtenTo.set(address, (history.writtenTo.get(address) ?? 0) + 1);
  const answered = answeredIncoming(incoming, sent);
  const newestSent = Math.max(...sent.map((mail) => mail.receivedDate?.getTime() ?? Number.NEGATIVE_INFINITY));
  incoming.forEach((mail, index) => {
    const sender = mail.senderEmail?.toLowerCase();
    if (!sender || (mail.receivedDate?.getTime() ?? Number.POSITIVE_INFINITY) > newestSent - ANSWER_WAIT_MS) return;
    const counts = history.bySender.get(sender) ?? { seen: 0, answered: 0 };
    counts.seen++;
    history.total.seen++;
    if (answered.has(index)) {
      counts.answered++;
      history.total.answered++;
    }
    history.bySender.set(sender, counts);
  });
  return history;
}

/** A user's own correction of triage on one email ("doesn't need a reply" / "needs a reply"). */
export type TriageCorrection = { sender: string; kind: MailKind; needsReply: boolean; at: Date };

/** Corrections of this many emails of one kind, all the same way and from any sender, decide that kind. */
const KIND_CORRECTIONS_TO_LEARN = 3;

/** What is known of the user: their habits, ignored senders, review rules and corrections. */
export type TriageKnowledge = {
  history: ReplyHistory;
  ignoredSenders?: string[];
  rules?: ReviewRules;
  corrections?: TriageCorrection[];
};

/** The user's own review rules (the account's drafting settings): words, senders and domains. */
export type ReviewRules = { words: string[]; senders: string[] };

const domainOf = (address: string) => address.split('@')[1] ?? '';

/** `rule` is an address, a domain ("acme.com" or "@acme.com"), matching subdomains too. */
export function matchesSender(sender: string, rule: string): boolean {
  const r = rule.trim().toLowerCase().replace(/^@/, '');
  if (!r) return false;
  if (r.includes('@')) return sender === r;
  const domain = domainOf(sender);
  return domain === r || domain.endsWith(`.${r}`);
}

// --- reasons in words -----------------------------------------------------------------------------

const KIND_WORDS: Record<MailKind, string> = {
  question: 'questions',
  request: 'requests',
  scheduling: 'scheduling mail',
  approval: 'approval requests',
  fyi: 'FYI mail',
  announcement: 'announcements',
  newsletter: 'newsletters',
  automated: 'automated mail',
  thanks: 'thank-you notes',
  social: 'personal mail',
  other: 'mail',
};

/** "send the signed supply agreement (by Friday)". */
export function describeAsk(ask: Ask): string {
  return ask.deadline ? `${ask.thing} (${ask.deadline.text})` : ask.thing;
}

/** The reason naming what the mail asks of the user: "Asks you: send the signed supply agreement (by Friday)". */
function asksReason(asks: Ask[]): string {
  const who = asks.every((ask) => ask.of === 'reader')
    ? 'Asks you'
    : asks.every((ask) => ask.of === 'everyone')
      ? 'Asks everyone on the list'
      : 'Asks you and the others on it';
  const shown = asks.slice(0, 2).map(describeAsk);
  const more = asks.length > 2 ? ` and ${asks.length - 2} more` : '';
  return `${who}: ${shown.join('; ')}${more}`;
}

/** Why nothing is asked of the user, in words. */
function noAskReason(understanding: Understanding): string {
  const { audience, asks, forward, kind } = understanding;
  const others = asks.filter((ask) => ask.of === 'someone' && ask.who);
  const named = others[0]?.who ?? (audience.greeted.length && !audience.greetsReader ? audience.greeted.join(' and ') : null);
  if (audience.kind === 'cc')
    return named ? `Only in Cc; asks ${named}` : asks.length ? 'Only in Cc; asks the others' : 'Only in Cc; asks nothing';
  if (named) return `Asks ${named}, not you`;
  if (audience.kind === 'list' || audience.kind === 'hidden')
    return asks.length
      ? `Sent to many people (${audience.recipients}); asks no one in particular`
      : `Sent to many people (${audience.recipients})`;
  if (forward && !forward.note) return 'Forwarded without a note';
  if (kind === 'thanks') return 'Thanks that close the conversation';
  return 'Asks you nothing: for your information';
}

const SENSITIVITY_WORDS: Record<SensitivityKind, string> = {
  money: 'Mentions money',
  legal: 'About contract or legal terms',
  commitment: 'A commitment to a counterparty',
  complaint: 'A complaint',
  hr: 'An HR matter',
  personal: 'A personal or sensitive matter',
};

// --- the decisions --------------------------------------------------------------------------------

export type ReplyDecision = {
  needsReply: boolean;
  /** 0..1: how sure the decision is that a reply is needed. */
  score: number;
  reasons: string[];
  /** The asks the user is expected to answer (empty when none). */
  asks: Ask[];
};

/** How sure triage is, by what it rests on. */
const SCORE = { strong: 0.9, group: 0.75, weak: 0.55, unread: 0.5, none: 0.1, excluded: 0 };
/** Below this score a decision that a reply is needed is flagged "Low confidence". */
export const LOW_TRIAGE_CONFIDENCE = 0.6;
/** A sender the user answered less than this share of (over at least SENDER_SEEN mails) gets no reply to a hedged ask. */
const RARELY_ANSWERED = 0.1;
const SENDER_SEEN = 5;

function correctionFor(sender: string, kind: MailKind, corrections: TriageCorrection[]): { needsReply: boolean; reason: string } | null {
  const sorted = [...corrections].sort((a, b) => b.at.getTime() - a.at.getTime());
  const same = sorted.find((c) => c.sender === sender && c.kind === kind);
  if (same)
    return {
      needsReply: same.needsReply,
      reason: same.needsReply
        ? `You said such ${KIND_WORDS[kind]} from this sender need a reply`
        : `You said such ${KIND_WORDS[kind]} from this sender need no reply`,
    };
  const ofKind = sorted.filter((c) => c.kind === kind);
  if (ofKind.length >= KIND_CORRECTIONS_TO_LEARN && ofKind.every((c) => c.needsReply === ofKind[0]!.needsReply))
    return {
      needsReply: ofKind[0]!.needsReply,
      reason: ofKind[0]!.needsReply
        ? `You said ${KIND_WORDS[kind]} like this need a reply`
        : `You said ${KIND_WORDS[kind]} like this need no reply`,
    };
  return null;
}

/** Whether the email needs a reply from the user, and why. */
export function needsReply(mail: TriageMail, understanding: Understanding, knowledge: TriageKnowledge): ReplyDecision {
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  const no = (reason: string, score = SCORE.excluded): ReplyDecision => ({ needsReply: false, score, reasons: [reason], asks: [] });
  if (!sender) return no('No sender to answer');
  if (understanding.audience.kind === 'own') return no('Sent by you');
  if ((knowledge.ignoredSenders ?? []).some((ignored) => matchesSender(sender, ignored))) return no('From a sender you ignore');
  const correction = correctionFor(sender, understanding.kind, knowledge.corrections ?? []);
  const decide = (decision: ReplyDecision): ReplyDecision =>
    correction && correction.needsReply !== decision.needsReply
      ? {
          ...decision,
          needsReply: correction.needsReply,
          score: correction.needsReply ? SCORE.strong : SCORE.none,
          reasons: [correction.reason, ...decision.reasons],
        }
      : decision;
  if (understanding.origin.kind !== 'person') return decide(no(understanding.origin.reason ?? 'Sent by a machine'));
  if (!understanding.read) {
    const personal = understanding.audience.kind === 'direct' || understanding.audience.kind === 'group';
    const reason = `Written in another language (${understanding.language}): its asks were not read`;
    return decide(
      personal
        ? { needsReply: true, score: SCORE.unread, reasons: [reason, 'Written to you by a person'], asks: [] }
        : no(reason, SCORE.none),
    );
  }
  const asks = asksOfReader(understanding);
  if (asks.length === 0) return decide(no(noAskReason(understanding), SCORE.none));
  const strong = asks.some((ask) => ask.strength === 'strong');
  const counts = knowledge.history.bySender.get(sender);
  const reasons = [asksReason(asks)];
  if (!strong && counts && counts.seen >= SENDER_SEEN && counts.answered / counts.seen < RARELY_ANSWERED) {
    reasons.push(`Only a hedged ask, from a sender you answered ${counts.answered} of ${counts.seen} times`);
    return decide({ needsReply: false, score: SCORE.none, reasons, asks });
  }
  if (counts && counts.answered > 0) reasons.push(`You answered ${counts.answered} of ${counts.seen} emails from this sender`);
  const score = !strong ? SCORE.weak : asks.every((ask) => ask.of === 'reader') ? SCORE.strong : SCORE.group;
  return decide({ needsReply: true, score, reasons, asks });
}

export type ReviewDecision = { needsReview: boolean; reasons: string[] };

/** An ask to review, approve, sign or advise on something. */
const REVIEWING = /\b(review|approv\w*|sign|authori[sz]\w*|comments?|advise|revisions?|thoughts|opinion|progress)\b/i;

/**
 * Whether a person must check any reply before it goes: a sensitive matter (each with its words),
 * the user's own review rules, or a needs_reply decision made with low confidence.
 */
export function needsReview(
  mail: TriageMail,
  understanding: Understanding,
  reply: ReplyDecision,
  rules: ReviewRules = { words: [], senders: [] },
  history?: ReplyHistory,
): ReviewDecision {
  const reasons: string[] = [];
  for (const { kind, words } of understanding.sensitivity) reasons.push(`${SENSITIVITY_WORDS[kind]}: ${words.slice(0, 3).join(', ')}`);
  const text = `${mail.subject ?? ''}\n${mail.bodyText ?? ''}`.toLowerCase();
  for (const word of rules.words) {
    const w = word.trim().toLowerCase();
    if (w && text.includes(w)) reasons.push(`Matches your review rule "${word.trim()}"`);
  }
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  for (const rule of rules.senders)
    if (sender && matchesSender(sender, rule)) reasons.push(`From a sender in your review rules (${rule.trim()})`);
  // Whatever answers a review or an approval states the user's position: a person decides it.
  if (
    reply.asks.some(
      (ask) =>
        ask.verb === 'approve' || ask.verb === 'sign' || ask.verb === 'review' || ask.type === 'comments' || REVIEWING.test(ask.thing),
    )
  )
    reasons.push('Asks for your review or approval');
  // A first answer to someone the user never wrote to: a person looks (once the user's mail is known).
  if (reply.needsReply && history && history.writtenTo.size > 0 && sender && !history.writtenTo.has(sender))
    reasons.push('You have never written to this sender');
  if (!understanding.read) reasons.push(`Written in another language (${understanding.language}): a person reads it`);
  else if (reply.needsReply && reply.score < LOW_TRIAGE_CONFIDENCE) reasons.push('Low confidence');
  return { needsReview: reasons.length > 0, reasons };
}
