/**
 * The phrases that are this user's: word n-grams they write often that are not simply common
 * English, and common business phrases they never write. Pure functions.
 *
 * "Not common English" is decided against a built-in background: a list of the function words of
 * English (a phrase made only of them, "of the", "i will be", says nothing about a person) and a
 * list of stock business phrases everyone writes ("let me know", "thank you for"). The stock list
 * doubles as the source of avoided phrases.
 */

import type { StylePhrase } from '@penman/contract';

/** English function words: a phrase of only these is grammar, not style. */
const FUNCTION_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours i'm i'll i've i'd it's that's there's we'll we're you're don't can't won't didn't isn't let's also get got go going one two want need make see`.split(
    /\s+/,
  ),
);

/**
 * Stock phrases of English business mail, by what they do. Used twice: as background (they are
 * never reported as characteristic of the user) and as candidates for avoided phrases (those the
 * user never writes, with the phrase of the same kind they write instead).
 */
const STOCK_PHRASES: Record<string, string[]> = {
  opening: [
    'i hope this email finds you well',
    'hope you are well',
    'hope all is well',
    'i hope you are doing well',
    'hope you had a great weekend',
  ],
  purpose: ['i am writing to', 'just wanted to', 'i wanted to follow up', 'just checking in', 'quick question', 'following up on'],
  attachment: ['please find attached', 'attached please find', 'attached is', 'i have attached', 'here is', 'enclosed is'],
  request: [
    'could you please',
    'can you please',
    'would you mind',
    'when you get a chance',
    'at your earliest convenience',
    'as soon as possible',
  ],
  followUp: [
    'please let me know',
    'let me know',
    'feel free to',
    'do not hesitate to contact',
    "don't hesitate to",
    'if you have any questions',
  ],
  thanks: ['thank you for your help', 'thanks for your help', 'thank you for', 'thanks for', 'i appreciate', 'much appreciated'],
  apology: ['sorry for the delay', 'apologies for the delay', 'sorry for the late reply', 'i apologize for'],
  agreement: ['sounds good', 'that works', 'works for me', 'i agree', 'makes sense'],
  closing: ['best regards', 'kind regards', 'regards', 'thanks', 'thank you', 'cheers', 'sincerely', 'best wishes', 'all the best'],
  future: ['looking forward to', 'look forward to', 'talk soon', 'speak soon', 'going forward', 'moving forward'],
  clarity: ['to be honest', 'as discussed', 'as mentioned', 'per our conversation', 'for your information', 'fyi'],
};

const STOCK = new Set(Object.values(STOCK_PHRASES).flat());

const WORDS = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** A phrase must appear in at least this many emails, and this share of them, to be "common". */
const MIN_PHRASE_EMAILS = 3;
const MIN_PHRASE_SHARE = 0.02;
const MAX_PHRASES = 15;
/** A phrase found in at most this share more emails than a longer phrase containing it is part of that one. */
const SUBSUMED = 0.7;

/** Addresses and links are not words the user chose ("mike.grigsby@enron.com" is no phrase). */
const ADDRESS_OR_LINK = /\S+@\S+|\b(?:https?:\/\/|www\.)\S+/gi;

/** Word n-grams (2..4 words, within one sentence) of a lower-case text, each once. */
function ngramsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const clause of text.replace(ADDRESS_OR_LINK, '.').split(/[.!?;:\n()"]+/)) {
    const words = clause.match(WORDS)?.map((word) => word.replace('’', "'")) ?? [];
    for (let n = 2; n <= 4; n++) {
      for (let i = 0; i + n <= words.length; i++) found.add(words.slice(i, i + n).join(' '));
    }
  }
  return found;
}

const EDGE_WORDS = /^(the|a|an|and|or|but|of|to|in|for|on|at|with|by|from)$/;

/** A word written capitalised at least this share of the times it is seen mid-sentence is a name. */
const PROPER_NOUN_SHARE = 0.8;
const MIN_PROPER_NOUN_SIGHTINGS = 2;

/**
 * The proper nouns of the user's own texts (people, places, companies), lower case: words that are
 * nearly always capitalised where a sentence does not start. "mike grigsby" or "call keith" is
 * about whom the user writes to, not how they write, so phrases with a name are not reported.
 */
export function properNouns(texts: string[]): Set<string> {
  const seen = new Map<string, { capitalised: number; total: number }>();
  for (const text of texts) {
    for (const sentence of text.replace(ADDRESS_OR_LINK, '.').split(/[.!?\n]+/)) {
      const words = sentence.match(WORDS) ?? [];
      // The first word of a sentence is capitalised whatever it is.
      for (const word of words.slice(1)) {
        const lower = word.toLowerCase();
        const counts = seen.get(lower) ?? { capitalised: 0, total: 0 };
        counts.total++;
        if (/^\p{Lu}/u.test(word)) counts.capitalised++;
        seen.set(lower, counts);
      }
    }
  }
  const names = new Set<string>();
  for (const [word, { capitalised, total }] of seen) {
    if (total >= MIN_PROPER_NOUN_SIGHTINGS && capitalised / total >= PROPER_NOUN_SHARE && !FUNCTION_WORDS.has(word)) names.add(word);
  }
  return names;
}

/**
 * Names in the addresses the user writes to ("mike.grigsby@…" gives "mike" and "grigsby"): people
 * who write names in lower case ("please add mike grigsby") still name their correspondents.
 */
export function addressNames(addresses: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const address of addresses) {
    for (const part of (address.split('@')[0] ?? '').toLowerCase().split(/[._\-+]+/)) {
      if (part.length >= 3 && /^\p{L}+$/u.test(part) && !FUNCTION_WORDS.has(part)) names.add(part);
    }
  }
  return names;
}

/** Says something about the person: not grammar only, not a number run, no name, not (part of) a stock phrase. */
function isCharacteristic(phrase: string, names: ReadonlySet<string>): boolean {
  const words = phrase.split(' ');
  if (words.every((word) => FUNCTION_WORDS.has(word) || /^\d+$/.test(word))) return false;
  if (words.some((word) => names.has(word))) return false;
  const padded = ` ${phrase} `;
  for (const stock of STOCK) if (` ${stock} `.includes(padded) || padded.includes(` ${stock} `)) return false;
  // Starting or ending on "the", "and", "in"... cuts a phrase in the middle.
  return !EDGE_WORDS.test(words[0]!) && !EDGE_WORDS.test(words[words.length - 1]!);
}

/**
 * The user's characteristic phrases, from the bodies (greeting and closing lines excluded, lower
 * case) of their emails: n-grams found in at least MIN_PHRASE_EMAILS emails and MIN_PHRASE_SHARE of
 * them, without the user's proper nouns (`names`); a phrase inside a longer one found nearly as often (SUBSUMED) is dropped for the longer one.
 */
export function commonPhrases(bodies: string[], names: ReadonlySet<string> = new Set()): StylePhrase[] {
  const emails = new Map<string, number>();
  for (const body of bodies) for (const gram of ngramsOf(body)) emails.set(gram, (emails.get(gram) ?? 0) + 1);
  const min = Math.max(MIN_PHRASE_EMAILS, Math.ceil(MIN_PHRASE_SHARE * bodies.length));
  const frequent = [...emails].filter(([, count]) => count >= min);
  // A fragment of a longer frequent phrase ("me know" of "let me know if") is that phrase.
  const kept = frequent.filter(
    ([phrase, count]) =>
      isCharacteristic(phrase, names) &&
      !frequent.some(([longer, other]) => longer !== phrase && ` ${longer} `.includes(` ${phrase} `) && other >= SUBSUMED * count),
  );
  return kept
    .sort((a, b) => b[1] - a[1] || b[0].split(' ').length - a[0].split(' ').length || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_PHRASES)
    .map(([text, count]) => ({ text, count, share: round(count / bodies.length) }));
}

/** Enough mail to say a phrase is avoided rather than merely not seen yet. */
const MIN_EMAILS_FOR_AVOIDED = 20;
const MAX_AVOIDED = 10;

/**
 * Stock phrases the user never writes (in none of their emails, with at least
 * MIN_EMAILS_FOR_AVOIDED emails), each with the phrase of the same kind they use most instead.
 * Phrases of a kind the user does use come first: "never writes 'Please find attached', writes
 * 'here is'" says more than a kind they never need.
 */
export function avoidedPhrases(fullTexts: string[]): { text: string; insteadOf: string | null }[] {
  if (fullTexts.length < MIN_EMAILS_FOR_AVOIDED) return [];
  const lower = fullTexts.map((text) => text.toLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'"));
  const uses = (phrase: string) => {
    const pattern = new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');
    return lower.filter((text) => pattern.test(text)).length;
  };
  const avoided: { text: string; insteadOf: string | null }[] = [];
  for (const phrases of Object.values(STOCK_PHRASES)) {
    const counts = phrases.map((phrase) => [phrase, uses(phrase)] as const);
    const used = counts.filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1]);
    for (const [phrase, count] of counts) {
      if (count > 0) continue;
      // Never "avoids 'regards' instead of 'best regards'": the alternative must not contain it.
      const instead = used.find(([other]) => !other.includes(phrase) && !phrase.includes(other));
      avoided.push({ text: phrase, insteadOf: instead?.[0] ?? null });
    }
  }
  return avoided.sort((a, b) => Number(b.insteadOf !== null) - Number(a.insteadOf !== null)).slice(0, MAX_AVOIDED);
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
