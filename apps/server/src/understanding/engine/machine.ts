/**
 * Machine or person, bulk or personal: the rules that need no reading of the text's asks.
 * Headers first (List-Id, List-Unsubscribe, Precedence, Auto-Submitted, calendar parts, no-reply
 * senders), then the text: a template (newsletter and notification boilerplate).
 */
import { isAutomated } from '../../mail/engine/people.ts';
import type { Origin } from './types.ts';

/** What the origin rules read of a mail. */
export type OriginMail = {
  subject: string | null;
  senderEmail: string | null;
  recipientEmails: string[];
  ccEmails: string[];
  headers: { listId?: string; listUnsubscribe?: string; precedence?: string; autoSubmitted?: string };
  /** Content types of the attachments, when known (text/calendar marks an invitation). */
  attachmentTypes?: string[];
};

/** Calendar notifications: invitations, acceptances and reminders, answered by a click, not a reply. */
const CALENDAR_SUBJECT =
  /^\s*(invitation|updated invitation|accepted|declined|tentative(ly accepted)?|canceled|cancelled|reminder)\s*:|^\s*(meeting|event) (request|invitation|cancell?ed|updated?)\b/i;

/** Why the mail is from a machine or a mailing list (by its headers and sender), or null. */
export function automatedReason(mail: OriginMail): string | null {
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

/**
 * Boilerplate of newsletters, marketing and system notices: each phrase is one sign; TEMPLATE_SIGNS
 * of them (or an unsubscribe line) make the mail a template.
 */
const TEMPLATE_PHRASES: RegExp[] = [
  /\bunsubscribe\b|\bto be removed from (this|our) (list|mailing)|\bopt[- ]out\b/i,
  /\b(this is an automated|automatically generated|(this )?(mailbox|account|address|e-?mail address) is not monitored|unmonitored)\b/i,
  /\b(to be removed from|reply with "?remove|remove" in the subject|this offer|free (trial|shipping|gift)|limited time|act now|(order|buy|shop) (now|today)|lowest prices?|save \$\d+|\d+% off|take (a moment to )?(fill out )?(our|a|this) (short |brief |quick )?survey|customer care)\b/i,
  /\bview (this|it) (e-?mail|message|newsletter)? ?(in|on) (your|a) (web )?browser\b/i,
  /\bclick here\b/i,
  /\b(all rights reserved|copyright)\b|©\s?\d{4}/i,
  /\b(privacy policy|terms of use|manage (your )?(subscription|preferences|e-?mail settings))\b/i,
  /\byou (are receiving|have received|received) this (e-?mail|message|newsletter|notice|because)\b/i,
  /\b(forgot your (username|user name|password)|log ?in to your account|update your (profile|preferences))\b/i,
  /\bif you (do not|don't|no longer) (wish|want) to receive\b|\bremove (me|you) from\b/i,
  /\[image\]/i,
  /\b(our (valued )?customers|as a (valued )?(customer|member|subscriber)|special offer|limited time|free trial|order now|subscribe (now|today))\b/i,
];
const TEMPLATE_SIGNS = 2;
/** A text with this many links is a page, not a note (a digest, a promotion): one more sign. */
const MANY_LINKS = 4;
/** This many "Label : value" lines make a form. */
const FORM_FIELDS = 5;

/** An out-of-office reply: "I am out of the office until Monday ... please contact ...". */
const OUT_OF_OFFICE =
  /\b(i (am|will be|'m|'ll be) (out of (the )?office|away from (the|my) (office|desk)|on (vacation|holiday|leave|annual leave|business travel))|out of (the )?office (until|through|from|on)|auto(matic)?[- ]?reply)\b/i;
const OUT_OF_OFFICE_MAX_WORDS = 80;
const OUT_OF_OFFICE_SUBJECT =
  /^\s*(out of (the )?office|auto(matic)?[- ]?reply|autoreply|away from (the|my) (office|desk)|on vacation|absence notice)\b/i;

/** A greeting by role, not by name ("Dear Subscriber", "Dear Valued Customer"): a form letter. */
const ROLE_GREETING =
  /^\s*(dear|hello|hi|greetings)[ ,]+(valued |our )?(subscriber|customer|member|client|attendee|participant|investor|reader|user|sir or madam|sir\/madam|shareholder|account ?holder|policyholder|card ?member|delegate|registrant)s?\b/im;

/** Why the text is a template, or null. */
export function templateReason(text: string): string | null {
  const links = text.match(/\bhttps?:\/\/|\bwww\./gi)?.length ?? 0;
  // A form of fields ("Request ID : 123", "Approver : ...") is a system's notice.
  const fields = text.match(/(^|\n|\s{2,})[A-Z][A-Za-z ]{1,25} ?: \S/g)?.length ?? 0;
  const signs =
    TEMPLATE_PHRASES.filter((pattern) => pattern.test(text)).length + (links >= MANY_LINKS ? 1 : 0) + (fields >= FORM_FIELDS ? 1 : 0);
  if (/\bunsubscribe\b/i.test(text) || ROLE_GREETING.test(text) || signs >= TEMPLATE_SIGNS)
    return 'Templated mail (newsletter or notice boilerplate)';
  return null;
}

/** A sender who says not to answer expects no answer. */
const DO_NOT_REPLY = /\b(please )?do not (reply|respond) to this (e-?mail|message|address)\b/i;

/**
 * A person, a machine or bulk mail: the header rules, then a template. (A large distribution is the
 * audience's matter: an ask to each of its people still counts, see understand.ts.)
 */
export function originOf(mail: OriginMail, text: string): Origin {
  const automated = automatedReason(mail);
  if (automated)
    return { kind: mail.headers.listId || mail.headers.listUnsubscribe || /^Bulk/.test(automated) ? 'bulk' : 'machine', reason: automated };
  const shortText = (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) <= OUT_OF_OFFICE_MAX_WORDS;
  if (shortText && (OUT_OF_OFFICE.test(text) || OUT_OF_OFFICE_SUBJECT.test(mail.subject ?? '')))
    return { kind: 'machine', reason: 'An out-of-office reply' };
  if (DO_NOT_REPLY.test(text)) return { kind: 'machine', reason: 'Asks not to be answered (a system notice)' };
  const template = templateReason(text);
  if (template) return { kind: 'bulk', reason: template };
  return { kind: 'person', reason: null };
}
