/**
 * The user's own words in a mail they sent: what they typed, without the text they quoted or
 * forwarded and without their signature block. Everything the style engine measures is measured
 * on this, so a forwarded chain written by someone else never shapes the user's profile.
 *
 * Hand-written rather than `email-reply-parser` / `planer`: both were tried on real sent mail and
 * neither recognises Lotus Notes quoting ("Ann Lee <a@b> on 03/28/2001 05:22 PM" / "To:" / "cc:"
 * blocks, "---- Forwarded by ... ----" chains) nor an indented "-----Original Message-----".
 */

import { htmlToText } from './html-to-text.ts';

/** Lines that start quoted or forwarded text: nothing below them is the user's (top-posting). */
const QUOTE_START = [
  /^-{2,}\s*(original message|forwarded message|message d'origine|ursprüngliche nachricht|mensaje original)\b/i,
  // AOL's and others' "=====Original Message From a@b=====" (sometimes quoted: ">=====...").
  /^>?\s*={3,}\s*(original message|forwarded message)\b/i,
  // Lotus Notes: "---------------------- Forwarded by Ann Lee/HOU/ECT on 10/30/2000 09:14 AM -----".
  /^-{2,}[^-]{0,80}\bforwarded by\b/i,
  /^begin forwarded message:?$/i,
  // Outlook's line above the header block, and Lotus' "From: Ann Lee   10/27/2000 12:49 PM".
  /^_{10,}$/,
  /^\*{0,2}from:\*{0,2}\s.{0,200}\b(sent|date):/i,
  /^from:\s.{1,120}\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}/i,
  // GroupWise / Notes inline quote header: '>>> "Ann Lee" <a@b> 8/27/01 4:44:17 PM >>>'.
  /^>>>.*\d{1,2}:\d{2}.*>>>$/,
];
/** "On Tue, 3 Jan 2023, Ann <a@b> wrote:" possibly wrapped over two lines. */
const ON_WROTE = /^(on|le|am|el)\s.{0,200}\b(wrote|a écrit|schrieb|escribió):$/i;
const LOTUS_DATE = /\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}/;
/** A line holding only a Lotus Notes date: "05/11/2001 01:49 PM". */
const LOTUS_DATE_LINE = /^\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}(:\d{2})?\s*(am|pm)?$/i;
const HEADER_FIELD = /^(from|sent|date|to|cc|bcc|subject):/i;

/** Legal footers end the user's own words: "This e-mail is confidential..." */
const DISCLAIMER_START =
  /^[*\s]*(this (e-?mail|message|communication|transmission|electronic)|the information (contained|in this|transmitted)|confidentiality|disclaimer|notice:|important( notice)?:|privileged|caution:)/i;
const DISCLAIMER_WORDS = /confidential|privileged|intended (solely )?(only )?for|intended recipient|disclaim|legally|unauthori[sz]ed/i;

/** Attachment lines archives add under the text: " - report.doc", "<< File: report.doc >>", "<<report.xls>>". */
const ATTACHMENT_LINE = /^(-\s.{1,200}\.[a-z0-9]{2,4}|(<<[^<>]{1,200}>>\s*)+)$/i;
/** Lines mobile clients append: they say nothing about the person's voice. */
const DEVICE_LINE = /^(sent from my \w+|sent from (yahoo|outlook|mail) for \w+|get outlook for \w+|sent (via|using) .{1,40})\.?$/i;

/** Index of the first line of quoted or forwarded text, or lines.length when there is none. */
function quoteStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    if (QUOTE_START.some((pattern) => pattern.test(line))) return i;
    if (/^(on|le|am|el)\s/i.test(line) && (ON_WROTE.test(line) || ON_WROTE.test(`${line} ${lines[i + 1] ?? ''}`.trim()))) return i;
    // Outlook without the separator: "From: Ann" followed by Sent:/To:/Subject: lines.
    if (/^from:\s*\S/i.test(line) && followedBy(lines, i, /^(sent|date|to|subject):/i)) return i;
    // Lotus Notes: "Ann Lee\n05/21/2001 07:01 PM\nTo: ...\ncc: ...\nSubject: ..." (a long To: list
    // wraps over many lines, so the date line under an author line is enough).
    if (/^to:\s*\S/i.test(line) && followedBy(lines, i, /^(cc|subject):/i)) return lotusBlockStart(lines, i);
    if (LOTUS_DATE_LINE.test(line) && i > 0 && lines[i - 1] && /^to:/i.test(lines[i + 1] ?? '')) return i - 1;
    if (DISCLAIMER_START.test(line) && DISCLAIMER_WORDS.test(lines.slice(i, i + 4).join(' '))) return i;
  }
  return lines.length;
}

