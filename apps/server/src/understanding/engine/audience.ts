/**
 * Whom a mail is written to, from the reader's side: their place in To and Cc, how many others are
 * there, and whom the greeting names ("Maria," / "Hi Joe and Ann -" / "All,").
 */
import { isReaderAlias, namesReader } from './reader.ts';
import type { Audience, Reader } from './types.ts';

/** A question to this many recipients or fewer (the reader among them) is asked of each of them (JUDGING.md: "about 8 or fewer"). */
export const SMALL_GROUP = 8;

/** Greeting words for everyone on the mail: "All,", "Hi team", "Folks -". */
const EVERYONE =
  /^(all|everyone|everybody|team|guys|folks|gentlemen|ladies|ladies and gentlemen|y'?all|colleagues|friends|people|group|gang|you all|all of you|girls|boys|kids|there|you two|you both|both)$/i;

/** A greeting line: "Hi Maria,", "Dear Mr. Lee:", "Joe and Ann -", "Vince/Stinson:", "All,". */
const SALUTATION =
  /^(hi|hello|hey|dear|good (morning|afternoon|evening)|greetings|morning|afternoon|evening|hiya|howdy|to|hallo|bonjour|hola|ciao|salut|guten (morgen|tag))\b[\s,!:-]*/i;
const TITLE = /^(mr|mrs|ms|miss|dr|prof)\.?$/i;
/** A word that cannot be a name in a greeting ("Thanks," "Yes," "Folks" aside). */
const NOT_GREETING =
  /^(thanks?|thank|yes|no|ok|okay|sure|great|good|fine|done|agreed|please|fyi|attached|see|here|hope|sorry|congratulations|congrats|welcome|regards|cheers|update|note|re|fw|fwd|subject|from|to|cc|sent|date)$/i;

/**
 * The names a greeting line names, as written, or null when the line is no greeting. A line of one to
 * four names (joined by "and", "&", "/", ",") ending in a comma, colon, dash or nothing.
 */
export function greetingNames(line: string): string[] | null {
  let text = line.trim();
  const salutation = SALUTATION.exec(text);
  if (salutation) text = text.slice(salutation[0].length);
  text = text.replace(/[\s,:;!.\-–—]+$/, '').trim();
  if (!text) return salutation ? [] : null;
  if (!salutation && !/[,:\-–—]\s*$/.test(line.trim()) && text.split(/\s+/).length > 2) return null;
  const names = text
    .split(/\s*(?:,|&|\/|\band\b|\+)\s*/i)
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0 || names.length > 6) return null;
  for (const name of names) {
    const words = name.split(/\s+/).filter((word) => !TITLE.test(word));
    if (words.length === 0 || words.length > 3) return null;
    if (EVERYONE.test(name)) continue;
    if (words.some((word) => NOT_GREETING.test(word) || (!/^\p{Lu}[\p{L}'’.-]*$/u.test(word) && !/^\p{Ll}{2,12}$/u.test(word))))
      return null;
    // A lower-case word is a name only in a greeting that says so ("hi vince") or stands alone ("vince,").
    if (!salutation && words.some((word) => /^\p{Ll}/u.test(word)) && names.length > 1) return null;
  }
  return names;
}

/** Whether the greeting's names include the reader, or everyone. */
function greets(names: string[], reader: Reader): boolean {
  return names.some((name) => EVERYONE.test(name) || greetsReaderName(name, reader));
}

/** A greeted name is the reader's: one of their names, or their initial alone ("G,"). */
export function greetsReaderName(name: string, reader: Reader): boolean {
  const bare = name.trim().replace(/\.$/, '');
  if (/^\p{L}$/u.test(bare)) return reader.names.some((own) => own.startsWith(bare.toLowerCase()));
  return name.split(/\s+/).some((word) => namesReader(word, reader.names));
}

/** Everyone the greeting names is "all" (or the greeting names no one). */
export function greetsEveryone(names: string[]): boolean {
  return names.length > 0 && names.every((name) => EVERYONE.test(name));
}

/**
 * Where the reader stands: the mail's sender is the reader (`own`); else the reader's place in To
 * and Cc and the number of recipients.
 */
export function audienceOf(
  mail: { senderEmail: string | null; recipientEmails: string[]; ccEmails: string[] },
  reader: Reader,
  greeted: string[],
): Audience {
  const addresses = new Set(reader.addresses.map((address) => address.toLowerCase()));
  const own = { has: (address: string) => addresses.has(address) || isReaderAlias(address, reader) };
  const to = mail.recipientEmails.map((address) => address.toLowerCase());
  const cc = mail.ccEmails.map((address) => address.toLowerCase());
  const recipients = new Set([...to, ...cc]).size;
  const greetsReader = greeted.length > 0 && greets(greeted, reader);
  const base = { recipients, greeted, greetsReader };
  if (mail.senderEmail && addresses.has(mail.senderEmail.toLowerCase())) return { kind: 'own', ...base };
  const inTo = to.some((address) => own.has(address));
  const inCc = !inTo && cc.some((address) => own.has(address));
  if (!inTo && !inCc) return { kind: 'hidden', ...base };
  if (inCc) return { kind: 'cc', ...base };
  if (recipients <= 1) return { kind: 'direct', ...base };
  return { kind: recipients <= SMALL_GROUP ? 'group' : 'list', ...base };
}
