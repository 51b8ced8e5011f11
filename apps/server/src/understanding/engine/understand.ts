/**
 * One understanding of an email (issue 31), pure: who wrote it and to whom, what it asks and of
 * whom, by when, and what in it is sensitive. Incoming mail is read from the reader's side (is it
 * asked of me?); mail the reader sent is read for what it asks of its recipients (the waiting list).
 *
 * Only the sender's new words are read: quoted mail, forwarded text, signatures and legal footers
 * are cut (style/engine/own-words.ts, the same cut the style profile uses). Mail not in English is
 * not read: its understanding says so rather than guess.
 */

import { htmlToText } from '../../mail/engine/html-to-text.ts';
import { bodyOf, splitOwnWords } from '../../mail/engine/own-words.ts';
import { organisationLabel, splitName } from '../../mail/engine/people.ts';
import { asksOf } from './asks.ts';
import { audienceOf, greetingNames, greetsEveryone, greetsReaderName, SMALL_GROUP } from './audience.ts';
import { languageOf } from './language.ts';
import { type OriginMail, originOf } from './machine.ts';
import { sensitivityOf } from './sensitivity.ts';
import type { Ask, AskedOf, Audience, MailKind, Reader, Understanding } from './types.ts';
import { UNDERSTANDING_VERSION } from './types.ts';

/** What the understanding reads of one email (the `emails` row's own fields). */
export type UnderstandingMail = OriginMail & {
  senderName: string | null;
  bodyText: string | null;
  bodyHtml?: string | null;
  receivedDate: Date | null;
};

/** The new text read for asks is cut here (a long memo's asks are in its first pages). */
const NEW_TEXT_MAX_CHARS = 6_000;
/** A mail whose new words start with thanks and are at most this long closes a thread. */
const THANKS_MAX_WORDS = 30;

const HTML_SOURCE = /<(html|body|br|p|font|div|table)\b[^>]*>/i;
/** A note that says "for your information" before what it forwards: only the note is the sender's. */
const FYI_NOTE = /^(fyi|for your (information|info|reference|records)|see below|per our (conversation|discussion))\b/i;
const FORWARD_SUBJECT = /^\s*(fw|fwd|tr|wg)\s*(\[\d+\])?\s*:/i;
const FORWARD_BODY = /^\s*-{2,}\s*(forwarded|original message)|^\s*-{2,}[^-\n]{0,80}\bforwarded by\b|^\s*begin forwarded message/im;
const THANKS = /^(thanks?|thank you|thx|many thanks|much appreciated|great,? thanks|got it,? thanks)\b/i;
const FYI = /\b(fyi|for your (information|info|reference|records|review)|just so you know|heads up)\b/i;
const SOCIAL =
  /\b(birthday|congratulations|congrats|wedding|baby|party|happy (holidays|new year|thanksgiving|hour)|christmas|vacation|weekend|golf|game|tickets|dinner|drinks|family|kids|miss you|love)\b/i;

/** "RE: Fw: Budget" → "Budget". */
export function topicOf(subject: string | null): string {
  let s = (subject ?? '').trim();
  for (;;) {
    const next = s.replace(/^\s*(re|fw|fwd|aw|sv|antw|wg|tr)\s*(\[\d+\])?\s*:\s*/i, '').trim();
    if (next === s) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ');
}

const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** The first non-empty line of the new text, when it is a greeting: the names it greets and the text without it. */
function splitGreeting(text: string): { greeted: string[]; rest: string } {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim());
  if (first < 0) return { greeted: [], rest: text };
  const line = lines[first]!.trim();
  const names = greetingNames(line);
  if (names !== null && line.length <= 60) return { greeted: names, rest: lines.slice(first + 1).join('\n') };
  // "Hi Vince, can you ...": a greeting that runs into the first sentence.
  const inline = /^(hi|hello|hey|dear)\s+([\p{L}'’.-]+(?:\s+(?:and|&)\s+[\p{L}'’.-]+)?)\s*[,:-]\s*(.+)$/iu.exec(line);
  if (inline)
    return { greeted: greetingNames(`${inline[1]} ${inline[2]},`) ?? [], rest: [inline[3], ...lines.slice(first + 1)].join('\n') };
  return { greeted: [], rest: text };
}

const HEADER_LINE =
  /^\s*(from|sent|date|to|cc|bcc|subject|importance|please respond to)\s*:|^\s*\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}|^\s*-{2,}|^\s*$/i;
