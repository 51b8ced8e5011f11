/**
 * Triage: which incoming mail needs a reply, and which needs a person before anything is sent.
 * Pure (no database, files or clock): the service hands in the mail, the owner's addresses and the
 * history the model is learned from.
 *
 * needs_reply = hard rules (not the owner's own mail, not bulk or automated, addressed to the user)
 * and then a score learned from the user's own history: how often the user answered this sender,
 * this sender's domain, and mail with these words (a small logistic regression over those rates).
 * needs_review = fixed rules over the words of the mail (money, contracts, legal, complaints,
 * urgency), a sender the user never wrote to, and the user's own review rules.
 * Every decision comes with readable reasons.
 */

import type { ParsedMessage } from '../../mail/engine/parse-message.ts';
import { isAutomated } from '../../mail/engine/people.ts';

/** What triage reads of one stored email (the `emails` row's own fields). */
export type TriageMail = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string | null;
  senderEmail: string | null;
  recipientEmails: string[];
  ccEmails: string[];
  bodyText: string | null;
  receivedDate: Date | null;
  headers: ParsedMessage['headers'];
  /** Content types of the attachments, when known (text/calendar marks an invitation). */
  attachmentTypes?: string[];
};

// ---------------------------------------------------------------------------------------------
// Replies: which incoming mail the user answered (the history the score is learned from).

