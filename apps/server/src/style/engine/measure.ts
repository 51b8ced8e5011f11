/**
 * What one text of the user's shows: counts of words, sentences, paragraphs, questions, commas,
 * exclamations and emoji, its greeting and closing, and the markers of formality, deference and
 * direction the profile is built from. Pure functions over one string.
 */

import { SIGN_OFF } from '../../mail/engine/own-words.ts';

export type Measured = {
  words: number;
  sentences: string[];
  paragraphs: number;
  questions: string[];
  exclamations: number;
  commas: number;
  emoji: number;
  /** The greeting as a pattern, names replaced: "Hi [Name],", "[Name] --"; null without one. */
  greeting: string | null;
  /** The sign-off line as written, trailing punctuation kept: "Thanks,"; null without one. */
  closing: string | null;
  hasList: boolean;
  hasLink: boolean;
  mentionsAttachment: boolean;
  contractions: number;
  slang: number;
  politeness: number;
  deference: string[];
  directive: string[];
  commitments: number;
  /** Sentences that start in lower case (a casual habit). */
  lowerStarts: number;
  /** The text without its greeting and closing lines, lower case: where phrases are looked for. */
  body: string;
};

/** Emoji pictographs and the common text smileys. */
const EMOJI = /\p{Extended_Pictographic}|(?<![\w/])[:;=][-']?[)(DPp](?!\w)/gu;
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Greeting words and phrases that open a mail. */
const GREETING =
  /^(hi|hello|hey|hiya|dear|good (morning|afternoon|evening|day)|morning|afternoon|greetings|howdy|yo|hallo|bonjour|hola)\b(.{0,40})$/i;
/** A bare name that opens a mail: "Jeff,", "Jeff --", "John and Mary:", "jeff". */
const NAME_OPENING = /^((\p{Lu}[\p{L}'.-]*|\p{Ll}{2,12})(\s+(and|&)\s+\p{Lu}[\p{L}'.-]*|\s+\p{Lu}[\p{L}'.-]*){0,2})\s*(,|:|--?|–|—)?\s*$/u;
/** Words that begin a sentence, not a name: a first line "Thanks," or "Yes" is no greeting. */
const NOT_A_NAME = new Set(
  'thanks thank yes no ok okay sure great good fine please fyi attached here this that see call done agreed approved sounds looks will let sorry congratulations congrats team all everyone folks guys'.split(
    ' ',
  ),
);

/** Contractions: "don't", "I'll", "we're". Formal writing spells them out. */
const CONTRACTION = /\b\p{L}+['’](t|ll|re|ve|d|m|s)\b/giu;
/** Casual abbreviations and slang. */
const SLANG =
  /\b(thx|tx|plz|pls|btw|fyi|imo|imho|lol|gonna|wanna|gotta|kinda|yeah|yep|yup|nope|cool|awesome|ok|okay|u|ur|cya|np|omg|haha|hehe|dunno|ya)\b/gi;
/** Courtesy words. */
const POLITE = /\b(please|thank you|thanks|appreciate|grateful|kindly|would you|could you)\b/gi;

/**
 * Deference markers, the language of writing up to someone (a manager, a client): asking rather
 * than telling, thanking for their time.
 */
const DEFERENCE_MARKERS = [
  'please let me know if',
  'would you',
  'could you please',
  'i was wondering',
  'thank you for your time',
  'at your convenience',
  'if you have a moment',
  'i would appreciate',
  'sorry to bother',
  'would it be possible',
  'for your review',
  'for your approval',
  'please advise',
  'if that works for you',
  'your thoughts',
  'do you want me to',
  'should i',
];
/**
 * Directive markers, the language of writing down to someone: instructions. Besides these phrases a
 * sentence that opens with an imperative verb (DIRECTIVE_VERBS) counts.
 */
const DIRECTIVE_MARKERS = [
  'please send',
  'make sure',
  'i need you to',
  'i want you to',
  'go ahead',
  'get this done',
  'by end of day',
  'asap',
  'let me know when it is done',
  'take care of',
];
const DIRECTIVE_VERBS = new Set(
  'send call make get set put check review fix prepare schedule book forward update follow tell ask give take handle print order file pull run find look talk cancel move add remove change delete'.split(
    ' ',
  ),
);
/** The user says what they will do next. */
const COMMITMENT = /\b(i['’]ll|i will|we['’]ll|we will|i['’]m going to|will (call|send|do|get|follow|check|look))\b/i;

const LIST_LINE = /^\s*([-*•·]|\d{1,2}[.)]|[a-z][.)])\s+\S/m;
const LINK = /https?:\/\/|\bwww\.\S+/i;
const ATTACHMENT = /\b(attached|attachment|enclosed|see the (file|document|spreadsheet)|i['’]ve attached|i have attached)\b/i;

/** Sentences: split after . ! ? (not inside numbers or "e.g."), and at paragraph ends. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of paragraphsOf(text)) {
    for (const piece of paragraph.split(/(?<=[.!?])["')\]]?\s+(?=["'([]?[\p{Lu}\p{Ll}\p{N}])/u)) {
      const sentence = piece.trim();
      if (WORD.test(sentence)) out.push(sentence);
      WORD.lastIndex = 0;
    }
  }
  return out;
}

/** Paragraphs: blocks between blank lines, wrapped lines joined. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The greeting of a first line, names replaced by "[Name]"; null when the line is no greeting. */
function greetingPattern(line: string, hasMore: boolean): string | null {
  const trimmed = line.trim();
  const greeting = GREETING.exec(trimmed);
  if (greeting) {
    const word = greeting[1]!;
    const rest = greeting[3]!.trim();
    const punctuation = /([,:!.]|--?|–|—)$/.exec(rest)?.[1] ?? '';
    const named = /\p{L}/u.test(rest.replace(/\b(all|team|everyone|folks|guys|there)\b/gi, ''));
    const group = /\b(all|team|everyone|folks|guys|there)\b/i.exec(rest)?.[1];
    const who = group ? ` ${group.toLowerCase()}` : named ? ' [Name]' : '';
    return `${word[0]!.toUpperCase()}${word.slice(1).toLowerCase()}${who}${punctuation}`;
  }
  // A bare name line counts only when text follows it (else it is the whole mail).
  if (!hasMore) return null;
  const name = NAME_OPENING.exec(trimmed);
  if (!name || NOT_A_NAME.has(name[2]!.toLowerCase())) return null;
  return `[Name]${name[5] === ',' || name[5] === ':' ? name[5] : name[5] ? ` ${name[5]}` : ''}`;
}

/** The sign-off line at the end of the text, as written; null without one. */
function closingOf(lines: string[]): string | null {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
    const line = lines[i]!.trim();
    if (!line) continue;
    return SIGN_OFF.test(line) ? line.replace(/\s+/g, ' ') : null;
  }
  return null;
}

/** Measure one text of the user's own words. */
export function measure(text: string): Measured {
  const lines = text.split('\n');
  const firstIndex = lines.findIndex((line) => line.trim());
  const first = firstIndex >= 0 ? lines[firstIndex]! : '';
  const greeting =
    firstIndex >= 0
      ? greetingPattern(
          first,
          lines.slice(firstIndex + 1).some((line) => line.trim()),
        )
      : null;
  const closing = closingOf(lines);
  // Greeting and closing lines are measured separately: they are no sentences of the body.
  let bodyLines = greeting ? lines.slice(firstIndex + 1) : lines;
  if (closing) {
    const last = bodyLines.map((line) => line.trim()).lastIndexOf(closing);
    if (last >= 0) bodyLines = bodyLines.slice(0, last);
  }
  const body = bodyLines.join('\n').trim();
  const sentences = sentencesOf(body);
  const lower = body.toLowerCase();
  const deference = DEFERENCE_MARKERS.filter((marker) => lower.includes(marker));
  const directive = DIRECTIVE_MARKERS.filter((marker) => new RegExp(`\\b${marker}\\b`).test(lower));
  for (const sentence of sentences) {
    const firstWord = sentence.toLowerCase().match(WORD)?.[0];
    // An imperative opening, unless a directive phrase already counted it ("Make sure...").
    const counted = DIRECTIVE_MARKERS.some((marker) => sentence.toLowerCase().startsWith(marker));
    if (firstWord && DIRECTIVE_VERBS.has(firstWord) && !counted) directive.push(`${firstWord} …`);
  }
  return {
    words: wordsOf(text).length,
    sentences,
    paragraphs: paragraphsOf(body).length,
    questions: sentences.filter((sentence) => sentence.endsWith('?')),
    exclamations: (body.match(/!+/g) ?? []).length,
    commas: (body.match(/,/g) ?? []).length,
    emoji: (text.match(EMOJI) ?? []).length,
    greeting,
    closing,
    hasList: LIST_LINE.test(body),
    hasLink: LINK.test(body),
    mentionsAttachment: ATTACHMENT.test(body),
    contractions: (body.match(CONTRACTION) ?? []).length,
    slang: (body.match(SLANG) ?? []).length,
    politeness: (text.match(POLITE) ?? []).length,
    deference,
    directive,
    commitments: COMMITMENT.test(body) ? 1 : 0,
    lowerStarts: sentences.filter((sentence) => /^\p{Ll}/u.test(sentence)).length,
    body: lower,
  };
}

/**
 * Formality of one text, 0 (very casual) .. 1 (very formal), from 0.5 moved by markers:
 * formal greeting ("Dear") +0.2, no greeting −0.05, casual greeting ("Hi", "Hey") −0.1;
 * formal closing ("Regards", "Sincerely") +0.15, casual closing ("Thanks", "Cheers") −0.05;
 * contractions −0.05 each (at most −0.15); slang/abbreviations −0.1 each (at most −0.2);
 * emoji −0.15; exclamation marks −0.05 each (at most −0.1); sentences starting in lower case −0.1;
 * courtesy words (please, thank you) +0.05 each (at most +0.1); long sentences (over 18 words on
 * average) +0.1, very short ones (under 6) −0.05. Clamped to 0..1.
 */
export function formalityOf(m: Measured): number {
  let score = 0.5;
  if (m.greeting) {
    if (/^dear\b/i.test(m.greeting) || /^good (morning|afternoon|evening)/i.test(m.greeting)) score += 0.2;
    else if (/^(hi|hey|hiya|yo|howdy|morning)\b/i.test(m.greeting)) score -= 0.1;
  } else score -= 0.05;
  if (m.closing) {
    if (/regards|sincerely|respectfully|yours/i.test(m.closing)) score += 0.15;
    else if (/^(thx|tks|cheers|later|talk soon|see you|take care)/i.test(m.closing)) score -= 0.1;
    else score -= 0.05;
  }
  score -= Math.min(0.15, 0.05 * m.contractions);
  score -= Math.min(0.2, 0.1 * m.slang);
  if (m.emoji) score -= 0.15;
  score -= Math.min(0.1, 0.05 * m.exclamations);
  if (m.lowerStarts) score -= 0.1;
  score += Math.min(0.1, 0.05 * m.politeness);
  const perSentence = m.sentences.length ? m.words / m.sentences.length : 0;
  if (perSentence > 18) score += 0.1;
  else if (perSentence > 0 && perSentence < 6) score -= 0.05;
  return Math.min(1, Math.max(0, score));
}
