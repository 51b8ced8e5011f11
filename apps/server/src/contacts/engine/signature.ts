/**
 * Details a contact gives about themselves in their e-mail signature: full name, phone number, job
 * title and company. Pure code over one plain-text body the contact wrote. Conservative on purpose: a null is
 * better than a greeting, a sentence or an address line shown as someone's job title.
 */

import { organisationLabel } from '../../mail/engine/people.ts';

export type SignatureDetails = { name: string | null; phoneNumber: string | null; jobTitle: string | null; companyName: string | null };

type SignatureSender = { name: string | null; email: string };

const NONE: SignatureDetails = { name: null, phoneNumber: null, jobTitle: null, companyName: null };

/** Only the start of a body is read: signatures sit above the quoted history, not 8 KB into it. */
const MAX_BODY_CHARS = 8000;
/** A signature line is short; anything longer is prose, an address block run together or a disclaimer. */
const MAX_SIGNATURE_LINE = 60;
const MAX_SIGNATURE_LINES = 10;

// --- where the sender's own words end -------------------------------------------------------------

// One pattern (alternatives) rather than a list: every line is tested.
const QUOTE_START = new RegExp(
  [
    /-{2,}\s*(original message|forwarded message|forwarded by|message d'origine|ursprüngliche nachricht)/,
    /-{2,}[^-]{0,40}forwarded by\b/,
    /begin forwarded message:?$/,
    />/,
    /_{10,}$/,
    /\*{0,2}from:\*{0,2}\s.{0,200}\b(sent|date):/,
  ]
    .map((pattern) => `^(?:${pattern.source})`)
    .join('|'),
  'i',
);
const ON_WROTE = /^on\s.{0,200}\bwrote:$/i;
const HEADER_FIELD = /^(from|sent|date|to|cc|subject):/i;
const LOTUS_DATE = /\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}/;

/** Index of the first line of quoted or forwarded text, or lines.length when there is none. */
function ownWordsEnd(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    if (QUOTE_START.test(line)) return i;
    if (/^on\s/i.test(line) && (ON_WROTE.test(line) || ON_WROTE.test(`${line} ${lines[i + 1] ?? ''}`.trim()))) return i;
    // Outlook: "From: Ann" followed by Sent:/To:/Subject: lines.
    if (/^from:\s*\S/i.test(line) && followedByHeaders(lines, i, /^(sent|date|to|subject):/i)) return i;
    // Lotus Notes: "Ann Lee\n05/21/2001 07:01 PM\nTo: ...\ncc: ...\nSubject: ...".
    if (/^to:\s*\S/i.test(line) && followedByHeaders(lines, i, /^(cc|subject):/i)) return lotusBlockStart(lines, i);
  }
  return lines.length;
}

function followedByHeaders(lines: string[], from: number, pattern: RegExp): boolean {
  for (let j = from + 1; j < Math.min(lines.length, from + 6); j++) {
    if (pattern.test(lines[j]!)) return true;
  }
  return false;
}

/** The header block above a Lotus "To:" line: its date line and the author's name line above that. */
function lotusBlockStart(lines: string[], toLine: number): number {
  let start = toLine;
  for (let j = toLine - 1; j >= Math.max(0, toLine - 3); j--) {
    const line = lines[j]!;
    if (!line || HEADER_FIELD.test(line)) break;
    if (LOTUS_DATE.test(line) || line.includes('@')) start = j;
    else if (start === j + 1 && LOTUS_DATE.test(lines[start]!) && line.length <= MAX_SIGNATURE_LINE) start = j;
    else break;
  }
  return start;
}

/** A legal footer: confidentiality notices and the like end the sender's own words. */
const DISCLAIMER_START =
  /^[*\s]*(this (e-?mail|message|communication|transmission|electronic)|the information (contained|in this|transmitted)|confidentiality|disclaimer|notice:|important( notice)?:|privileged|caution:)/i;
const DISCLAIMER_WORDS = /confidential|privileged|intended (solely )?(only )?for|intended recipient|disclaim|legally|unauthori[sz]ed/i;

function disclaimerStart(lines: string[], end: number): number {
  for (let i = 1; i < end; i++) {
    const line = lines[i]!;
    if (!DISCLAIMER_START.test(line)) continue;
    const paragraph = lines.slice(i, Math.min(end, i + 4)).join(' ');
    if (DISCLAIMER_WORDS.test(paragraph)) return i;
  }
  return end;
}

