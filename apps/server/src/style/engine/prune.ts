/**
 * Which sent emails say nothing about the user's own voice, and so are left out of the style
 * profile: machine-written mail, forwards and replies with no text of the user's, and the second
 * copy of a message stored twice. Pure code over plain data.
 */

import { bodyOf, ownWords } from '../../mail/engine/own-words.ts';

export type PruneCandidate = {
  id: string;
  subject: string | null;
  bodyText: string | null;
  bodyHtml: string | null;
  toEmails: string[];
  sentAt: Date | null;
  headers: { autoSubmitted?: string; precedence?: string; xAutoResponseSuppress?: string };
};

export type PruneReason = 'auto_reply' | 'calendar_response' | 'forward_without_text' | 'duplicate' | 'mostly_quoted' | 'empty';

/** Subjects mail clients give automatic replies (out-of-office and the like), in a few languages. */
const AUTO_REPLY_SUBJECT =
  /^(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|ooo\b|abwesenheitsnotiz|r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica)/i;
/** An out-of-office text at the very start of the body. */
const AUTO_REPLY_BODY =
  /^\s*(i am|i'm|i will be|i'll be) (currently )?(out of (the )?office|away from (the|my) (office|desk)|on (vacation|holiday|leave))/i;
/** Answers to a calendar invitation, which clients send with these subject prefixes. */
const CALENDAR_SUBJECT =
  /^(accepted|declined|tentative(ly accepted)?|tentative|new time proposed|canceled|cancelled)( meeting| event)?\s*:/i;
/** A forward: the subject says so or the body carries a forwarded block. */
const FORWARD_SUBJECT = /^\s*(fwd?|fw)\s*:/i;
const FORWARD_BODY = /(^|\n)\s*(-{2,}[^\n]{0,80}forwarded (by|message)|begin forwarded message)/i;
/** Quoted text of a reply: "Original Message" separators, Lotus / Outlook header blocks, "On ... wrote:", ">" lines. */
const QUOTE_BODY = /(^|\n)\s*(-{2,}\s*original message|from:\s.+\n(.*\n){0,4}\s*(sent|to|subject):|on\s.{0,200}\bwrote:|>)/i;

/**
 * A forward "without text" may still say "FYI" or "see below": two words or fewer above the
 * forwarded block say nothing about how the person writes.
 */
const MAX_FORWARD_NOTE_WORDS = 2;
/**
 * Copies of one message are stored moments apart, but exported copies can be shifted by whole
 * hours (time-zone and AM/PM errors of the exporting client): a day covers both.
 */
const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

function isAutoReply(email: PruneCandidate, body: string): boolean {
  const autoSubmitted = email.headers.autoSubmitted?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (/^auto[-_]reply$/i.test(email.headers.precedence?.trim() ?? '')) return true;
  // X-Auto-Response-Suppress alone proves nothing (Outlook and Exchange set it on ordinary mail
  // too); with a subject or body that reads as an automatic reply it confirms one.
  return AUTO_REPLY_SUBJECT.test(email.subject ?? '') || (AUTO_REPLY_BODY.test(body) && wordCount(body) < 120);
}

function duplicateKey(email: PruneCandidate, own: string): string {
  const subject = (email.subject ?? '')
    .replace(/^\s*((re|fwd?|aw|sv|tr)\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();
  return `${subject}\u0001${own.replace(/\s+/g, ' ').trim().toLowerCase()}`;
}

/**
 * The recipients as names: the last word of each address' local part. Copies of one message can
 * spell an address differently ("janet.dietrich@" and "'janet.dietrich'@", "ted.bland@" and
 * "c..bland@"), so two copies have the same recipients when these names overlap.
 */
function recipientNames(toEmails: string[]): Set<string> {
  const names = toEmails.map(
    (address) =>
      (
        address
          .toLowerCase()
          .split('@')[0]
          ?.match(/[a-z0-9]+/g) ?? []
      ).pop() ?? '',
  );
  return new Set(names.filter(Boolean));
}

function sameRecipients(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return a.size === b.size;
  for (const name of a) if (b.has(name)) return true;
  return false;
}

/**
 * The emails to leave out, each with its reason; the others are kept. Reasons are checked in the
 * order auto_reply, calendar_response, empty, forward_without_text, mostly_quoted, duplicate. Of
 * duplicates (same own text, subject and recipients, sent within a day, e.g. Lotus Notes'
 * `sent` and `_sent_mail` copies of one message) the first in the list is kept.
 */
export function emailsToPrune(emails: PruneCandidate[]): { id: string; reason: PruneReason }[] {
  const pruned: { id: string; reason: PruneReason }[] = [];
  const seen = new Map<string, Sent[]>();
  for (const email of emails) {
    const body = bodyOf(email.bodyText, email.bodyHtml);
    const reason = reasonFor(email, body, seen);
    if (reason) pruned.push({ id: email.id, reason });
  }
  return pruned;
}

type Sent = { time: number | null; recipients: Set<string> };

function reasonFor(email: PruneCandidate, body: string, seen: Map<string, Sent[]>): PruneReason | null {
  if (isAutoReply(email, body)) return 'auto_reply';
  if (CALENDAR_SUBJECT.test(email.subject ?? '')) return 'calendar_response';
  if (wordCount(body) === 0) return 'empty';
  const own = ownWords(body);
  const ownCount = wordCount(own);
  if ((FORWARD_SUBJECT.test(email.subject ?? '') || FORWARD_BODY.test(body)) && ownCount <= MAX_FORWARD_NOTE_WORDS) {
    return 'forward_without_text';
  }
  if (ownCount === 0) return QUOTE_BODY.test(body) ? 'mostly_quoted' : 'empty';
  const key = duplicateKey(email, own);
  const copy: Sent = { time: email.sentAt?.getTime() ?? null, recipients: recipientNames(email.toEmails) };
  const earlier = seen.get(key) ?? [];
  const isCopy = earlier.some(
    (other) =>
      (other.time === null || copy.time === null || Math.abs(other.time - copy.time) <= DUPLICATE_WINDOW_MS) &&
      sameRecipients(other.recipients, copy.recipients),
  );
  earlier.push(copy);
  seen.set(key, earlier);
  return isCopy ? 'duplicate' : null;
}
