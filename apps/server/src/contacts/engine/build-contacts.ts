/**
 * The contact book, built from the mail: pure code over plain data (no database, no clock: `now`
 * is passed in). A contact is someone the user corresponds with: the sender of mail the user
 * received, or a To/Cc recipient of mail the user sent. Never the user (the account address and
 * every alias), never an automated sender, never an ignored address.
 */

import {
  cleanDisplayName,
  companyFromDomain,
  isAutomated,
  isFreeMail,
  normalizeEmail,
  ownerNameWords,
  splitName,
} from '../../mail/engine/people.ts';

export type MailForContacts = {
  messageId: string | null;
  inReplyTo: string | null;
  threadId: string | null;
  subject: string | null;
  senderEmail: string | null;
  senderName: string | null;
  recipientEmails: string[];
  ccEmails: string[];
  /** Display names of To and Cc recipients, by lower-cased address (only those that had one). */
  recipientNames: Readonly<Record<string, string>>;
  receivedDate: Date | null;
  isOutgoing: boolean;
  headers: { listUnsubscribe?: string; precedence?: string; autoSubmitted?: string; listId?: string };
};

export type InteractionFrequency = 'very_high' | 'high' | 'medium' | 'low';

export type BuiltContact = {
  emailAddress: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  domain: string;
  companyName: string | null;
  isInternal: boolean;
  lastInteractionAt: Date | null;
  stats: {
    emailsSent: number;
    emailsReceived: number;
    totalInteractions: number;
    interactionFrequency: InteractionFrequency;
    relationshipStrength: number;
    avgResponseTimeHours: number | null;
    firstInteractionAt: Date | null;
    lastInteractionAt: Date | null;
    mostCommonSubjectKeywords: string[];
  };
};

export type BuildOptions = {
  /** The account address and every address the user sends from. */
  ownAddresses: string[];
  /** Names the owner goes by (the profile's "First Last"); with the names on the owner's own mail, never a contact's topic. */
  ownNames?: string[];
  ignoredAddresses?: string[];
  now: Date;
  /**
   * The moment statistics are measured at: the account's newest mail (never later than `now`).
   * Recency and frequency are relative to it, so an imported archive from years ago still shows
   * who mattered then. Defaults to the newest mail passed in.
   */
  asOf?: Date;
};

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have i in is it its me my of on or our re fw fwd the this to up us was we were what when will with you your not no yes re: please thanks thank hi hello about can do if so just get all any new more out'.split(
    ' ',
  ),
);