/** The forwarded message's header block is at most this many lines (a long To list wraps). */
const FORWARD_HEADER_MAX_LINES = 25;

/** The own words of the first message a forward carries (its header block skipped), or ''. */
function forwardedText(body: string): string {
  const lines = body.split(/\r?\n/);
  const start = lines.findIndex((line) => FORWARD_BODY.test(line));
  if (start < 0) return '';
  let i = start + 1;
  const limit = Math.min(lines.length, start + FORWARD_HEADER_MAX_LINES);
  // The header block: field lines, Lotus date lines, blank lines, and a long To list's wrapped lines.
  while (
    i < limit &&
    (HEADER_LINE.test(lines[i]!) ||
      (/^\s+\S/.test(lines[i]!) && !/[.!?]$/.test(lines[i]!.trim())) ||
      (/@|\/\w+\/\w+@/.test(lines[i]!) && lines[i]!.length < 120 && !/[.!?]$/.test(lines[i]!.trim())))
  )
    i++;
  return splitOwnWords(lines.slice(i).join('\n')).text.slice(0, NEW_TEXT_MAX_CHARS);
}

/** Whom an unaddressed ask of this mail is asked of, from where the reader stands and whom the greeting names. */
function defaultAsked(audience: Audience, reader: Reader): { of: AskedOf; who: string | null } {
  if (audience.kind === 'own') return { of: 'recipients', who: null };
  const { greeted } = audience;
  const named = greeted.filter((name) => !greetsEveryone([name]));
  const readerNamed = named.some((name) => greetsReaderName(name, reader));
  if (readerNamed) return { of: named.length > 1 ? 'group' : 'reader', who: null };
  // Mail to the reader alone greets them, by whatever name (a nickname Penman has not learned yet).
  if (named.length === 1 && audience.kind === 'direct') return { of: 'reader', who: null };
  if (named.length > 0) return { of: 'someone', who: named.join(' and ') };
  switch (audience.kind) {
    case 'direct':
      return { of: 'reader', who: null };
    case 'group':
      return { of: 'group', who: null };
    case 'cc':
      // "All," to a small group reaches its Cc too; otherwise a Cc'd reader is told, not asked.
      return greetsEveryone(greeted) && audience.recipients <= SMALL_GROUP ? { of: 'group', who: null } : { of: 'someone', who: null };
    default:
      return { of: 'everyone', who: null };
  }
}

function kindOf(understanding: Omit<Understanding, 'kind'>, text: string, subject: string): MailKind {
  const { origin, audience, asks, forward } = understanding;
  if (origin.kind === 'machine') return 'automated';
  if (origin.kind === 'bulk') return /unsubscribe|template|mailing list|list-id/i.test(origin.reason ?? '') ? 'newsletter' : 'announcement';
  const mine = audience.kind === 'own' ? asks.filter((ask) => ask.of === 'recipients') : asksOfReader(understanding);
  const first = mine[0];
  if (first) {
    if (first.type === 'question') return 'question';
    if (first.type === 'scheduling' || first.type === 'invitation') return 'scheduling';
    if (first.type === 'action' && first.verb === 'approve') return 'approval';
    return 'request';
  }
  if (THANKS.test(text.trim()) && understanding.newWords <= THANKS_MAX_WORDS) return 'thanks';
  if ((forward && !forward.note) || FYI.test(`${subject}\n${text}`)) return 'fyi';
  if (audience.kind === 'list' || audience.kind === 'hidden') return 'announcement';
  if (SOCIAL.test(`${subject}\n${text}`)) return 'social';
  return 'fyi';
}