/** "RE: Fw: [ext] Budget" → "budget": reply and forward prefixes (also Lotus/Outlook's "AW:", "SV:") dropped. */
export function threadSubject(subject: string | null): string {
  let s = (subject ?? '').toLowerCase().trim();
  for (;;) {
    const next = s.replace(/^(\s*(re|fw|fwd|aw|sv|antw|wg|tr)\s*(\[\d+\])?\s*:\s*)/i, '').trim();
    if (next === s) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ');
}

function isReplySubject(subject: string | null): boolean {
  return /^\s*(re|aw|sv|antw)\s*(\[\d+\])?\s*:/i.test(subject ?? '');
}

/** A reply by subject threading must come within this long of the mail it answers. */
const SUBJECT_REPLY_WINDOW_MS = 14 * 86_400_000;

/**
 * The incoming mail (by index) that some sent mail answers: the sent mail names it in In-Reply-To
 * or References, or (mail without those headers, such as all of Lotus Notes) the sent mail is a
 * "RE:" of the same subject, to its sender, within two weeks after it.
 */
export function answeredIncoming(incoming: TriageMail[], sent: TriageMail[]): Set<number> {
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

// ---------------------------------------------------------------------------------------------
// Hard rules.

/** Calendar notifications: invitations, acceptances and reminders, answered by a click, not a reply. */
const CALENDAR_SUBJECT =
  /^\s*(invitation|updated invitation|accepted|declined|tentative(ly accepted)?|canceled|cancelled|reminder)\s*:|^\s*(meeting|event) (request|invitation|cancell?ed|updated?)\b/i;

export type AutomatedReason = string | null;

/** Why the mail is from a machine or a list, or null when it looks written by a person. */
export function automatedReason(mail: TriageMail): AutomatedReason {
  const { headers } = mail;
  if (headers.listId) return 'Sent to a mailing list (List-Id)';
  if (headers.listUnsubscribe) return 'Bulk mail (has an unsubscribe link)';
  if (headers.precedence && /bulk|list|junk/i.test(headers.precedence)) return `Bulk mail (Precedence: ${headers.precedence})`;
  if (headers.autoSubmitted && !/^no$/i.test(headers.autoSubmitted.trim())) return 'Sent automatically (Auto-Submitted)';
  if (mail.attachmentTypes?.some((type) => /^text\/calendar/i.test(type)) || CALENDAR_SUBJECT.test(mail.subject ?? ''))
    return 'A calendar notification';
  if (isAutomated({ senderEmail: mail.senderEmail, headers })) return 'Sent from a no-reply or notification address';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The learned score.

const STOP_WORDS = new Set(
  'the a an and or of to in on for at by with from is are was were be been it this that these those i you we he she they me my your our re fw fwd as if not no but so do does did have has had will would can could should may might please thanks thank hi hello dear regards am pm cc subject sent original message forwarded'.split(
    ' ',
  ),
);

/**
 * The sender's own words: the body up to the quoted mail, forwarded text or a legal footer (the
 * Enron and lpl.com disclaimers would otherwise flag every mail as legal language).
 */
export function ownText(bodyText: string | null): string {
  const body = bodyText ?? '';
  const cut = body.search(
    /\n\s*-{2,}\s*(original message|forwarded by)|\n-{2,}\s*\n|\n>|\n\s*(from|to|sent):\s|\non .{1,200} wrote:|\n\s*(this (e-?mail|message)|confidentiality notice|the information contained in this)/i,
  );
  return (cut >= 0 ? body.slice(0, cut) : body).slice(0, 20_000);
}

/** The distinct words of the subject and the first lines of the body, lower-case, without stop words. */
export function triageWords(mail: Pick<TriageMail, 'subject' | 'bodyText'>): Set<string> {
  const body = ownText(mail.bodyText).slice(0, 1500);
  const words = `${threadSubject(mail.subject)} ${body}`.toLowerCase().match(/\p{L}[\p{L}'-]{2,}/gu) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)).slice(0, 200));
}

type Counts = { seen: number; answered: number };

/** What the score is learned from: per sender, domain and word, how much mail came and how much was answered. */
export type ReplyHistory = {
  bySender: Map<string, Counts>;
  byDomain: Map<string, Counts>;
  byWord: Map<string, Counts>;
  /** Addresses the user ever wrote to (To or Cc of sent mail), with how often. */
  writtenTo: Map<string, number>;
  total: Counts;
  weights: number[];
  threshold: number;
};

const domainOf = (address: string | null) => address?.split('@')[1] ?? '';

function bump(map: Map<string, Counts>, key: string, answered: boolean, by = 1): void {
  if (!key) return;
  const counts = map.get(key) ?? { seen: 0, answered: 0 };
  counts.seen += by;
  if (answered) counts.answered += by;
  if (counts.seen === 0) map.delete(key);
  else map.set(key, counts);
}

/** Answer rate smoothed toward the overall rate (`strength` mails' worth of it). */
function rate(counts: Counts | undefined, prior: number, strength: number): number {
  const seen = counts?.seen ?? 0;
  const answered = counts?.answered ?? 0;
  return (answered + prior * strength) / (seen + strength);
}

const logit = (p: number) => Math.log(Math.max(p, 1e-4) / Math.max(1 - p, 1e-4));

function features(mail: TriageMail, history: ReplyHistory, ownAddresses: Set<string>): number[] {
  const prior = history.total.answered / Math.max(history.total.seen, 1);
  const sender = mail.senderEmail ?? '';
  const senderRate = rate(history.bySender.get(sender), prior, 2);
  const domainRate = rate(history.byDomain.get(domainOf(sender)), prior, 5);
  // Words: the mean log-odds shift of the words known well enough (seen 3 times or more).
  let wordShift = 0;
  let known = 0;
  for (const word of triageWords(mail)) {
    const counts = history.byWord.get(word);
    if (!counts || counts.seen < 3) continue;
    wordShift += logit(rate(counts, prior, 5)) - logit(prior);
    known++;
  }
  const direct = mail.recipientEmails.some((a) => ownAddresses.has(a)) ? 1 : 0;
  const recipients = mail.recipientEmails.length + mail.ccEmails.length;
  const question = /\?/.test(ownText(mail.bodyText).slice(0, 2000)) ? 1 : 0;
  const wrote = Math.log1p(history.writtenTo.get(sender) ?? 0);
  return [
    1,
    logit(senderRate),
    logit(domainRate),
    known ? wordShift / known : 0,
    direct,
    Math.log1p(recipients),
    question,
    wrote,
    isReplySubject(mail.subject) ? 1 : 0,
  ];
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Plain batch gradient descent with a little L2: a few hundred to a few thousand rows, 9 features. */
function fitLogistic(rows: number[][], labels: boolean[]): number[] {
  const weights = new Array<number>(rows[0]?.length ?? 9).fill(0);
  const rateStep = 0.5;
  for (let iteration = 0; iteration < 400; iteration++) {
    const gradient = weights.map((w, j) => (j === 0 ? 0 : 0.01 * w));
    rows.forEach((row, i) => {
      const error = sigmoid(row.reduce((sum, x, j) => sum + x * weights[j]!, 0)) - (labels[i] ? 1 : 0);
      row.forEach((x, j) => {
        gradient[j]! += (error * x) / rows.length;
      });
    });
    weights.forEach((_, j) => {
      weights[j]! -= rateStep * gradient[j]!;
    });
  }
  return weights;
}

/** The threshold that gives the best F1 on the learned mail (the positive class is rare, so not 0.5). */
function bestThreshold(scores: number[], labels: boolean[]): number {
  let best = { f1: -1, threshold: 0.5 };
  for (let threshold = 0.05; threshold < 0.95; threshold += 0.025) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    scores.forEach((score, i) => {
      if (score >= threshold && labels[i]) tp++;
      else if (score >= threshold) fp++;
      else if (labels[i]) fn++;
    });
    const f1 = tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
    if (f1 > best.f1) best = { f1, threshold };
  }
  return best.threshold;
}

const FOLDS = 5;

function countAnswers(history: ReplyHistory, learned: { mail: TriageMail; answered: boolean }[]): void {
  for (const { mail, answered: yes } of learned) {
    bump(history.bySender, mail.senderEmail ?? '', yes);
    bump(history.byDomain, domainOf(mail.senderEmail), yes);
    for (const word of triageWords(mail)) bump(history.byWord, word, yes);
    history.total.seen++;
    if (yes) history.total.answered++;
  }
}

/** What the owner is: every address the user sends from (confirmed aliases). */
export type Owner = { addresses: string[] };

/**
 * Learns the score from the user's own history: the incoming mail that passes the hard rules and
 * the sent mail (to know which of it was answered and whom the user writes to).
 */
export function learnReplyHistory({ incoming, sent, owner }: { incoming: TriageMail[]; sent: TriageMail[]; owner: Owner }): ReplyHistory {
  const own = new Set(owner.addresses.map((a) => a.toLowerCase()));
  const answered = answeredIncoming(incoming, sent);
  const history: ReplyHistory = {
    bySender: new Map(),
    byDomain: new Map(),
    byWord: new Map(),
    writtenTo: new Map(),
    total: { seen: 0, answered: 0 },
    weights: [],
    threshold: 0.5,
  };
  for (const mail of sent)
    for (const address of new Set([...mail.recipientEmails, ...mail.ccEmails]))
      history.writtenTo.set(address, (history.writtenTo.get(address) ?? 0) + 1);
  const learned: { mail: TriageMail; answered: boolean }[] = [];
  incoming.forEach((mail, index) => {
    if (hardRuleReason(mail, own)) return;
    learned.push({ mail, answered: answered.has(index) });
  });
  countAnswers(history, learned);
  if (learned.length === 0 || history.total.answered === 0) return history;
  // Out-of-fold rates: each learned mail's features come from the other folds' counts, so a mail
  // never votes for itself (leave-one-out over-corrects on rare senders and words and taught the
  // model that an answered sender means no reply).
  const rows: number[][] = [];
  const labels: boolean[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const others = { ...history, bySender: new Map(), byDomain: new Map(), byWord: new Map(), total: { seen: 0, answered: 0 } };
    countAnswers(
      others,
      learned.filter((_, i) => i % FOLDS !== fold),
    );
    learned.forEach(({ mail, answered: yes }, i) => {
      if (i % FOLDS !== fold) return;
      rows.push(features(mail, others, own));
      labels.push(yes);
    });
  }
  history.weights = fitLogistic(rows, labels);
  history.threshold = bestThreshold(
    rows.map((row) => sigmoid(row.reduce((sum, x, j) => sum + x * history.weights[j]!, 0))),
    labels,
  );
  return history;
}

/** The rules no history overrides; the reason when one excludes the mail. */
function hardRuleReason(mail: TriageMail, own: Set<string>, ignoredSenders: string[] = []): string | null {
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  if (!sender) return 'No sender to answer';
  if (own.has(sender)) return 'Sent by you';
  if (ignoredSenders.some((ignored) => matchesSender(sender, ignored))) return 'From a sender you ignore';
  const automated = automatedReason(mail);
  if (automated) return automated;
  if (![...mail.recipientEmails, ...mail.ccEmails].some((a) => own.has(a.toLowerCase()))) return 'Not addressed to you';
  return null;
}

/** `rule` is an address, a domain ("acme.com" or "@acme.com"), matching subdomains too. */
function matchesSender(sender: string, rule: string): boolean {
  const r = rule.trim().toLowerCase().replace(/^@/, '');
  if (!r) return false;
  if (r.includes('@')) return sender === r;
  const domain = domainOf(sender);
  return domain === r || domain.endsWith(`.${r}`);
}

export type ReplyDecision = { needsReply: boolean; score: number; reasons: string[] };

export function needsReply(
  mail: TriageMail,
  { owner, history, ignoredSenders = [] }: { owner: Owner; history: ReplyHistory; ignoredSenders?: string[] },
): ReplyDecision {
  const own = new Set(owner.addresses.map((a) => a.toLowerCase()));
  const excluded = hardRuleReason(mail, own, ignoredSenders);
  if (excluded) return { needsReply: false, score: 0, reasons: [excluded] };
  const reasons: string[] = [];
  const sender = mail.senderEmail!.toLowerCase();
  const senderCounts = history.bySender.get(sender);
  if (senderCounts && senderCounts.answered > 0)
    reasons.push(`You answered ${senderCounts.answered} of ${senderCounts.seen} emails from this sender`);
  else if (senderCounts) reasons.push(`You answered none of ${senderCounts.seen} emails from this sender`);
  if (/\?/.test(ownText(mail.bodyText).slice(0, 2000))) reasons.push('Asks a question');
  if (history.weights.length === 0) {
    // Nothing learned yet (a new account): a person's mail addressed to the user is worth a reply.
    return { needsReply: true, score: 0.5, reasons: [...reasons, 'Written to you by a person'] };
  }
  const row = features(mail, history, own);
  const score = sigmoid(row.reduce((sum, x, j) => sum + x * history.weights[j]!, 0));
  const needs = score >= history.threshold;
  reasons.push(needs ? 'Like the mail you usually answer' : 'Like the mail you usually leave unanswered');
  return { needsReply: needs, score, reasons };
}

// ---------------------------------------------------------------------------------------------
// needs_review.

/** The user's own review rules (the account's drafting settings): words, senders and domains. */
export type ReviewRules = { words: string[]; senders: string[] };

const REVIEW_PATTERNS: { reason: string; pattern: RegExp }[] = [
  { reason: 'Mentions a discount', pattern: /\bdiscount(s|ed|ing)?\b|\bcoupon\b|\b\d+\s?% off\b/i },
  { reason: 'Mentions a refund', pattern: /\brefund(s|ed|ing)?\b|\bmoney back\b|\bchargeback\b|\breimburse/i },
  {
    reason: 'About prices or a contract',
    pattern: /\b(pric(e|es|ing)|quote|quotation|invoice|contract(s|ual)?|agreement|terms and conditions|renewal|termination|amendment)\b/i,
  },
  {
    reason: 'Legal language',
    pattern: /\b(legal|lawyer|attorney|counsel|lawsuit|litigation|liabilit(y|ies)|breach|indemnif\w*|subpoena|court|gdpr)\b/i,
  },
  {
    reason: 'A complaint',
    pattern: /\b(complain(t|ts|ing)?|unacceptable|disappointed|dissatisfied|frustrat\w+|escalat\w+|cancel my)\b/i,
  },
  { reason: 'Marked urgent', pattern: /\b(urgent(ly)?|asap|immediately|right away|as soon as possible|deadline)\b/i },
];

export type ReviewDecision = { needsReview: boolean; reasons: string[] };

export function needsReview(
  mail: TriageMail,
  { history, rules = { words: [], senders: [] } }: { history: Pick<ReplyHistory, 'writtenTo'>; rules?: ReviewRules },
): ReviewDecision {
  const reasons: string[] = [];
  const text = `${mail.subject ?? ''}\n${ownText(mail.bodyText)}`;
  for (const { reason, pattern } of REVIEW_PATTERNS) if (pattern.test(text)) reasons.push(reason);
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  if (sender && !history.writtenTo.has(sender)) reasons.push('You have never written to this sender');
  const lower = text.toLowerCase();
  for (const word of rules.words) {
    const w = word.trim().toLowerCase();
    if (w && lower.includes(w)) reasons.push(`Matches your review rule "${word.trim()}"`);
  }
  for (const rule of rules.senders)
    if (sender && matchesSender(sender, rule)) reasons.push(`From a sender in your review rules (${rule.trim()})`);
  return { needsReview: reasons.length > 0, reasons };
}
