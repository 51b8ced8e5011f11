/**
 * What Penman understands of one email (issue 31): who wrote it (a person or a machine, to whom),
 * what it asks and of whom, by when, and what in it is sensitive. Plain data, stored as JSON
 * (`email_understanding`) and read by triage, drafting, the review queue and the waiting list.
 */

/** The shape's version: a stored understanding of another version is made again. */
export const UNDERSTANDING_VERSION = 1;

/** Who wrote the mail: a person, a machine (notifications, calendars, no-reply), or bulk mail (lists, large distributions, templates). */
export type Origin = { kind: 'person' | 'machine' | 'bulk'; reason: string | null };

/**
 * Whom the mail is written to, from the reader's side: the reader alone (`direct`), a small named
 * group with the reader in it (`group`, at most SMALL_GROUP recipients), a list or large
 * distribution (`list`), the reader only in Cc (`cc`), the reader in neither To nor Cc (`hidden`:
 * Bcc, a list address, an alias), or mail the reader wrote (`own`).
 */
export type AudienceKind = 'direct' | 'group' | 'list' | 'cc' | 'hidden' | 'own';
export type Audience = {
  kind: AudienceKind;
  /** To and Cc, the reader included. */
  recipients: number;
  /** The names the mail greets ("Maria," / "Hi Joe and Ann"), as written; [] when it greets no one by name. */
  greeted: string[];
  /** The greeting names the reader (or greets everyone: "Hi all"). */
  greetsReader: boolean;
};

export type AskType = 'question' | 'action' | 'scheduling' | 'comments' | 'invitation';
export type QuestionForm = 'yes_no' | 'open';
export type ActionVerb = 'send' | 'review' | 'approve' | 'call' | 'sign' | 'forward' | 'confirm' | 'respond' | 'do';
export type SchedulingStep = 'propose' | 'confirm' | 'reschedule';

/**
 * Of whom an ask is asked: the reader, a small group with the reader in it, everyone on a list, or
 * someone else (named in `who`); in mail the reader sent, its recipients.
 */
export type AskedOf = 'reader' | 'group' | 'everyone' | 'someone' | 'recipients';

export type Deadline = {
  /** As written: "by Friday", "today", "no later than 5 pm on 10/30", "as soon as possible". */
  text: string;
  /** The day it falls on (YYYY-MM-DD), from the mail's date; null when the words name no day ("as soon as possible" is the mail's day). */
  date: string | null;
};

export type Ask = {
  type: AskType;
  /** For questions: yes/no or open. */
  form?: QuestionForm;
  /** For actions: what the reader is to do. */
  verb?: ActionVerb;
  /** For scheduling: propose a time, confirm one, or move one. */
  step?: SchedulingStep;
  /** The asked thing, a short phrase from the text: "send the signed supply agreement", "whether the contracts were terminated". */
  thing: string;
  of: AskedOf;
  /** The person asked, when it is someone other than the reader ("Joe"). */
  who: string | null;
  deadline: Deadline | null;
  /** The sentence it came from, as written (trimmed, at most SENTENCE_MAX_CHARS). */
  sentence: string;
  /** A plain ask ("Can you send ...?") or a hedged one ("let me know if you have any comments"). */
  strength: 'strong' | 'weak';
};

export type SensitivityKind = 'money' | 'legal' | 'commitment' | 'complaint' | 'hr' | 'personal';
/** One kind of sensitive matter, with the words of the mail that show it. */
export type Sensitivity = { kind: SensitivityKind; words: string[] };

/** The mail in a word, as a person would file it (JUDGING.md's kinds). */
export type MailKind =
  | 'question'
  | 'request'
  | 'scheduling'
  | 'approval'
  | 'fyi'
  | 'announcement'
  | 'newsletter'
  | 'automated'
  | 'thanks'
  | 'social'
  | 'other';

export type Understanding = {
  version: number;
  origin: Origin;
  audience: Audience;
  /** ISO 639-1 of the new text when it is known; null when the text is too short to tell. */
  language: string | null;
  /** False when the mail is not in English: its asks were not read (and `asks` is empty). */
  read: boolean;
  /** The mail forwards someone else's message; `note` says whether the forwarder wrote anything. */
  forward: { note: boolean } | null;
  asks: Ask[];
  sensitivity: Sensitivity[];
  kind: MailKind;
  /** How many words the sender wrote (the new text: no quotes, forwards, signature or footer). */
  newWords: number;
};

/** The reader: the addresses they receive and send mail at, and the names people call them. */
export type Reader = { addresses: string[]; names: string[] };
