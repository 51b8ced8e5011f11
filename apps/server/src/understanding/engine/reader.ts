/**
 * The reader's names: what people call the mailbox's owner in the mail they write to them. From
 * the profile and display names, the address itself ("maria.lopez@" → Maria, Lopez), the names the
 * owner signs with, and the names that mail written to the owner alone greets most often (a
 * colleague greets Kimberly as "Kim"; no nickname table knows every office).
 */
import { distance } from 'fastest-levenshtein';
import { organisationLabel, ownerNameWords } from '../../mail/engine/people.ts';

/** A greeting name found in at least this share of the mail written to the reader alone (and MIN_GREETINGS times) is one of theirs. */
const GREETING_SHARE = 0.15;
const MIN_GREETINGS = 3;

const NAME_WORD = /^\p{L}[\p{L}'’-]{1,}$/u;

function words(name: string): string[] {
  return name
    .replace(/[<(].*$/, '')
    .split(/[\s,.]+/)
    .filter((word) => NAME_WORD.test(word) && word.length >= 2)
    .map((word) => word.toLowerCase());
}

export type ReaderNameSources = {
  /** The profile's first and last name, the account's display name, display names the reader's addresses carry. */
  displayNames: (string | null | undefined)[];
  addresses: string[];
  /** How the reader signs their own mail ("Vince", "Kim"). */
  signatures?: string[];
  /** The first name each greeting of mail written to the reader alone used ("Kim", "Jim"), one entry per mail. */
  greetingsToReader?: string[];
};

/** The reader's names, lower-case, each once. */
export function readerNames({ displayNames, addresses, signatures = [], greetingsToReader = [] }: ReaderNameSources): string[] {
  const out = ownerNameWords({ names: displayNames.map((name) => name ?? null), addresses });
  for (const signature of signatures) {
    const first = words(signature)[0];
    if (first && signature.trim().split(/\s+/).length <= 3) out.add(first);
  }
  const counts = new Map<string, number>();
  for (const greeting of greetingsToReader) {
    const first = words(greeting)[0];
    if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  for (const [name, count] of counts) if (count >= MIN_GREETINGS && count >= GREETING_SHARE * greetingsToReader.length) out.add(name);
  return [...out];
}

/** Names at least this long match with one letter wrong ("Kaminsky" for "kaminski"). */
const TYPO_MIN_LETTERS = 6;
/** A short form matches the start of a name from this many letters ("Phil" of "phillip", "Vince" of "vincent"). */
const SHORT_FORM_MIN_LETTERS = 3;

/**
 * A name as written in a mail names the reader: one of their names, a short or long form of one
 * ("Phil" of "phillip", "Vincent" for "vince": one starts the other), or one with a letter wrong.
 */
export function namesReader(name: string, names: readonly string[]): boolean {
  const word = name.toLowerCase().replace(/[^\p{L}'’-]/gu, '');
  if (word.length < 2) return false;
  return names.some((own) => {
    if (own === word) return true;
    const [short, long] = own.length < word.length ? [own, word] : [word, own];
    if (short.length >= SHORT_FORM_MIN_LETTERS && long.startsWith(short)) return true;
    return word.length >= TYPO_MIN_LETTERS && own.length >= TYPO_MIN_LETTERS && distance(word, own) <= 1;
  });
}

/**
 * An address that is the reader's though it is not among their addresses: another form of one of
 * them at the same domain ("pallen@" or "jsteffe@" beside "phillip.allen@", "james.steffes@"): a
 * single word of up to two of the reader's initials and their surname (or its first 5 letters and more).
 */
export function isReaderAlias(address: string, reader: { addresses: readonly string[]; names: readonly string[] }): boolean {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  // At one of the reader's organisations: acme.com, or mail.acme.com beside it.
  const organisation = organisationLabel(domain) ?? domain;
  if (
    !local ||
    !domain ||
    !reader.addresses.some((own) => (organisationLabel(own.split('@')[1] ?? '') ?? own.split('@')[1]) === organisation)
  )
    return false;
  if (!/^[a-z]+\d*$/.test(local)) return false;
  const bare = local.replace(/\d+$/, '');
  for (let initials = 0; initials <= 2; initials++) {
    const word = bare.slice(initials);
    if (word.length < 5) break;
    // The initials are the reader's own ("p" of phillip in "pallen"): another Allen's is not theirs.
    const initialsOk = [...bare.slice(0, initials)].every((letter) => reader.names.some((own) => own.startsWith(letter)));
    if (initialsOk && reader.names.some((own) => own.length >= 5 && own.startsWith(word))) return true;
  }
  return false;
}
