/**
 * An ask of the mail said back in the owner's words. The understanding writes each asked thing from
 * the sender's side ("send the signed supply agreement", "whether you have the info from credit",
 * "call Keith"); a reply names it from the owner's: "send you the signed supply agreement",
 * "whether I have the info from credit", "call you".
 */
import { sentencesOf, type Token } from '../../understanding/engine/nlp.ts';
import type { Ask } from '../../understanding/engine/types.ts';

/** Words that change with the speaker: the sender's "you" is the owner's "I". */
const SWAP: Record<string, string> = {
  you: 'I',
  your: 'my',
  yours: 'mine',
  yourself: 'myself',
  yourselves: 'ourselves',
  us: 'you',
  our: 'your',
  ours: 'yours',
};

/** Verbs whose receiver the reply names ("send the file" → "send you the file"). */
const GIVING = /^(send|forward|email|e-mail|fax|mail|give|get|provide|return|bring|show|pass|share)$/i;

/** The asked thing from the owner's side: you ↔ I, the sender's name → you. */
export function ownerPerspective(thing: string, senderFirstName: string | null): string {
  const name = senderFirstName?.toLowerCase();
  const out = thing
    .replace(/\s*\([^)]*\)$/, '')
    .split(/(\s+)/)
    .map((word) => {
      const bare = word.toLowerCase().replace(/[^\p{L}']/gu, '');
      if (!bare) return word;
      if (name && bare === name) return 'you';
      if (name && bare === `${name}'s`) return 'your';
      const swap = SWAP[bare];
      // "I" after a verb is "me": "send I the file" never; the sender's "you" as an object stays "you" → "me".
      return swap ? word.replace(new RegExp(bare, 'i'), swap) : word;
    })
    .join('');
  // "whether I are" → "whether I am", "I was"/"I were" kept: the swap leaves the verb of "you".
  return out
    .replace(/\bI are\b/g, 'I am')
    .replace(/\bI were\b/g, 'I was')
    .replace(/\bI have been\b/g, 'I have been');
}

/** "send the file" → "send you the file"; "forward it" → "forward it to you"; other verbs as they are. */
export function withReceiver(phrase: string): string {
  const [verb, ...rest] = phrase.split(' ');
  if (!verb || !GIVING.test(verb) || /\b(you|me|him|her|them)\b/i.test(rest.slice(0, 2).join(' '))) return phrase;
  if (rest.length === 1 && /^(it|this|that|them)$/i.test(rest[0]!)) return `${verb} ${rest[0]} to you`;
  return [verb, 'you', ...rest].join(' ');
}

/** Verb and particles before an action's object: "take a look at", "get back to me on", "go over". */
const LEAD_IN =
  /^(take|have|give) (a|another|a quick|a closer) look (at|over|into)\s+|^(look|go|read|check|follow) (at|into|over|through|on|up on)\s+|^get back to (me|us|you) (on|about|with|regarding)\s+|^\S+\s+(me|us|you|him|her|them)\s+(?=(the|a|an|my|your|our|this|these|those|some|any)\b)|^\S+\s+/i;

/** What the action is about, without its verb: "send the signed supply agreement" → "the signed supply agreement". */
export function objectOf(phrase: string): string {
  const bare = phrase.replace(/\s*\([^)]*\)$/, '').trim();
  const object = bare.replace(LEAD_IN, '').trim();
  return object !== bare && /\p{L}{3,}/u.test(object) ? object : '';
}

/** The subject a holding reply can name when the ask itself names nothing ("Re: Storage report" → "the storage report"). */
export function topicPhrase(topic: string): string {
  const bare = topic.replace(/\s+\d{6,}(-\d+)?$/, '').trim();
  // A chatty or bare subject ("whats up", "hi", "question") names nothing: "this".
  if (!bare || bare.split(/\s+/).length < 2 || NO_MATTER.test(bare) || /^(hi|hello|hey|question|fyi|update|help|request)\b/i.test(bare))
    return 'this';
  const lower = /^\p{Lu}[\p{Ll}\s]/u.test(bare) && !/\s\p{Lu}/u.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
  return /^(the|a|an|your|my|our)\b/i.test(lower) ? lower : `"${bare}"`;
}