function followedBy(lines: string[], from: number, pattern: RegExp): boolean {
  for (let j = from + 1; j < Math.min(lines.length, from + 6); j++) if (pattern.test(lines[j]!)) return true;
  return false;
}

/**
 * The header block above a Lotus "To:" line: "Ann Lee <a@b> on 03/28/2001 05:22 PM", or a name
 * line over a date line, and a "Please respond to" line, all belong to the quote.
 */
function lotusBlockStart(lines: string[], toLine: number): number {
  let start = toLine;
  for (let j = toLine - 1; j >= Math.max(0, toLine - 4); j--) {
    const line = lines[j]!;
    if (!line) {
      if (start === toLine) continue; // a blank line between the author line and "To:"
      break;
    }
    if (HEADER_FIELD.test(line)) break;
    if (LOTUS_DATE.test(line) || line.includes('@') || /^please respond to\b/i.test(line)) start = j;
    else if (start === j + 1 && line.length <= 60 && !/[.!?]$/.test(line)) start = j;
    else break;
  }
  return start;
}

// --- the signature --------------------------------------------------------------------------------

/** A sign-off line ("Thanks,", "Best regards"): kept, it is the user's closing. */
export const SIGN_OFF =
  /^(thanks?( you)?( again| so much| very much| a lot| for your help)?|thx|tks|many thanks|cheers|regards|best|best regards|best wishes|kind regards|warm regards|warmest regards|with (kind |best |warm )?regards|sincerely( yours)?|yours( sincerely| truly| faithfully)?|respectfully|all the best|take care|talk soon|talk to you soon|see you|later|rgds|br)[\s,.!-]*$/i;

/**
 * Short common words that make a line a sentence rather than a name: "Sounds good", "Will do",
 * "See you Monday" are replies, not signatures.
 */
const NOT_NAME_WORDS = new Set(
  'a an the and or but to of in on at for with from by is are was be am will would can could should shall may might do does did have has had i you we they he she it me my your our us them this that these those yes no ok okay sure sounds good great fine will see call me let know please thanks thank regards best cheers talk soon later tomorrow today monday tuesday wednesday thursday friday saturday sunday done agree agreed approved noted got it here there all not fyi asap attached below above again hi hello dear'.split(
    ' ',
  ),
);

