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
import { isAutomated, isFreeMail, organisationLabel } from '../../mail/engine/people.ts';

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

/** A parsed message as triage reads it (mail read from files: tests, benches). */
export function triageMailOfParsed(parsed: ParsedMessage): TriageMail {
  return {
    messageId: parsed.messageId,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    senderEmail: parsed.senderEmail,
    recipientEmails: parsed.recipientEmails,
    ccEmails: parsed.ccEmails,
    bodyText: parsed.bodyText,
    receivedDate: parsed.date,
    headers: parsed.headers,
    attachmentTypes: parsed.attachments.map((a) => a.contentType),
  };
}

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

/**
 * What the score is learned from: per sender, domain and word, how much mail came and how much was
 * answered, whom the user writes to, and the learned weights. Plain data (Maps, arrays, numbers):
 * the service stores it as JSON.
 */
export type ReplyHistory = {
  bySender: Map<string, Counts>;
  byDomain: Map<string, Counts>;
  byWord: Map<string, Counts>;
  /** Addresses the user ever wrote to (To or Cc of sent mail), with how often. */
  writtenTo: Map<string, number>;
  total: Counts;
  /** One weight per feature (FEATURE_NAMES); empty when nothing is learned yet. */
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

const logit = (p: number) => Math.log(Math.max(p, 1e-3) / Math.max(1 - p, 1e-3));

/** Earlier mail of a thread counts for its state only this long (an old thread picked up again is a new one). */
const THREAD_WINDOW_MS = 30 * 86_400_000;

/** Asks the reader to do or say something (beyond a question mark). */
const REQUEST =
  /\b(can you|could you|would you|will you|can we|could we|let me know|let us know|please (let|send|call|review|advise|confirm|give|provide|respond|reply|forward|sign|approve|look|check|get|see)|(your|any) (thoughts|input|comments|approval|feedback|help)|what do you think|do you (have|know|want|think|agree)|are you (available|able|ok|okay)|need (you|your)|call me|get back to me)\b/i;
/** For the reader's information only. */
const FYI = /\b(fyi|for your (information|info|reference|records)|no (need to|action) (reply|respond|required|needed))\b/i;
/** Own text this short says nothing (a forward without a note, "see below"). */
const NO_NOTE_CHARS = 25;

type Context = { own: Set<string>; ownOrganisations: Set<string>; earlier: TriageMail[] };

/** Where the user stands in the mail's thread, from the thread's mail before it. */
type ThreadState = { userInThread: boolean; userWroteLast: boolean; answersUser: boolean };

function threadState(mail: TriageMail, { own, earlier }: Context): ThreadState {
  const at = mail.receivedDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const key = threadSubject(mail.subject);
  const named = new Set([mail.inReplyTo, ...mail.references].filter(Boolean));
  const thread = earlier
    .filter((other) => {
      const when = other.receivedDate?.getTime();
      if (when === undefined || when >= at || at - when > THREAD_WINDOW_MS) return false;
      return (other.messageId && named.has(other.messageId)) || (key !== '' && threadSubject(other.subject) === key);
    })
    .sort((a, b) => a.receivedDate!.getTime() - b.receivedDate!.getTime());
  const fromUser = (other: TriageMail) => own.has(other.senderEmail?.toLowerCase() ?? '');
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  const last = thread.at(-1);
  return {
    userInThread: thread.some(fromUser),
    userWroteLast: Boolean(last && fromUser(last)),
    answersUser: thread.some(
      (other) =>
        fromUser(other) &&
        ((other.messageId && named.has(other.messageId)) ||
          [...other.recipientEmails, ...other.ccEmails].some((a) => a.toLowerCase() === sender)),
    ),
  };
}

/** The organisation of an address (acme.com and mail.acme.com are one), or the bare domain. */
const organisationOf = (address: string) => {
  const domain = domainOf(address.toLowerCase());
  return organisationLabel(domain) ?? (isFreeMail(domain) ? '' : domain);
};

/** The names of the features, in the weights' order (the first is the bias). */
export const FEATURE_NAMES = [
  'bias',
  'sender answer rate',
  'domain answer rate',
  'word scores',
  'you in To',
  'you in Cc',
  'recipients',
  'internal sender',
  'question',
  'request',
  'forwarded without a note',
  'for your information',
  'times you wrote to the sender',
  'reply subject',
  'you are in the thread',
  'you wrote last',
  'answers your email',
] as const;

function features(mail: TriageMail, history: ReplyHistory, context: Context): number[] {
  const { own, ownOrganisations } = context;
  const prior = history.total.answered / Math.max(history.total.seen, 1);
  const sender = mail.senderEmail?.toLowerCase() ?? '';
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
  const inTo = mail.recipientEmails.some((a) => own.has(a.toLowerCase()));
  const inCc = !inTo && mail.ccEmails.some((a) => own.has(a.toLowerCase()));
  const text = ownText(mail.bodyText).slice(0, 2000);
  const subject = mail.subject ?? '';
  const noNote = text.replace(/\s+/g, ' ').trim().length < NO_NOTE_CHARS;
  const thread = threadState(mail, context);
  const flag = (yes: boolean) => (yes ? 1 : 0);
  return [
    1,
    logit(senderRate),
    logit(domainRate),
    known ? wordShift / known : 0,
    flag(inTo),
    flag(inCc),
    Math.log1p(mail.recipientEmails.length + mail.ccEmails.length),
    flag(sender !== '' && ownOrganisations.has(organisationOf(sender))),
    flag(/\?/.test(text)),
    flag(REQUEST.test(text)),
    flag(noNote && (/^\s*(fw|fwd)\s*:/i.test(subject) || /forwarded by|original message/i.test(mail.bodyText ?? ''))),
    flag(FYI.test(`${subject}\n${text}`) || noNote),
    Math.log1p(history.writtenTo.get(sender) ?? 0),
    flag(isReplySubject(mail.subject)),
    flag(thread.userInThread),
    flag(thread.userWroteLast),
    flag(thread.answersUser),
  ];
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const dot = (row: number[], weights: number[]) => row.reduce((sum, x, j) => sum + x * (weights[j] ?? 0), 0);

/**
 * Weights of a model learned on several people's mail (the corpus of the triage bench, five
 * mailboxes, pooled): what a user's own weights start from and are pulled toward, so a mailbox with
 * few answered mails still gets a sensible model. Order: FEATURE_NAMES.
 */
export const DEFAULT_WEIGHTS: readonly number[] = [
  -2.31, 0.07, 0.17, 0.55, 0.32, 0.06, 0.05, -0.16, 0.29, 0.22, -0.05, -0.04, 0.11, 0.29, 0.2, 0.31, 0.29,
];

/** How strongly a user's weights are pulled toward DEFAULT_WEIGHTS: the pull weighs as much as this many mails' worth of the fit (so it fades as the history grows). */
const PRIOR_ROWS = 50;

/**
 * Logistic regression by batch gradient descent on standardised features (a few hundred to a few
 * thousand rows), pulled toward `prior` (raw weights; the defaults) the more, the fewer answered
 * mails there are, and returned as weights on the raw features.
 */
export function fitLogistic(rows: number[][], labels: boolean[], prior: readonly number[] = DEFAULT_WEIGHTS): number[] {
  const width = rows[0]?.length ?? FEATURE_NAMES.length;
  const mean = new Array<number>(width).fill(0);
  const spread = new Array<number>(width).fill(0);
  for (const row of rows)
    row.forEach((x, j) => {
      mean[j]! += x / rows.length;
    });
  for (const row of rows)
    row.forEach((x, j) => {
      spread[j]! += (x - mean[j]!) ** 2 / rows.length;
    });
  const sd = spread.map(Math.sqrt);
  const scale = sd.map((v, j) => (j === 0 || v < 1e-6 ? 0 : 1 / v));
  const scaled = rows.map((row) => row.map((x, j) => (j === 0 ? 1 : (x - mean[j]!) * scale[j]!)));
  const target = sd.map((v, j) => (j === 0 ? 0 : (prior[j] ?? 0) * v));
  const positives = labels.filter(Boolean).length;
  const strength = PRIOR_ROWS / Math.max(labels.length, 1);
  const weights = target.slice();
  weights[0] = logit(positives / Math.max(labels.length, 1));
  for (let iteration = 0; iteration < 300; iteration++) {
    const gradient = weights.map((w, j) => (j === 0 ? 0 : strength * (w - target[j]!)));
    scaled.forEach((row, i) => {
      const error = sigmoid(dot(row, weights)) - (labels[i] ? 1 : 0);
      row.forEach((x, j) => {
        gradient[j]! += (error * x) / scaled.length;
      });
    });
    weights.forEach((_, j) => {
      weights[j]! -= 1 * gradient[j]!;
    });
  }
  // Back to raw features: w·(x - mean)·scale = (w·scale)·x - Σ w·scale·mean.
  const raw = weights.map((w, j) => (j === 0 ? w : w * scale[j]!));
  raw[0] = weights[0]! - raw.reduce((sum, w, j) => (j === 0 ? sum : sum + w * mean[j]!), 0);
  return raw;
}

/**
 * When the best F1 comes from flagging more than this share of the mail, the ranking showed no
 * skill out of fold (F1 of "flag everything" is 2r/(1+r) at answer rate r): flag the share the
 * user answers instead (else a weak history flags nearly all mail).
 */
const NO_SKILL_SHARE = 0.5;

/**
 * The threshold with the best F1 over the given (out-of-fold) scores: the positive class is rare,
 * so not 0.5, and F1 weighs precision and recall alike (the targets are both).
 */
function bestThreshold(scores: number[], labels: boolean[]): number {
  const order = scores.map((score, i) => ({ score, yes: labels[i]! })).sort((a, b) => b.score - a.score);
  const positives = order.filter((o) => o.yes).length;
  let best = { f1: -1, threshold: 0.5, flagged: 0 };
  let tp = 0;
  order.forEach(({ score, yes }, i) => {
    if (yes) tp++;
    const next = order[i + 1];
    if (next && next.score === score) return;
    const f1 = (2 * tp) / (i + 1 + positives);
    if (f1 > best.f1) best = { f1, threshold: next ? (score + next.score) / 2 : score, flagged: i + 1 };
  });
  if (best.flagged > NO_SKILL_SHARE * order.length) return shareThreshold(scores, positives / order.length);
  return best.threshold;
}

const FOLDS = 5;

/** Incoming mail younger than this before the newest sent mail may still get its answer: not learned from. */
const ANSWER_WAIT_MS = 3 * 86_400_000;

function countAnswers(history: ReplyHistory, learned: { mail: TriageMail; answered: boolean }[]): void {
  for (const { mail, answered: yes } of learned) {
    bump(history.bySender, mail.senderEmail?.toLowerCase() ?? '', yes);
    bump(history.byDomain, domainOf(mail.senderEmail?.toLowerCase() ?? null), yes);
    for (const word of triageWords(mail)) bump(history.byWord, word, yes);
    history.total.seen++;
    if (yes) history.total.answered++;
  }
}

/** What the owner is: every address the user sends from (confirmed aliases). */
export type Owner = { addresses: string[] };

function ownerContext(owner: Owner, earlier: TriageMail[]): Context {
  const own = new Set(owner.addresses.map((a) => a.toLowerCase()));
  const ownOrganisations = new Set([...own].map(organisationOf).filter(Boolean));
  return { own, ownOrganisations, earlier };
}

/**
 * Learns the score from the user's own history: the incoming mail that passes the hard rules and
 * the sent mail (to know which of it was answered, whom the user writes to, and where the user
 * stood in each thread).
 */
export function learnReplyHistory({ incoming, sent, owner }: { incoming: TriageMail[]; sent: TriageMail[]; owner: Owner }): ReplyHistory {
  const { history, rows, labels, folds } = replyLearningRows({ incoming, sent, owner });
  const answered = labels.filter(Boolean).length;
  if (answered === 0) return history;
  if (answered < MIN_ANSWERED_TO_LEARN) {
    // Too few answers to learn weights from: the default model, flagging about as large a share of
    // mail as the user answers (a user who answers 1 % of the mail gets few flags).
    history.weights = [...DEFAULT_WEIGHTS];
    history.threshold = shareThreshold(
      rows.map((row) => sigmoid(dot(row, history.weights))),
      answered / rows.length,
    );
    return history;
  }
  // The threshold from out-of-fold scores: scores of the rows a model learned on are too confident
  // and would set it too high.
  const scores = new Array<number>(rows.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = rows.map((_, i) => i).filter((i) => folds[i] !== fold);
    const weights = fitLogistic(
      train.map((i) => rows[i]!),
      train.map((i) => labels[i]!),
    );
    rows.forEach((row, i) => {
      if (folds[i] === fold) scores[i] = sigmoid(dot(row, weights));
    });
  }
  history.weights = fitLogistic(rows, labels);
  history.threshold = bestThreshold(scores, labels);
  return history;
}

/** Fewer answered mails than this in the history: the default weights, not the user's own. */
const MIN_ANSWERED_TO_LEARN = 8;

/** The score above which `share` of the scores lie (at least one). */
function shareThreshold(scores: number[], share: number): number {
  const order = [...scores].sort((a, b) => b - a);
  const count = Math.max(1, Math.round(share * order.length));
  const at = order[count - 1] ?? 0.5;
  const next = order[count];
  return next === undefined ? at : (at + next) / 2;
}

/**
 * The counts of a user's history and the rows the weights are learned from: one per learned
 * incoming mail, its features (FEATURE_NAMES) from the other folds' counts, whether it was answered
 * and its fold. Exported for the triage bench's ceiling figures.
 */
export function replyLearningRows({ incoming, sent, owner }: { incoming: TriageMail[]; sent: TriageMail[]; owner: Owner }): {
  history: ReplyHistory;
  rows: number[][];
  labels: boolean[];
  folds: number[];
} {
  const context = ownerContext(owner, []);
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
    for (const address of new Set([...mail.recipientEmails, ...mail.ccEmails].map((a) => a.toLowerCase())))
      history.writtenTo.set(address, (history.writtenTo.get(address) ?? 0) + 1);
  const newestSent = Math.max(...sent.map((mail) => mail.receivedDate?.getTime() ?? Number.NEGATIVE_INFINITY));
  const learned: { mail: TriageMail; answered: boolean }[] = [];
  incoming.forEach((mail, index) => {
    if (hardRuleReason(mail, context.own, [], true)) return;
    if ((mail.receivedDate?.getTime() ?? Number.POSITIVE_INFINITY) > newestSent - ANSWER_WAIT_MS) return;
    learned.push({ mail, answered: answered.has(index) });
  });
  // Folds by date order, so the same mail gives the same model in whatever order it is handed in.
  learned.sort(
    (a, b) =>
      (a.mail.receivedDate?.getTime() ?? 0) - (b.mail.receivedDate?.getTime() ?? 0) ||
      (a.mail.messageId ?? '').localeCompare(b.mail.messageId ?? ''),
  );
  countAnswers(history, learned);
  const rows: number[][] = [];
  const labels: boolean[] = [];
  const folds: number[] = [];
  if (history.total.answered === 0) return { history, rows, labels, folds };
  // Each learned mail's thread: the mail of the same thread subject (both directions).
  const byThread = new Map<string, TriageMail[]>();
  for (const mail of [...incoming, ...sent]) {
    const key = threadSubject(mail.subject);
    if (key) byThread.set(key, [...(byThread.get(key) ?? []), mail]);
  }
  // Out-of-fold rates: each learned mail's features come from the other folds' counts, so a mail
  // never votes for itself (leave-one-out over-corrects on rare senders and words and taught the
  // model that an answered sender means no reply).
  for (let fold = 0; fold < FOLDS; fold++) {
    const others = { ...history, bySender: new Map(), byDomain: new Map(), byWord: new Map(), total: { seen: 0, answered: 0 } };
    countAnswers(
      others,
      learned.filter((_, i) => i % FOLDS !== fold),
    );
    learned.forEach(({ mail, answered: yes }, i) => {
      if (i % FOLDS !== fold) return;
      const earlier = byThread.get(threadSubject(mail.subject)) ?? [];
      rows.push(features(mail, others, { ...context, earlier }));
      labels.push(yes);
      folds.push(fold);
    });
  }
  return { history, rows, labels, folds };
}

/**
 * The rules no history overrides; the reason when one excludes the mail. Mail not addressed to the
 * user (Bcc, a list, an alias not yet confirmed) is left to the learned score once there is one.
 */
function hardRuleReason(mail: TriageMail, own: Set<string>, ignoredSenders: string[] = [], learned = false): string | null {
  const sender = mail.senderEmail?.toLowerCase() ?? '';
  if (!sender) return 'No sender to answer';
  if (own.has(sender)) return 'Sent by you';
  if (ignoredSenders.some((ignored) => matchesSender(sender, ignored))) return 'From a sender you ignore';
  const automated = automatedReason(mail);
  if (automated) return automated;
  if (!learned && ![...mail.recipientEmails, ...mail.ccEmails].some((a) => own.has(a.toLowerCase()))) return 'Not addressed to you';
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

/**
 * Whether the mail needs a reply. `earlier`: the mail of its thread before it, both directions, as
 * the service finds it (same thread, or the same subject without "RE:"); more is harmless, the
 * engine keeps the thread's own mail of the last 30 days.
 */
export function needsReply(
  mail: TriageMail,
  {
    owner,
    history,
    ignoredSenders = [],
    earlier = [],
  }: { owner: Owner; history: ReplyHistory; ignoredSenders?: string[]; earlier?: TriageMail[] },
): ReplyDecision {
  const context = ownerContext(owner, earlier);
  const learned = history.weights.length === FEATURE_NAMES.length;
  const excluded = hardRuleReason(mail, context.own, ignoredSenders, learned);
  if (excluded) return { needsReply: false, score: 0, reasons: [excluded] };
  const reasons: string[] = [];
  const sender = mail.senderEmail!.toLowerCase();
  const thread = threadState(mail, context);
  if (thread.answersUser) reasons.push('Answers your email');
  else if (thread.userInThread) reasons.push('You are in this conversation');
  const senderCounts = history.bySender.get(sender);
  if (senderCounts && senderCounts.answered > 0)
    reasons.push(`You answered ${senderCounts.answered} of ${senderCounts.seen} emails from this sender`);
  else if (senderCounts) reasons.push(`You answered none of ${senderCounts.seen} emails from this sender`);
  const text = ownText(mail.bodyText).slice(0, 2000);
  if (/\?/.test(text)) reasons.push('Asks a question');
  else if (REQUEST.test(text)) reasons.push('Asks you for something');
  if (!learned) {
    // Nothing learned yet (a new account): a person's mail addressed to the user is worth a reply.
    return { needsReply: true, score: 0.5, reasons: [...reasons, 'Written to you by a person'] };
  }
  if (![...mail.recipientEmails, ...mail.ccEmails].some((a) => context.own.has(a.toLowerCase())))
    reasons.push('Not addressed to you directly (Bcc, a list or another address)');
  else if (!mail.recipientEmails.some((a) => context.own.has(a.toLowerCase()))) reasons.push('You are only in Cc');
  const score = sigmoid(dot(features(mail, history, context), history.weights));
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