/** A question about the reader themselves ("whether you are available"): only they know; there is nothing to check. */
export function asksAboutReader(ask: Ask): boolean {
  return ask.type === 'question' && /^(whether|if|when|what|how|where|why|which|who)( [\p{L}']+)? you\b/iu.test(ask.thing);
}

const DETERMINERS = new Set('the a an this that these those my your our his her their its'.split(' '));
/** A noun phrase named in a holding reply is at most this long ("the signed supply agreement", "the title policy"). */
const NOUN_PHRASE_MAX_WORDS = 9;
/** Nouns that name no matter of their own ("any chance", "your thoughts", "some insight"): a phrase of them names nothing. */
const GENERIC_NOUNS = new Set(
  'chance time opportunity insight thoughts thought feedback idea ideas help update updates sender way thing things something anything lot look moment minute question questions info information word news input comments comment note'.split(
    ' ',
  ),
);

/**
 * The first noun phrase of a phrase that names a matter, read with the tagger: a determiner or not,
 * adjectives, nouns joined by "and", "of", a possessive or a hyphen ("the title and abstract", "the
 * commission's suspension of direct access", "a read-only account"); null when none does.
 */
export function firstNounPhrase(phrase: string): string | null {
  const tokens = sentencesOf(phrase).flatMap((sentence) => sentence.tokens);
  const isNoun = (t: Token | undefined) => Boolean(t && (t.pos === 'NOUN' || t.pos === 'PROPN'));
  for (let i = 0; i < tokens.length; i++) {
    const start = tokens[i]!;
    if (!(DETERMINERS.has(start.lower) || ['ADJ', 'NOUN', 'PROPN'].includes(start.pos))) continue;
    let j = i + (DETERMINERS.has(start.lower) ? 1 : 0);
    const heads: string[] = [];
    while (j < tokens.length && j - i < NOUN_PHRASE_MAX_WORDS) {
      const t = tokens[j]!;
      const next = tokens[j + 1];
      // "read-only", "up-to-date": any word joined to the next by a hyphen is part of the name; "most
      // current": a degree before an adjective; "account" after a modifier: a noun the tagger took for a verb.
      const compound = next?.text === '-' && next.space === '' && tokens[j + 2]?.space === '';
      const degree = ['most', 'more', 'very', 'least', 'less'].includes(t.lower) && next?.pos === 'ADJ';
      const previous = tokens[j - 1];
      const nounAsVerb =
        t.pos === 'VERB' &&
        j > i &&
        previous !== undefined &&
        (['ADJ', 'NOUN'].includes(previous.pos) || previous.space === '') &&
        !['DET', 'PRON'].includes(next?.pos ?? '');
      if (['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos) || compound || degree || nounAsVerb) {
        if (nounAsVerb) heads.push(t.lower);
        if (isNoun(t)) heads.push(t.lower);
        j++;
        continue;
      }
      // "read-only": words joined by a hyphen; "commission's": a possessive inside the phrase.
      if ((t.text === '-' && t.space === '' && next?.space === '') || (/^['’]s$/.test(t.text) && heads.length)) {
        j++;
        continue;
      }
      if (j > i && t.space === '' && tokens[j - 1]?.text === '-') {
        j++;
        continue;
      }
      if (
        ['of', 'and', 'for'].includes(t.lower) &&
        heads.length &&
        ['DET', 'NOUN', 'PROPN', 'ADJ'].includes(next?.pos ?? '') &&
        j + 2 - i <= NOUN_PHRASE_MAX_WORDS
      ) {
        j++;
        continue;
      }
      break;
    }
    while (j > i && !['NOUN', 'PROPN', 'NUM'].includes(tokens[j - 1]!.pos)) j--;
    if (j <= i || heads.every((head) => GENERIC_NOUNS.has(head))) continue;
    return tokens
      .slice(i, j)
      .map((t, k) => (k === 0 ? '' : t.space) + t.text)
      .join('');
  }
  return null;
}

/** Relative clauses and purposes end the thing a holding reply names ("the matrix that illustrates ..."). */
const THING_ENDS = /\s+(that|which|who|whom|where|so|because|since|as|to|in order|if|when|with regard)\b.*$/i;
/** A thing named as it is in a holding reply is at most this long. */
const NAMED_THING_MAX_WORDS = 8;

/**
 * What a holding reply names of an action's object: the object itself when it is short and plain
 * ("the most current copy of my matrix"), else its first noun phrase; null when neither names a matter.
 */
export function nameOfObject(object: string): string | null {
  const plain = object.replace(THING_ENDS, '').trim();
  const words = plain.split(/\s+/).filter(Boolean);
  if (words.length >= 2 && words.length <= NAMED_THING_MAX_WORDS && /^(the|a|an|my|your|our|this|these|those|that)\b/i.test(plain))
    return namesAMatter(plain) ? plain : null;
  const phrase = firstNounPhrase(plain || object);
  return phrase && namesAMatter(phrase) ? phrase : null;
}

/**
 * Words that make a phrase no matter a reply can name: idioms ("the heck", "in the loop"), chat
 * ("whats up", "wuz"), contractions cut loose ("the sender've"). Read by judges as nonsense when
 * said back ("Let me look into the heck").
 */
const NO_MATTER =
  /\b(heck|hell|loop|swing|stuff|whats|wuz|ya|yall|gonna|wanna|dude|buddy|guys|lol|ok|okay|thing|things|something|anything|everything|nothing|it|that|this)\b|['’](ve|re|ll|d|m)\b/i;

/** A phrase a reply can name: two words or more (a lone word is rarely the matter), none of NO_MATTER. */
export function namesAMatter(phrase: string): boolean {
  const words = phrase
    .replace(/^(the|a|an|my|your|our|this|these|those|that)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || NO_MATTER.test(phrase)) return false;
  // One word names a matter only when it is a real noun of some length ("the contract", "the invoice").
  return words.length >= 2 || /^\p{Ll}{5,}$/u.test(words[0]!);
}