/** Subject words without Re:/Fw: prefixes, stop words, numbers or one-letter words. */
export function subjectKeywords(subject: string | null): string[] {
  if (!subject) return [];
  const bare = subject.replace(/^(\s*(re|fw|fwd|aw|wg|sv)\s*(\[\d+\])?\s*:\s*)+/i, '');
  return (bare.toLowerCase().match(/[\p{L}][\p{L}\p{N}'-]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word) && word.length > 2);
}

/**
 * Interactions a month → frequency. Thresholds: 20+ very high (about daily on workdays), 8+ high
 * (about twice a week), 2+ medium (about every other week), below that low.
 */
export function frequencyOf(interactionsPerMonth: number): InteractionFrequency {
  if (interactionsPerMonth >= 20) return 'very_high';
  if (interactionsPerMonth >= 8) return 'high';
  if (interactionsPerMonth >= 2) return 'medium';
  return 'low';
}

/**
 * Relationship strength in 0..1, a weighted sum of four signals, each in 0..1:
 * - reciprocity (0.35): how evenly mail goes both ways, min(sent, received) / max(sent, received);
 * - frequency (0.25): interactions a month, saturating at 20;
 * - recency (0.25): halves every 90 days between the last interaction and the moment of measure
 *   (`asOf`: the account's newest mail);
 * - depth (0.15): share of the conversations with this person that went back and forth (replies).
 */
export function relationshipStrength(input: {
  sent: number;
  received: number;
  perMonth: number;
  daysSinceLast: number;
  depth: number;
}): number {
  const reciprocity =
    input.sent === 0 || input.received === 0 ? 0 : Math.min(input.sent, input.received) / Math.max(input.sent, input.received);
  const frequency = Math.min(1, input.perMonth / 20);
  const recency = 0.5 ** (Math.max(0, input.daysSinceLast) / 90);
  const score = 0.35 * reciprocity + 0.25 * frequency + 0.25 * recency + 0.15 * Math.min(1, Math.max(0, input.depth));
  return Math.round(score * 1000) / 1000;
}

const NO_KEYWORDS: string[] = [];

// localeCompare's order (the default locale's collation) from one collator, not one per call.
const compareText = new Intl.Collator().compare;

/**
 * The five most used words, ties in collation order: the head of a stable sort of all of them,
 * found in one pass (most contacts have many words used once each).
 */
function topKeywords(counts: Map<string, number>): string[] {
  const top: [string, number][] = [];
  for (const entry of counts) {
    const [word, count] = entry;
    let at = top.length;
    while (at > 0 && (top[at - 1]![1] < count || (top[at - 1]![1] === count && compareText(top[at - 1]![0], word) > 0))) at--;
    if (at >= 5) continue;
    top.splice(at, 0, entry);
    if (top.length > 5) top.pop();
  }
  return top.map(([word]) => word);
}

type Accumulator = {
  sent: number;
  received: number;
  first: number | null;
  last: number | null;
  keywords: Map<string, number>;
  // Per conversation: IN | OUT bits of which way mail went.
  threads: Map<string, number>;
  responseHours: number[];
};

const IN = 1;
const OUT = 2;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function buildContacts(mail: MailForContacts[], options: BuildOptions): BuiltContact[] {
  const steps = buildingContacts(mail, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Messages (or contacts) handled between two pauses of `buildingContacts`: some milliseconds of work. */
const STEP = 2_000;

/**
 * buildContacts in steps: the generator pauses every few thousand messages, so a caller can let its
 * event loop run in between (read another query's rows meanwhile) and resume; it returns the contacts.
 */
export function* buildingContacts(mail: MailForContacts[], options: BuildOptions): Generator<void, BuiltContact[]> {
  const own = new Set(options.ownAddresses.map(normalizeEmail));
  const ignored = new Set((options.ignoredAddresses ?? []).map(normalizeEmail));
  const ownDomains = new Set([...own].map((address) => address.split('@')[1]).filter((d): d is string => Boolean(d) && !isFreeMail(d!)));
  const byMessageId = new Map<string, MailForContacts>();
  for (const m of mail) if (m.messageId) byMessageId.set(m.messageId, m);

  const contacts = new Map<string, Accumulator>();
  // Every display name seen for an address, in From (incoming mail) and To/Cc (all mail): a contact
  // the user only wrote to may be named in the Cc of someone else's mail.
  const names = new Map<string, Map<string, number>>();
  const nameSeen = (address: string, raw: string | null | undefined) => {
    const name = cleanDisplayName(raw, address);
    if (!name) return;
    let counts = names.get(address);
    if (!counts) {
      counts = new Map();
      names.set(address, counts);
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const touch = (address: string) => {
    let entry = contacts.get(address);
    if (!entry) {
      entry = {
        sent: 0,
        received: 0,
        first: null,
        last: null,
        keywords: new Map(),
        threads: new Map(),
        responseHours: [],
      };
      contacts.set(address, entry);
    }
    return entry;
  };
  const record = (entry: Accumulator, m: MailForContacts, keywords: string[], direction: 'in' | 'out') => {
    const time = m.receivedDate?.getTime() ?? null;
    if (time != null) {
      entry.first = entry.first == null ? time : Math.min(entry.first, time);
      entry.last = entry.last == null ? time : Math.max(entry.last, time);
    }
    for (const word of keywords) entry.keywords.set(word, (entry.keywords.get(word) ?? 0) + 1);
    const thread = m.threadId ?? m.messageId;
    if (thread) {
      entry.threads.set(thread, (entry.threads.get(thread) ?? 0) | (direction === 'in' ? IN : OUT));
    }
  };
  const eligible = (address: string | null): address is string =>
    Boolean(address?.includes('@')) && !own.has(address!) && !ignored.has(address!);

  // The owner's own names are no topic ("Vince, the model" is about the model).
  const ownWords = ownerNameWords({
    names: [...(options.ownNames ?? []), ...mail.filter((m) => m.isOutgoing && m.senderName).map((m) => m.senderName)],
    addresses: [...own],
  });
  // A thread repeats its subject: each distinct subject is split into keywords once.
  const keywordsBySubject = new Map<string, string[]>();
  const keywordsOf = (subject: string | null) => {
    if (!subject) return NO_KEYWORDS;
    let keywords = keywordsBySubject.get(subject);
    if (!keywords) {
      keywords = subjectKeywords(subject);
      if (ownWords.size > 0) keywords = keywords.filter((word) => !ownWords.has(word));
      keywordsBySubject.set(subject, keywords);
    }
    return keywords;
  };
  const recipients: string[] = [];

  let handled = 0;
  for (const m of mail) {
    if (++handled % STEP === 0) yield;
    for (const address in m.recipientNames) nameSeen(address, m.recipientNames[address]);
    if (m.isOutgoing) {
      // Everyone the user wrote to, once each in order; a reply also measures how fast the user answered.
      const answered = m.inReplyTo ? byMessageId.get(m.inReplyTo) : undefined;
      recipients.length = 0;
      for (const list of [m.recipientEmails, m.ccEmails]) {
        for (const address of list) {
          const normalized = normalizeEmail(address);
          if (!recipients.includes(normalized)) recipients.push(normalized);
        }
      }
      for (const raw of recipients) {
        if (!eligible(raw)) continue;
        const entry = touch(raw);
        entry.sent += 1;
        record(entry, m, keywordsOf(m.subject), 'out');
        if (
          answered &&
          !answered.isOutgoing &&
          answered.senderEmail &&
          normalizeEmail(answered.senderEmail) === raw &&
          m.receivedDate &&
          answered.receivedDate
        ) {
          const hours = (m.receivedDate.getTime() - answered.receivedDate.getTime()) / HOUR;
          if (hours >= 0) entry.responseHours.push(hours);
        }
      }
    } else {
      const sender = m.senderEmail ? normalizeEmail(m.senderEmail) : null;
      if (!eligible(sender) || isAutomated(m)) continue;
      nameSeen(sender, m.senderName);
      const entry = touch(sender);
      entry.received += 1;
      record(entry, m, keywordsOf(m.subject), 'in');
    }
  }

  const newest = mail.reduce(
    (latest, m) => Math.max(latest, m.receivedDate?.getTime() ?? Number.NEGATIVE_INFINITY),
    Number.NEGATIVE_INFINITY,
  );
  const asOf = Math.min(options.now.getTime(), options.asOf?.getTime() ?? newest);
  const now = Number.isFinite(asOf) ? asOf : options.now.getTime();
  const result: BuiltContact[] = [];
  for (const [emailAddress, entry] of contacts) {
    if (++handled % STEP === 0) yield;
    // The name used most often; ties in collation order.
    const seen = names.get(emailAddress);
    const displayName = seen ? [...seen.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0] : null;
    const domain = emailAddress.split('@')[1] ?? '';
    const total = entry.sent + entry.received;
    // Interactions a month since the first one, up to the moment of measure (at least one month):
    // a contact who went quiet long ago fades, a new one who writes every day rates high at once.
    const spanMonths = entry.first != null ? Math.max(1, (Math.max(now, entry.last ?? now) - entry.first) / (30 * DAY)) : 1;
    const perMonth = total / spanMonths;
    let twoWay = 0;
    for (const bits of entry.threads.values()) if (bits === (IN | OUT)) twoWay += 1;
    const depth = entry.threads.size ? twoWay / entry.threads.size : 0;
    const daysSinceLast = entry.last != null ? (now - entry.last) / DAY : 365;
    const keywords = topKeywords(entry.keywords);
    const avg = entry.responseHours.length ? entry.responseHours.reduce((a, b) => a + b, 0) / entry.responseHours.length : null;
    result.push({
      emailAddress,
      displayName,
      ...splitName(displayName),
      domain,
      companyName: companyFromDomain(domain),
      isInternal: ownDomains.has(domain),
      lastInteractionAt: entry.last != null ? new Date(entry.last) : null,
      stats: {
        emailsSent: entry.sent,
        emailsReceived: entry.received,
        totalInteractions: total,
        interactionFrequency: frequencyOf(perMonth),
        relationshipStrength: relationshipStrength({ sent: entry.sent, received: entry.received, perMonth, daysSinceLast, depth }),
        avgResponseTimeHours: avg == null ? null : Math.round(avg * 100) / 100,
        firstInteractionAt: entry.first != null ? new Date(entry.first) : null,
        lastInteractionAt: entry.last != null ? new Date(entry.last) : null,
        mostCommonSubjectKeywords: keywords,
      },
    });
  }
  return result.sort((a, b) => b.stats.totalInteractions - a.stats.totalInteractions || compareText(a.emailAddress, b.emailAddress));
}