/** Everything Penman understands of one email, from `reader`'s side. */
export function understandEmail(mail: UnderstandingMail, reader: Reader): Understanding {
  const body = bodyOf(mail.bodyText, mail.bodyHtml ?? null);
  const cut = splitOwnWords(body, mail.senderName).text;
  // New words that carry HTML source (a pasted or mis-labelled page) are read as the page's text.
  const own = (HTML_SOURCE.test(cut) ? splitOwnWords(htmlToText(cut), mail.senderName).text : cut).slice(0, NEW_TEXT_MAX_CHARS);
  const subject = mail.subject ?? '';
  const isForward = FORWARD_SUBJECT.test(subject) || FORWARD_BODY.test(body);
  const { greeted, rest } = splitGreeting(own);
  const newWords = wordCount(rest);
  const forward = isForward ? { note: newWords > 0 } : null;
  const origin = originOf(mail, own.trim() ? own : body.slice(0, NEW_TEXT_MAX_CHARS));
  const audience = audienceOf(mail, reader, greeted);
  const language = languageOf(rest);
  const read = language === null || language === 'en';
  const { of, who } = defaultAsked(audience, reader);
  const senderFirstName = splitName(mail.senderName).firstName ?? firstNameOfAddress(mail.senderEmail);
  const context = {
    readerNames: reader.names,
    defaultOf: of,
    defaultWho: who,
    senderFirstName,
    topic: topicOf(subject),
    mailDate: mail.receivedDate,
  };
  let asks: Ask[] = [];
  if (read && origin.kind === 'person') {
    // "FYI. JTW." over a forward: the note is the sender's, what follows it is not their ask.
    const readText = forward && FYI_NOTE.test(rest.trim()) ? (rest.trim().split('\n')[0] ?? '') : rest;
    asks = asksOf(readText, context);
    // A forward with no note, to the reader alone: what the forwarded mail asks is passed on to them
    // (a hedged ask: the forwarder may only mean "for your information").
    if (asks.length === 0 && forward && !forward.note && audience.kind === 'direct' && sameOrganisation(mail.senderEmail, reader)) {
      const passed = asksOf(splitGreeting(forwardedText(body)).rest, {
        ...context,
        defaultOf: 'reader',
        defaultWho: null,
        forwarded: true,
        // The forwarded mail's "me" is its own writer, whose name is not known here.
        senderFirstName: null,
      });
      asks = passed.filter((ask) => ask.of !== 'someone').map((ask) => ({ ...ask, strength: 'weak' as const }));
    }
    // A subject that asks ("Lunch tomorrow?") with a body that asks nothing: the subject is the ask.
    if (asks.length === 0 && newWords <= 15 && /\?\s*$/.test(context.topic)) asks = asksOf(context.topic, context);
  }
  // The word lists are English: mail in another language is left to the person (see triage).
  const sensitivity = read ? sensitivityOf(`${context.topic}\n${rest}`) : [];
  const base = { version: UNDERSTANDING_VERSION, origin, audience, language, read, forward, asks, sensitivity, newWords };
  return { ...base, kind: kindOf(base, rest, subject) };
}

/** The sender works where the reader does (a colleague's bare forward is a task; a friend's is a chain letter). */
function sameOrganisation(sender: string | null, reader: Reader): boolean {
  const organisation = (address: string) => organisationLabel(address.split('@')[1] ?? '');
  const theirs = sender ? organisation(sender) : null;
  return theirs !== null && reader.addresses.some((own) => organisation(own) === theirs);
}

/** "maria.lopez@acme.com" → "Maria"; "mlopez@" → null. */
function firstNameOfAddress(address: string | null): string | null {
  const local = address?.split('@')[0] ?? '';
  const parts = local.split(/[._]/).filter((part) => /^\p{L}{2,}$/u.test(part));
  if (parts.length < 2) return null;
  return parts[0]!.charAt(0).toUpperCase() + parts[0]!.slice(1).toLowerCase();
}

/** The asks a reader is expected to answer themselves: asked of them, or of a small group they are in. */
export function asksOfReader(understanding: Pick<Understanding, 'asks' | 'audience'>): Ask[] {
  // On a named distribution (not a list address), an ask each person must answer is the reader's too.
  const named = understanding.audience.kind === 'list';
  return understanding.asks.filter(
    (ask) => ask.of === 'reader' || ask.of === 'group' || (named && ask.of === 'everyone' && isEachPersonAsk(ask)),
  );
}

/** On a list, an ask each person must answer for themselves: an RSVP, a form to return, "please confirm your attendance". */
const EACH_PERSON =
  /\b(each of you|everyone (please|must|should|needs to)|rsvp|r\.s\.v\.p|plan to attend|your attendance|your participation|confirm (your )?(attendance|participation)|with your response|reply (to me )?(by|no later)|respond (to me )?(by|no later))\b/i;

function isEachPersonAsk(ask: Ask): boolean {
  return (
    EACH_PERSON.test(ask.sentence) || (ask.type === 'action' && (ask.verb === 'respond' || ask.verb === 'confirm') && ask.deadline !== null)
  );
}