/** A line that looks like a person's name: "Vince", "Phillip K. Allen", "jeff", "- Kate". */
function isNameLike(line: string, nameWords: Set<string>): boolean {
  const bare = line
    .replace(/^[\s\-–—~*]+/, '')
    .replace(/[,\s]+$/, '')
    .trim();
  if (!bare || bare.length > 40 || /[\d@:;?!]/.test(bare) || /\.$/.test(bare.replace(/\b\p{L}\.$/u, ''))) return false;
  const parts = bare.split(/[\s,]+/).filter(Boolean);
  if (parts.length > 4) return false;
  if (parts.some((part) => nameWords.has(part.toLowerCase().replace(/\.$/, '')))) return true;
  if (parts.some((part) => NOT_NAME_WORDS.has(part.toLowerCase()))) return false;
  // A single lower-case word ("vince") is how many people sign; longer lower-case lines are prose.
  if (parts.length === 1) return /^\p{L}[\p{L}'-]{1,14}$/u.test(parts[0]!);
  return parts.every((part) => /^\p{Lu}/u.test(part) || /^\p{L}\.?$/u.test(part));
}

/** A signature line under the name: a title, a company, a phone number, an address, a web site. */
function isSignatureDetail(line: string): boolean {
  return line.length <= 70 && !/[.!?]$/.test(line.replace(/\b(inc|corp|co|ltd|jr|sr)\.$/i, ''));
}

/** Signature blocks are short: more lines than this under a name is text, not a signature. */
const MAX_SIGNATURE_LINES = 8;

/**
 * Where the signature starts, or lines.length. In order: an RFC 3676 "-- " delimiter; the line after
 * the last sign-off when only short lines follow it; else a trailing name line (with its title /
 * company / phone lines below it) that stands on its own line after the text.
 */
function signatureStart(lines: string[], nameWords: Set<string>): number {
  const end = lines.length;
  for (let i = Math.max(0, end - MAX_SIGNATURE_LINES - 2); i < end; i++) {
    if (/^--\s?$/.test(lines[i]!) || /^-{2,}\s*$/.test(lines[i]!)) return i;
  }
  for (let i = end - 1; i >= Math.max(0, end - MAX_SIGNATURE_LINES - 1); i--) {
    if (SIGN_OFF.test(lines[i]!)) {
      const below = lines.slice(i + 1).filter(Boolean);
      if (below.length <= MAX_SIGNATURE_LINES && below.every(isSignatureDetail)) return i + 1;
      break;
    }
  }
  // A name line with only signature details below it, set apart from the text above (a line break).
  for (let i = end - 1; i >= Math.max(1, end - MAX_SIGNATURE_LINES); i--) {
    const line = lines[i]!;
    if (!line) continue;
    if (!isSignatureDetail(line)) break;
    if (isNameLike(line, nameWords) && lines.slice(i + 1).every((below) => !below || isSignatureDetail(below))) {
      // "Vince" right under the text; or the name at the head of a block of detail lines.
      const blockBelow = lines.slice(i + 1).filter(Boolean).length;
      if (blockBelow === 0 || !lines[i - 1] || isNameLike(lines[i - 1]!, nameWords) === false) return i;
    }
  }
  return end;
}

function nameWordsOf(ownName: string | null | undefined): Set<string> {
  const words = (ownName ?? '').toLowerCase().match(/\p{L}[\p{L}'-]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 2));
}

// --- the whole cut --------------------------------------------------------------------------------

function toLines(body: string): string[] {
  return body.split(/\r?\n|\r/).map((line) => line.replace(/[\u00a0\t]/g, ' ').trimEnd());
}

/** Quoted text inside an HTML body: blockquotes and the quote containers of Gmail and Outlook. */
function htmlWithoutQuotes(html: string): string {
  let out = html;
  // Innermost first, so nested blockquotes go too.
  for (let pass = 0; pass < 5 && /<blockquote/i.test(out); pass++) {
    out = out.replace(/<blockquote\b(?:(?!<blockquote)[\s\S])*?<\/blockquote\s*>/gi, '\n');
  }
  return out.replace(/<div[^>]*class="?[^">]*(gmail_quote|divRplyFwdMsg|moz-cite-prefix)[\s\S]*$/i, '');
}

/** The plain text of a body: the text part, else the HTML part without its quotes. */
export function bodyOf(bodyText: string | null, bodyHtml: string | null): string {
  if (bodyText?.trim()) return bodyText;
  return bodyHtml ? htmlToText(htmlWithoutQuotes(bodyHtml)) : '';
}

/**
 * The user's own words in a body they sent: text above the quoted / forwarded part, lines quoted
 * with ">" removed (inline answers between them kept), attachment and "Sent from my phone" lines
 * removed, and the signature block cut (the sign-off line itself is kept: it is the closing).
 * `ownName` (the user's display name) helps recognise the signature; without it a trailing
 * name-like line is taken as the signature.
 */
export function ownWords(body: string, ownName?: string | null): string {
  return splitOwnWords(body, ownName).text;
}

/** The own words and, apart, the signature block cut from them ('' when there is none). */
export function splitOwnWords(body: string, ownName?: string | null): { text: string; signature: string } {
  const all = toLines(body);
  const trimmed = all.map((line) => line.trim());
  const cut = quoteStart(trimmed);
  const kept: string[] = [];
  for (let i = 0; i < cut; i++) {
    const line = trimmed[i]!;
    if (line.startsWith('>') || ATTACHMENT_LINE.test(line) || DEVICE_LINE.test(line)) continue;
    kept.push(all[i]!.replace(/^\s{1,3}(?=\S)/, ''));
  }
  while (kept.length && !kept[kept.length - 1]!.trim()) kept.pop();
  while (kept.length && !kept[0]!.trim()) kept.shift();
  const start = signatureStart(
    kept.map((line) => line.trim()),
    nameWordsOf(ownName),
  );
  const words = kept.slice(0, start);
  while (words.length && !words[words.length - 1]!.trim()) words.pop();
  const signature = kept
    .slice(start)
    .map((line) => line.trim())
    .filter((line) => line && !/^-{2,}$/.test(line))
    .join('\n');
  return { text: words.join('\n').replace(/\n{3,}/g, '\n\n'), signature };
}