// --- the signature block --------------------------------------------------------------------------

const DELIMITER = /^[-_=*#~+]{2,}$/;
const SIGN_OFF_WORDS =
  'thanks?( you| again| so much| a lot)?|many thanks|cheers|regards|best|best regards|best wishes|kind regards|warm regards|warmest regards|with (kind |best |warm )?regards|sincerely( yours)?|yours( sincerely| truly| faithfully)?|respectfully|all the best|take care|talk soon';
const SIGN_OFF = new RegExp(`^(${SIGN_OFF_WORDS})[\\s,.!-]*$`, 'i');
/** A sign-off before the name on one line: "Thanks, Karen". */
const SIGN_OFF_BEFORE_NAME = new RegExp(`^(${SIGN_OFF_WORDS})[\\s,.!-]+`, 'i');

/** Is this (lower-case) word one of the sender's names? */
type NameWord = (word: string) => boolean;

/**
 * The sender's names: display-name words (handles "Last, First M.") and address parts; an address
 * like vkerridge@ or smithj@ also names "Kerridge" / "Smith" (the local part less an initial or two).
 */
function senderNames(sender: SignatureSender): NameWord {
  const tokens = new Set<string>();
  const display = (sender.name ?? '').replace(/<[^>]*>|\([^)]*\)|["']/g, ' ');
  const fromAddress = display.includes('@') ? '' : display;
  for (const word of fromAddress.toLowerCase().split(/[\s,.]+/)) {
    if (word.length >= 2 && /^\p{L}[\p{L}-]*$/u.test(word)) tokens.add(word);
  }
  const locals = (sender.email.split('@')[0]?.toLowerCase() ?? '').split(/[._+-]+/).filter((word) => /^\p{L}{3,}$/u.test(word));
  for (const word of locals) tokens.add(word);
  return (word) =>
    tokens.has(word) ||
    (word.length >= 3 &&
      locals.some((local) => local.length - word.length <= (word.length >= 4 ? 2 : 1) && (local.startsWith(word) || local.endsWith(word))));
}

function words(line: string): string[] {
  return line.toLowerCase().match(/[\p{L}][\p{L}'-]*/gu) ?? [];
}

const NAME_PARTICLE = /^(de|la|le|van|von|der|den|di|da|del|du|dos|bin|al|st)$/i;

/** A line that is the sender's name and little else: "Jane A. Doe", "Doe, Jane", "jane". */
function isNameLine(line: string, isNameWord: NameWord): boolean {
  if (line.length > 40 || /[\d@:]/.test(line) || /[?!;]$/.test(line)) return false;
  const bare = line.replace(/^[\s\-–—~*]+/, '').replace(/[,\s]+$/, '');
  const parts = bare.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 5) return false;
  if (!words(bare).some((word) => isNameWord(word)) || COMPANY_SUFFIX.test(bare)) return false;
  // Every word is part of a name: capitalised, an initial, a particle, or the sender's own token.
  return parts.every((part) => {
    const word = part.replace(/[.,]+$/, '');
    return /^\p{Lu}/u.test(word) || NAME_PARTICLE.test(word) || isNameWord(word.toLowerCase()) || /^\p{L}\.?$/u.test(part);
  });
}

type Block = { lines: string[]; nameIndex: number };

/** Attachment names the archive lists under the text: " - report.doc", "<<report.doc>>". */
const ATTACHMENT_LINE = /^(-\s|<<).{1,200}\.[a-z0-9]{2,4}(>>)?$/i;

/**
 * The signature: a run of short lines at the end of the own words, from its delimiter, sign-off or
 * name line. Text set off by three blank lines (an event advert, a forwarding header's company line)
 * is a separate group: when the last group holds no signature, the one above it is tried.
 */
function signatureBlock(lines: string[], isNameWord: NameWord): Block | null {
  let end = lines.length;
  for (let group = 0; group < 3 && end > 0; group++) {
    while (end > 0 && (!lines[end - 1] || ATTACHMENT_LINE.test(lines[end - 1]!))) end--;
    // Walk up over short lines (indexes into `lines`): a long line is prose and ends the search, a wide gap ends the group.
    const region: number[] = [];
    let blanks = 0;
    let i = end - 1;
    for (; i >= 0 && region.length <= MAX_SIGNATURE_LINES + 2; i--) {
      const line = lines[i]!;
      if (line.length > MAX_SIGNATURE_LINE + 20) break;
      if (!line) {
        if (++blanks >= 3) break;
        continue;
      }
      blanks = 0;
      if (!ATTACHMENT_LINE.test(line)) region.unshift(i);
    }
    const block = blockIn(lines, region, isNameWord);
    if (block || blanks < 3) return block;
    end = i;
  }
  return null;
}

/** A line that can stand above a signature: not part of a list of short lines like "Ann Lee  VP". */
function endsParagraph(line: string | undefined, isNameWord: NameWord): boolean {
  if (!line || line.length > MAX_SIGNATURE_LINE || /[.!?:;,)]$/.test(line)) return true;
  return PROSE_WORDS.test(line) || SIGN_OFF.test(line) || DELIMITER.test(line) || isNameLine(line, isNameWord);
}

function blockIn(lines: string[], region: number[], isNameWord: NameWord): Block | null {
  // The block starts after the last delimiter or sign-off that has lines below it...
  let start = -1;
  for (let r = region.length - 2; r >= 0 && start < 0; r--) {
    const line = lines[region[r]!]!;
    if (DELIMITER.test(line) || SIGN_OFF.test(line)) start = r + 1;
  }
  // Below a delimiter or sign-off the name is on one of the next two lines...
  let nameIndex = -1;
  for (let r = start; r >= 0 && r <= start + 1 && r < region.length && nameIndex < 0; r++) {
    if (isNameLine(lines[region[r]!]!, isNameWord)) nameIndex = r;
  }
  // ...else the block starts at the last name line that opens a paragraph and has lines below it
  // (a lone "Vince" under the full signature only signs off).
  let loneName = -1;
  for (let r = region.length - 1; r >= Math.max(start, 0) && nameIndex < 0; r--) {
    const i = region[r]!;
    if (!isNameLine(lines[i]!, isNameWord) || !endsParagraph(lines[i - 1], isNameWord)) continue;
    if (r === region.length - 1) loneName = r;
    else nameIndex = r;
  }
  if (nameIndex < 0) nameIndex = loneName;
  if (nameIndex >= 0 && (start < 0 || nameIndex > start + 1)) start = nameIndex;
  if (start < 0) return null;
  // "Praveen" / "Praveen Kumar": of consecutive name lines the last, fullest one is the name line.
  const fullerName = (r: number) =>
    r < region.length && isNameLine(lines[region[r]!]!, isNameWord) && !TITLE_WORDS.test(lines[region[r]!]!);
  while (nameIndex >= 0 && fullerName(nameIndex + 1)) nameIndex++;
  const block = region.slice(start, start + MAX_SIGNATURE_LINES).map((i) => lines[i]!);
  return { lines: block, nameIndex: nameIndex >= 0 && nameIndex - start < block.length ? nameIndex - start : -1 };
}

// --- phone numbers --------------------------------------------------------------------------------

const PHONE_LABEL =
  /\b(direct dial|direct line|direct|office|work|wk|phone|telephone|tel|ph|voice|main|cell(?:ular)?|mobile|mob|home|fax|facsimile|pager|octel|vpn|[ptmcfdowh](?=\s*[:.)]))\b\.?\s*(?:#|no\.?)?\s*[:.]?/gi;
// Digits with the separators phones use; bounded, so matching stays linear. "/" joins an area code
// ("713/853-5290") or two numbers ("713-743-4770/713-743-4789"): split below.
const PHONE_NUMBER = /\+?\(?\d[\d ()./-]{5,30}\d/g;
const EXTENSION = /\b(x|ext\.?|extension)\s*#?\s*\d+/gi;

/** 0 for office/direct/phone, 1 for mobile, 2 for unlabelled, 3 for home, null for fax, pagers and voicemail. */
function labelRank(label: string | null): number | null {
  if (label === null) return 2;
  const lower = label.toLowerCase();
  if (/^(fax|facsimile|pager|octel|vpn|f)$/.test(lower)) return null;
  if (/^(cell|cellular|mobile|mob|m|c)$/.test(lower)) return 1;
  if (/^(home|h)$/.test(lower)) return 3;
  return 0;
}

function phoneCandidate(raw: string): string | null {
  const number = raw
    .trim()
    .replace(/[\s.(/-]+$/, '')
    .replace(/\s+/g, ' ');
  const digits = number.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (/^\d{5}-\d{4}$/.test(number)) return null; // US ZIP+4
  if (/\d{1,4}[./-]\d{1,2}[./-]\d{1,4}/.test(number) && digits.length <= 8) return null; // a date
  if (/^\d+$/.test(number) && digits.length > 11) return null; // an account or reference number
  if (/^\d{3}-\d{2}-\d{4}$/.test(number)) return null; // a US social security number
  if (/(^|\s)\d\.\d/.test(number)) return null; // decimals: "0.18 0.06 0.02"
  if ((number.match(/\//g)?.length ?? 0) > 1) return null;
  // Balanced brackets only: "(713) 853-7041", not "7041)".
  if ((number.match(/\(/g)?.length ?? 0) !== (number.match(/\)/g)?.length ?? 0)) return null;
  return number;
}

/** "713-743-4770/713-743-4789" is two numbers; "713/853-5290" is one. */
function splitNumbers(raw: string): string[] {
  const parts = raw.split('/');
  return parts.length > 1 && parts.every((part) => part.replace(/\D/g, '').length >= 7) ? parts : [raw];
}

type Segment = { label: string | null; text: string };

/** The line cut at its labels: "Phone: 1 Fax: 2" gives (phone, "1") and (fax, "2"). */
function segmentsOf(line: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  let label: string | null = null;
  for (const match of line.matchAll(PHONE_LABEL)) {
    segments.push({ label, text: line.slice(last, match.index) });
    label = match[1]!;
    last = match.index + match[0].length;
  }
  segments.push({ label, text: line.slice(last) });
  return segments.map((segment) => ({ ...segment, text: segment.text.replace(/\S*(@|https?:|www\.)\S*/gi, ' ') }));
}

function findPhone(lines: string[]): string | null {
  let best: { rank: number; number: string } | null = null;
  for (const line of lines) {
    if (line.length > MAX_SIGNATURE_LINE + 20) continue;
    const segments = segmentsOf(line);
    for (const [index, segment] of segments.entries()) {
      for (const match of segment.text.matchAll(PHONE_NUMBER)) {
        const rest = segment.text.replace(match[0], '').replace(EXTENSION, '');
        // A label after the number: "212-508-5733 Fax", "(713) 853-5849 (office)".
        const suffix = segment.label === null && !/[\p{L}\d]/u.test(rest) && segments[index + 1] ? segments[index + 1]!.label : null;
        // An unlabelled number must stand nearly alone: "713-853-7041", not "Suite 1200, 77002-7361".
        if (segment.label === null && suffix === null && /\p{L}{2,}/u.test(rest)) continue;
        const parts = splitNumbers(match[0]);
        for (const [partIndex, part] of parts.entries()) {
          // In "713-743-4770/713-743-4789 (fax)" the label names the last number only.
          const rank = labelRank(partIndex === parts.length - 1 ? (suffix ?? segment.label) : segment.label);
          const number = phoneCandidate(part);
          if (rank !== null && number && (best === null || rank < best.rank)) best = { rank, number };
        }
      }
    }
  }
  return best?.number ?? null;
}

// --- job title and company ------------------------------------------------------------------------

const TITLE_WORDS =
  /\b(manager|director|vice president|president|vp|svp|evp|avp|analyst|engineer|counsel|attorney|trader|specialist|coordinator|assistant|associate|consultant|officer|head of|lead|ceo|cfo|coo|cto|cio|partner|administrator|representative|executive|chairman|chairwoman|chair|founder|principal|secretary|supervisor|adviser|advisor|economist|scientist|professor|editor|producer|developer|architect|accountant|controller|treasurer|strategist|researcher|lawyer|paralegal|chief|owner|broker|scheduler|originator|marketer|planner|designer|recruiter|intern|fellow|commissioner|superintendent|candidate)\b/i;
// Case matters: "Denver, CO" is an address, "Acme Co." a company.
const COMPANY_SUFFIX =
  /\b([Ii]nc\.?|INC\.?|[Cc]orp\.?|CORP\.?|[Cc]orporation|[Ii]ncorporated|LLC|L\.L\.C\.|LLP|L\.P\.|LP|[Ll]td\.?|LTD\.?|[Ll]imited|plc|PLC|GmbH|AG|S\.A\.|N\.V\.|B\.V\.|P\.C\.|PLLC|P\.A\.|[Cc]ompany|Co\.|[Gg]roup|[Hh]oldings)$/;
const ADDRESS_WORDS =
  /\b(street|st\.|suite|ste\.?|floor|fl\.|avenue|ave\.?|road|rd\.|boulevard|blvd\.?|drive|dr\.|parkway|pkwy|lane|ln\.|p\.?\s?o\.? box|box \d|highway|hwy)(\s|$|,)/i;
// "Houston, TX" or "Austin, TX 78704": the city line of an address.
const CITY_STATE =
  /,\s*(AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\.?(\s+\d{5}(-\d{4})?)?$/i;
const NOT_A_FIELD = /@|https?:|www\.|\.(com|org|net|edu|gov)\b|:|\d{3}|[|•]/i;
const PROSE_WORDS =
  /\b(i|i'm|i'll|you|your|we|we're|our|me|my|please|thanks|thank|will|would|could|should|can|is|are|was|were|have|has|let|call|sent|see|hope|regards|dear|hi|hello)\b/i;

function ordinaryLine(line: string): boolean {
  if (line.length > MAX_SIGNATURE_LINE || NOT_A_FIELD.test(line) || ADDRESS_WORDS.test(line) || CITY_STATE.test(line)) return false;
  if (PROSE_WORDS.test(line) || SIGN_OFF.test(line) || DELIMITER.test(line)) return false;
  return /^[\p{Lu}\d]/u.test(line);
}

function clean(line: string): string {
  return line
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,;–—-]+$/, '')
    .trim();
}

/** The organisation label of the sender's domain, letters only: enron.com → "enron"; mail.acme.co.uk → "acme"; none for free mail. */
function domainLabel(email: string): string | null {
  const label = organisationLabel(email.split('@')[1] ?? '');
  if (!label || label.length < 3) return null;
  return label.replace(/[^a-z]/g, '') || null;
}

function isCompanyLine(line: string, label: string | null): boolean {
  if (!ordinaryLine(line)) return false;
  // "Enron Corp." may end in a full stop; any other line that does is a sentence.
  if (COMPANY_SUFFIX.test(line)) return true;
  if (/[.?!]$/.test(line) || !label) return false;
  // A line naming the sender's organisation: "Enron North America" for enron.com, "Risk Waters Group" for riskwaters.com.
  const compact = line.toLowerCase().replace(/[^a-z]/g, '');
  if (compact.includes(label)) return true;
  // The domain is the line's acronym: "Edison Electric Institute" for eei.org.
  const initials = (line.match(/\p{Lu}\p{L}*/gu) ?? []).map((word) => word[0]!.toLowerCase()).join('');
  if (initials.length >= 2 && initials === label) return true;
  return words(line).some((word) => word.length >= 4 && label.startsWith(word.replace(/[^a-z]/g, '')));
}

function isTitleLine(line: string, label: string | null, isNameWord: NameWord): boolean {
  if (!ordinaryLine(line) || /[.?!]$/.test(line) || !TITLE_WORDS.test(line)) return false;
  if (COMPANY_SUFFIX.test(line) && !TITLE_WORDS.test(line.replace(COMPANY_SUFFIX, ''))) return false;
  if (words(line).some((word) => isNameWord(word)) && !/,/.test(line)) return false;
  return !(isCompanyLine(line, label) && !/\b(manager|director|president|vp|officer|ceo|cfo|coo|cto|chief|head of)\b/i.test(line));
}

const DANGLING = /(\b(to|of|for|and|at|in|the|&)|[,&-])\s*$/i;

/**
 * The sender's full name as the name line writes it ("Jane A. Doe", "Doe, Jane"), without a title
 * on the same line or a leading dash; null for a lone first name ("Vince" only signs off).
 */
function fullName(nameLine: string, inlineTitle: string | null): string | null {
  const name = clean(
    (inlineTitle ? nameLine.slice(0, nameLine.lastIndexOf(inlineTitle)) : nameLine)
      .replace(/^[\s\-–—~*]+/, '')
      .replace(SIGN_OFF_BEFORE_NAME, '')
      .replace(HONORIFIC, '')
      .replace(CREDENTIALS, '')
      .replace(/(\p{L}{2})[.'"]+$/u, '$1'),
  );
  if (NOT_IN_A_NAME.test(name) || TITLE_WORDS.test(name) || COMPANY_SUFFIX.test(name)) return null;
  const words = name.split(/[\s,]+/).filter((word) => /\p{L}{2,}/u.test(word));
  return words.length >= 2 ? name : null;
}

const HONORIFIC = /^(mr|mrs|ms|miss|dr|prof|professor|sir)\.?\s+/i;
const CREDENTIALS = /,?\s+(ph\.?\s?d\.?|cfa|cpa|esq\.?|mba)$/i;
/** Words of an organisation or a mailing, never of a person's name: "ISC Customer Care", "Sent By Mark Muller". */
const NOT_IN_A_NAME =
  /\b(online|customer|care|services?|support|team|staff|alliance|suppliers?|sent|by|of|the|and|for|corp|inc|llc|ltd)\b/i;

function findTitleAndCompany(block: Block, sender: SignatureSender, isNameWord: NameWord): Omit<SignatureDetails, 'phoneNumber'> {
  const label = domainLabel(sender.email);
  let jobTitle: string | null = null;
  let companyName: string | null = null;
  if (block.nameIndex < 0) return { name: null, jobTitle, companyName };
  const nameLine = block.lines[block.nameIndex]!;
  // "Jane Doe, Vice President" or "Jane Doe - Director" on the name line itself.
  const inline = nameLine.match(/^[^,|–—-]+(?:,|\s[|–—-])\s*(.+)$/);
  if (inline && isTitleLine(clean(inline[1]!), label, () => false)) jobTitle = clean(inline[1]!);
  const name = fullName(nameLine, jobTitle ? inline![1]! : null);
  let next = block.nameIndex + 1;
  const after = block.lines[next];
  if (!jobTitle && after && isTitleLine(clean(after), label, isNameWord)) {
    jobTitle = clean(after);
    next++;
    // A title wrapped over two lines: "Executive Assistant to" / "Greg Whalley, President & COO".
    if (DANGLING.test(after)) {
      const joined = clean(`${jobTitle} ${block.lines[next] ?? ''}`);
      jobTitle = block.lines[next] && isTitleLine(joined, label, () => false) ? joined : null;
      next++;
    }
  }
  for (let i = next; i < Math.min(block.lines.length, next + 3) && !companyName; i++) {
    const line = clean(block.lines[i]!);
    if (isCompanyLine(line, label)) companyName = line;
  }
  return { name, jobTitle, companyName };
}

// --- the whole parse ------------------------------------------------------------------------------

function toLines(bodyText: string): string[] {
  // Spaces for tabs and no-break spaces over the whole text at once, and plain string searches
  // rather than regular expressions where they do the same: this runs on every line of 40,000 bodies.
  const text = bodyText.slice(0, MAX_BODY_CHARS).replaceAll('\t', ' ').replaceAll('\u00a0', ' ');
  const lines = text.includes('\r') ? text.split(/\r?\n|\r/) : text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A quoted-printable soft break or encoded trailing space left in the text.
    const end = line.endsWith('=20') ? line.length - 3 : line.endsWith('=') ? line.length - 1 : line.length;
    lines[i] = (end === line.length ? line : line.slice(0, end)).trim();
  }
  return lines;
}

/** Full name, phone, job title and company from the signature of a mail the sender wrote; null for whatever is unclear. */
export function parseSignature(bodyText: string, sender: SignatureSender): SignatureDetails {
  const lines = toLines(bodyText);
  let end = ownWordsEnd(lines);
  end = disclaimerStart(lines, end);
  while (end > 0 && !lines[end - 1]) end--;
  if (end === 0) return NONE;
  const isNameWord = senderNames(sender);
  const block = signatureBlock(lines.slice(0, end), isNameWord);
  if (!block) return NONE;
  return { phoneNumber: findPhone(block.lines), ...findTitleAndCompany(block, sender, isNameWord) };
}
