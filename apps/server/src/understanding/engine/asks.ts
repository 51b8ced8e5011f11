/**
 * What a mail asks: each sentence of the sender's new words read for a question, a request for an
 * action, a scheduling step, a request for comments or an invitation, with the asked thing as a
 * short phrase taken from the sentence ("send the signed supply agreement", "whether the contracts
 * were terminated"), the deadline when one is given, and of whom it is asked.
 *
 * The sentences and their parts of speech come from wink-nlp (nlp.ts); the rules here read them:
 * - a question ends in "?"; "Can you ...?" is a request, "Do you know whether X?" asks whether X;
 * - a request is an imperative ("Please send ...", "Send ..."), a modal request without "?" ("Could
 *   you send ..."), a need ("I need you to ...", "I'd appreciate your comments"), a response asked
 *   for ("Please RSVP", "Your approval is needed");
 * - courtesy is no ask: "let me know if you have any questions", "feel free to call", "if you need
 *   anything", "see attached", "please note", "let me know if this doesn't work";
 * - reported asks ask someone else: "I've asked Joe to review it" asks Joe.
 */
import { deadlineOf } from './deadline.ts';
import { firstWordPos, pastTense, type Sentence, sentencesOf, type Token, thirdPerson } from './nlp.ts';
import { namesReader } from './reader.ts';
import type { ActionVerb, Ask, AskedOf, AskType, Deadline, QuestionForm, SchedulingStep } from './types.ts';

/** The sentence kept with an ask is cut to this length. */
export const SENTENCE_MAX_CHARS = 300;
/** The asked thing is at most this many words (cut at the last noun within them). */
const THING_MAX_WORDS = 16;
/** At most this many asks are kept for one mail (the rest repeat or detail them). */
const MAX_ASKS = 6;

// --- what the sentence reader is told about the mail ---------------------------------------------

export type AskContext = {
  /** The reader's names (reader.ts), to tell "Maria, can you" to the reader from "Joe, can you". */
  readerNames: readonly string[];
  /** Whom the asks of an unaddressed sentence go to, from the audience and the greeting. */
  defaultOf: AskedOf;
  /** The person the greeting names when it is not the reader (asks of an unaddressed sentence are theirs). */
  defaultWho: string | null;
  /** The sender's first name, for "call me" → "call Bob". */
  senderFirstName: string | null;
  /** The mail's subject without "RE:"/"FW:", for asks whose object is "this" or nothing. */
  topic: string;
  mailDate: Date | null;
  /** The sentence is an item of a list ("1. Review the statutes"): an action plan's items ask no one unless they say please. */
  listItem?: boolean;
  /** The text is a forwarded message passed on to the reader: its "you" is the reader now, even where it names them. */
  forwarded?: boolean;
};

// --- courtesy, filler and words of the rules ------------------------------------------------------

/** Closing courtesies that ask nothing. Read on the lower-cased sentence. */
const COURTESY: RegExp[] = [
  // "Let me know if you have any questions / need more information / anything else".
  /\b(let (me|us) know|call|contact|e-?mail|give (me|us) a (call|ring)|ask|reach|feel free|(don'?t|do not) hesitate|please advise)\b.{0,60}\bif\b.{0,30}\b((have|has) (any|further|other|additional)? ?(questions?|concerns?|comments?|problems?|issues?)|(need|want|require|would like) (any|some)? ?(more|further|additional|other)? ?(info(rmation)?|help|assistance|clarification|details|anything)|(need|want) anything)\b/,
  /^if (you|there) (have|has|are|is|need|want|would like|require)\b.{0,40}\b(questions?|comments?|concerns?|problems?|issues?|anything|help|info(rmation)?|assistance|clarification|details)\b/,
  /\blet (me|us) know if (i|we) can (help|assist|be of)\b/,
  /\blet (me|us) know if (this|that|it|these|any of this) (doesn'?t|does not|don'?t|do not|won'?t|will not|isn'?t|is not)\b/,
  /\b(feel free to|(don'?t|do not) hesitate to)\b/,
  /^(i )?(hope|trust) (this|that|it|you|all|everything)\b/,
  /^(thanks?|thank you)( (again|so much|very much|in advance))?\b(?!.*\?$)/,
  /\b(have a (great|good|nice|wonderful) (day|weekend|week|holiday|time|trip))\b/,
  /^(please )?(see|find) (the )?(attached|below|enclosed|attachment)/,
  /^(please )?(note|be (advised|aware)|disregard|ignore|excuse|forgive|pardon|enjoy|keep in mind)\b/,
  /^(how are (you|ya|u|things)|how('s| is) (it going|everything|life|the family|your day)|how have you been|how ya doing|what'?s up)\b/,
  /\bif you('re| are) interested\b/,
  /\b(only if|unless) you\b/,
  /^(please )?join (me|us) in (congratulating|welcoming|thanking|wishing)\b/,
  /\b(save the date|mark (your|the) calendars?|mark the date)\b/,
  /^check (it |this |them )?out\b/,
  /^(please )?(say hello|say hi|give my (best|regards|love)|tell \w+ (i said )?(hello|hi))\b/,
  /\b(call|contact|e-?mail|ask|see|let (me|us) know|reach)\b.{0,60}\b(with|for) (any|your)? ?(questions?|concerns?|comments?|changes?)\b/,
  /\b(call|contact|let (me|us) know|e-?mail|tell)\b.{0,80}\bif (you|it|this|they) (do not|don't|did not|didn't|cannot|can't|are unable|have any|need any|would like|does not|doesn't)\b/,
  /\blet (me|us) know (how|what|if) (i|we) can (help|assist|do|be of)\b/,
  /\blet (me|us) know if (i|we) (need|should|have) to\b/,
  /\blet (me|us) know if you (hear|learn|find out|see|come across|get) (anything|something|more|any)\b/,
  /\blet (me|us) know if you (need|want|would like) (to make )?(any |some )?(changes?|revisions?|edits?|corrections?)\b/,
  /^should (you|there) (have|need|require|be)\b/,
  // "If it does not work, please let me know": the ask waits on a condition that may never come.
  /^if\b.{0,120}\b(let (me|us) know|call (me|us)|contact (me|us)|give (me|us) a call|e-?mail (me|us))\b/,
];

/** Words that head a "Label: value" line, never a person addressed. */
const LABEL_WORDS = new Set(
  'objective note subject re date time location place call phone email e-mail fax action status issue question answer update summary agenda purpose result results comments background reminder important urgent attention attn fyi ps cc to from when where who what why how'.split(
    ' ',
  ),
);

/** Actions on a web page or a link (click, log in, register): done there, never answered by mail. */
const LINK_ACTION =
  /^(click|go|visit|use|log|login|register|download|access|view|subscribe|enroll|enrol|sign up|follow|open|browse|reply to this|forward this e-?mail)\b/;
const LINK = /\bhttps?:\/\/|\bwww\.|\b\S+\.(com|org|net|gov|edu)\b|\b(link|website|web site|web page|url|site)\b/i;

/** Opening words that do not change what a sentence asks ("Also, can you ...", "OK, please ..."). */
const FILLER = new Set(
  'also and but so ok okay finally lastly additionally again oh btw first second secondly third then meanwhile otherwise anyway well now hey hi hello plus further furthermore alternatively in addition the meantime one more thing quick question p.s. ps'.split(
    ' ',
  ),
);
/** Filler only when a comma follows ("In addition," / "One more thing,"); single words above always. */
const FILLER_ALWAYS = new Set('also and but so ok okay finally lastly additionally again oh btw then plus anyway well now'.split(' '));

/** Imperative verbs that announce rather than ask. */
const NOT_REQUEST_VERBS = new Set(
  'set suppose imagine say see find note enjoy have feel refer hope thank welcome congratulate excuse pardon forgive stay disregard ignore attach look be keep sorry thanks wish happy congratulations'.split(
    ' ',
  ),
);

const ACTION_VERBS: [RegExp, ActionVerb][] = [
  [/^(forward|fwd|pass|route)$/, 'forward'],
  [
    /^(send|e-?mail|fax|mail|provide|give|get|submit|return|deliver|bring|supply|share|upload|post|prepare|draft|put together|pull)$/,
    'send',
  ],
  [/^(review|look|check|read|go|proof|proofread|comment|mark|edit|verify|double-check|examine|evaluate|consider)$/, 'review'],
  [/^(approve|authorize|authorise|ok|okay|endorse|accept|agree)$/, 'approve'],
  [/^(call|phone|ring|telephone|dial|contact|reach)$/, 'call'],
  [/^(sign|execute|initial|countersign)$/, 'sign'],
  [/^(confirm|acknowledge)$/, 'confirm'],
  [/^(respond|reply|answer|rsvp|advise|tell|inform|update|notify|write)$/, 'respond'],
];

function actionVerb(lemma: string): ActionVerb {
  for (const [pattern, verb] of ACTION_VERBS) if (pattern.test(lemma)) return verb;
  return 'do';
}

const SCHEDULING =
  /\b(meet|meeting|meetings|lunch|dinner|breakfast|coffee|drinks|get together|schedule|reschedule|calendar|availab(le|ility)|appointment|conference call|con call|call (on|at|next|this|tomorrow|monday|tuesday|wednesday|thursday|friday)|time(s)? (that )?works?|works? for you|what works|(a|some) time (to|next|this)|free (on|at|for|next|this|tomorrow|monday|tuesday|wednesday|thursday|friday))\b/;
const RESCHEDULE =
  /\b(reschedule|postpone|push (it |this |the meeting )?back|move (it|the meeting|our meeting|the call)|change the (time|date)|cancel)\b/;
const CONFIRM = /\b(confirm|still (on|good|ok|works?))\b/;
const INVITATION =
  /\b(invite|invited|invitation|join us|would you like to (come|join|attend)|hope you can (come|join|attend|make it)|rsvp|r\.s\.v\.p|please plan to attend|save the date|you are welcome to join)\b/;
const COMMENTS =
  /\b(comments?|thoughts|feedback|input|views|suggestions|opinions?|ideas|mark-?ups?|red-?lines?|what (do|did) you think|what you think|your take|reactions?|recommendations?)\b/;
const APPROVAL = /\b(approv(e|al)|authori[sz](e|ation)|sign[- ]off|your ok|your okay|go-ahead|green light)\b/;

/** Heads of a noun the reader is asked to give: "I need your approval" asks to approve. */
const NEEDED: [RegExp, ActionVerb | 'comments'][] = [
  [/^(approval|ok|okay|authori[sz]ation|sign-?off|go-ahead|blessing|consent)$/, 'approve'],
  [/^(signature|signatures|initials)$/, 'sign'],
  [/^(comments?|thoughts|feedback|input|views|suggestions|opinions?|ideas|markup|mark-up|take)$/, 'comments'],
  [/^(response|reply|answer|rsvp|confirmation)$/, 'respond'],
  [/^(call)$/, 'call'],
];

const WH = new Set('what when where who whom whose which why how'.split(' '));
const MODAL_REQUEST = new Set('can could would will wo'.split(' '));
const SUBJECT_PRONOUNS = new Set('i you we they he she it there this that these those anyone anybody someone somebody everyone'.split(' '));
const FIRST_PERSON: Record<string, string> = { me: '{sender}', my: "{sender}'s", mine: "{sender}'s", i: '{sender}', myself: '{sender}' };

// --- small token helpers --------------------------------------------------------------------------

const words = (tokens: Token[]) => tokens.filter((t) => t.pos !== 'PUNCT');
/** The words as written: each token with the space the text had before it (none before the first). */
const textOf = (tokens: Token[]) =>
  tokens
    .map((token, i) => (i === 0 ? '' : token.space) + token.text)
    .join('')
    .trim();
const isVerb = (t: Token | undefined) => t?.pos === 'VERB';
const isNominal = (t: Token | undefined) => Boolean(t && ['NOUN', 'PROPN', 'NUM', 'PRON', 'DET', 'ADJ'].includes(t.pos));

/** Where a clause ends after `from`: punctuation, a subordinate clause, a polite tail, a new clause. */
function clauseEnd(tokens: Token[], from: number, stopAt: number): number {
  // A deadline said before the clause ("I need to know ASAP if ...") does not end it.
  const limit = stopAt > from ? Math.min(tokens.length, stopAt) : tokens.length;
  for (let i = from; i < limit; i++) {
    const t = tokens[i]!;
    // "send an email to: a@b.com stating ..." — a colon inside a short phrase introduces its object.
    if (t.text === ':' && i - from <= 5) continue;
    if (t.pos === 'PUNCT' && !["'", '’', '-', '/', '&', '%', '$', '#'].includes(t.text)) return i;
    if (i > from && t.pos === 'SCONJ' && !['that', 'whether', 'if'].includes(t.lower)) return i;
    if (i > from && ['please', 'thanks', 'thx', 'asap'].includes(t.lower)) return i;
    // "when or if we will receive it" goes on; "... in WV and if so, what" and any other "if" end it.
    const alternative = tokens[i - 1]?.pos === 'CCONJ' && !['so', 'not'].includes(tokens[i + 1]?.lower ?? '');
    if (i > from && t.lower === 'if' && tokens[i - 1]?.pos !== 'VERB' && !alternative) return i;
    if (i > from && t.lower === 'so' && tokens[i + 1] && ['i', 'we', 'that', 'you'].includes(tokens[i + 1]!.lower)) return i;
    // "... and I will", "... so we can": a new subject starts a new clause.
    if (
      i > from &&
      t.pos === 'CCONJ' &&
      SUBJECT_PRONOUNS.has(tokens[i + 1]?.lower ?? '') &&
      ['AUX', 'VERB'].includes(tokens[i + 2]?.pos ?? '')
    )
      return i;
    // "review the draft and let me know": a second verb after an object is a second ask.
    if (i > from && t.pos === 'CCONJ' && isVerb(tokens[i + 1]) && !isVerb(tokens[i - 1])) return i;
    // "when you get a chance", "at your convenience", "if possible"
    if (i > from && t.lower === 'when' && tokens[i + 1]?.lower === 'you') return i;
    if (i > from && t.lower === 'at' && tokens[i + 1]?.lower === 'your') return i;
  }
  return limit;
}

/** Particles that belong to their verb at a phrase's end ("sign up", "send it back", "fill out"). */
const PARTICLES = new Set('up out in down off over back through away on'.split(' '));

/** The phrase cut to THING_MAX_WORDS words, ending on a content word; first-person words made the sender's. */
function tidy(tokens: Token[], context: AskContext): string {
  let kept = tokens.slice();
  if (words(kept).length > THING_MAX_WORDS) {
    let count = 0;
    let cut = kept.length;
    for (let i = 0; i < kept.length; i++) {
      if (kept[i]!.pos !== 'PUNCT') count++;
      if (count > THING_MAX_WORDS) {
        cut = i;
        break;
      }
    }
    // Past the cap: end at the last "or", "and" or comma inside it when one leaves a phrase, else at the cap.
    let boundary = cut;
    while (boundary > 5 && !(kept[boundary]!.pos === 'CCONJ' || kept[boundary]!.text === ',')) boundary--;
    kept = kept.slice(0, boundary > 5 ? boundary : cut);
  }
  // Function words at the end go ("send the file to" → "send the file"), not the end of a joined word ("warm-up").
  const joined = (i: number) => kept[i]!.space === '' && i > 0 && /[\p{L}\p{N}]$/u.test(kept[i]!.text) && kept[i - 1]!.text === '-';
  // A verb's particles stay ("sign up for"); so does a verb at the end of an indirect question ("where you were").
  const particleOfVerb = (i: number): boolean =>
    PARTICLES.has(kept[i]!.lower) && i > 0 && (kept[i - 1]!.pos === 'VERB' || particleOfVerb(i - 1));
  while (
    kept.length &&
    ['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'PUNCT', 'INTJ'].includes(kept[kept.length - 1]!.pos) &&
    !joined(kept.length - 1) &&
    !particleOfVerb(kept.length - 1)
  )
    kept.pop();
  const sender = context.senderFirstName ?? 'the sender';
  const text = textOf(
    kept.map((t) => {
      const swap = FIRST_PERSON[t.lower];
      return swap && t.pos === 'PRON' ? { ...t, text: swap.replace('{sender}', sender) } : t;
    }),
  );
  // A sentence's capital is no part of the phrase ("How should I" → "how David should"); names keep theirs.
  const first = kept[0];
  return first && first.pos !== 'PROPN' && first.lower !== 'i' && !/^\p{Lu}{2,}/u.test(first.text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** A phrase with no noun of its own ("review this", "handle") names the mail's subject too. */
function withTopic(thing: string, tokens: Token[], context: AskContext): string {
  const hasObject = tokens.some(
    (t) => ['NOUN', 'PROPN', 'NUM'].includes(t.pos) && !/^(attached|attachment|below|this|that|it)$/i.test(t.lower),
  );
  return hasObject || !context.topic ? thing : `${thing} (${context.topic})`;
}

// --- the asked thing of each form -----------------------------------------------------------------

/**
 * A verb phrase from `from` ("send me the signed agreement by Friday" → "send the signed
 * agreement"): an object pronoun right after the verb is dropped when an object follows it
 * ("send me X"), "call me" names the sender.
 */
function verbPhrase(tokens: Token[], from: number, stopAt: number, context: AskContext): string {
  // "give me a call / a shout / a ring", "drop me a line": call the sender.
  if (
    ['give', 'drop'].includes(tokens[from]?.lower ?? '') &&
    ['me', 'us'].includes(tokens[from + 1]?.lower ?? '') &&
    ['call', 'ring', 'line', 'shout', 'buzz', 'note'].includes(tokens[from + 3]?.lower ?? '')
  )
    return tokens[from + 3]!.lower === 'line' || tokens[from + 3]!.lower === 'note'
      ? `write to ${context.senderFirstName ?? 'the sender'}`
      : `call ${context.senderFirstName ?? 'the sender'}`;
  const end = clauseEnd(tokens, from, stopAt);
  let span = tokens.slice(from, end);
  if (
    span.length >= 3 &&
    span[1]!.pos === 'PRON' &&
    ['me', 'us', 'him', 'her', 'them'].includes(span[1]!.lower) &&
    isNominal(span[2]) &&
    span[2]!.lower !== 'know'
  )
    span = [span[0]!, ...span.slice(2)];
  return withTopic(tidy(span, context), span.slice(1), context);
}

/** The subject of an inverted clause starting at `from` ("the contract", "you", "the deal with Acme"): its end. */
function subjectEnd(tokens: Token[], from: number): number {
  const first = tokens[from];
  if (!first) return from;
  const determiner =
    ['this', 'that', 'these', 'those'].includes(first.lower) && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[from + 1]?.pos ?? '');
  if ((first.pos === 'PRON' && !determiner) || first.lower === 'there') return from + 1;
  let i = from;
  while (i < tokens.length) {
    const t = tokens[i]!;
    const nounAfterDeterminer = t.pos === 'VERB' && tokens[i - 1]?.pos === 'DET';
    // "this course something group members can": a second noun phrase starts the complement.
    if (i > from + 1 && ['something', 'anything', 'nothing', 'everything'].includes(t.lower)) break;
    if (
      ['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN'].includes(t.pos) ||
      (t.pos === 'SYM' && i > from) ||
      (i === from && determiner) ||
      nounAfterDeterminer ||
      (t.pos === 'PART' && /^'s$|^’s$/.test(t.text))
    ) {
      i++;
      continue;
    }
    if (
      t.pos === 'ADP' &&
      ['of', 'with', 'for', 'from', 'on', 'in', 'at', 'to'].includes(t.lower) &&
      ['DET', 'NOUN', 'PROPN', 'NUM', 'ADJ'].includes(tokens[i + 1]?.pos ?? '') &&
      i > from
    ) {
      i++;
      continue;
    }
    break;
  }
  return i;
}

/** The verb made to agree once do-support is gone: "did you receive" → "you received", "does it start" → "it starts". */
function agree(verb: Token, auxLemma: string, auxLower: string, subject: Token[]): string {
  if (auxLemma !== 'do') return verb.text;
  if (auxLower === 'did') return pastTense(verb.lower);
  const single =
    subject.length > 0 && !['i', 'you', 'we', 'they'].includes(subject[0]!.lower) && !/s$/.test(subject[subject.length - 1]!.lower);
  return auxLower === 'does' || single ? thirdPerson(verb.lower) : verb.text;
}

/**
 * An inverted question turned into an indirect one: "is the contract signed" → "the contract is
 * signed"; "did you receive the file" → "you received the file" (aux at `at`).
 */
function uninvert(tokens: Token[], at: number, end: number, context: AskContext): string {
  const aux = tokens[at]!;
  const subjectTo = subjectEnd(tokens, at + 1);
  const subject = tokens.slice(at + 1, subjectTo);
  const rest = tokens.slice(subjectTo, end);
  if (subject.length === 0) return tidy(tokens.slice(at, end), context);
  const parts: Token[] = [...subject];
  if (aux.lemma === 'do') {
    const verbAt = rest.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (verbAt >= 0) {
      const verb = rest[verbAt]!;
      parts.push(
        ...rest.slice(0, verbAt),
        { ...verb, text: agree(verb, aux.lemma, aux.lower, subject), space: ' ' },
        ...rest.slice(verbAt + 1),
      );
    } else parts.push(...rest);
  } else {
    // "can't you" / "won't it": the negation stays with the auxiliary.
    const negation = rest[0]?.lower === "n't" || rest[0]?.lower === 'not' ? [rest[0]!] : [];
    parts.push({ ...aux, text: aux.lower === 'wo' ? 'will' : aux.lower, space: ' ' }, ...negation, ...rest.slice(negation.length));
  }
  return tidy(parts, context);
}

/** "if you can attend" / "whether X" / "what you think" after "let me know", "tell me", "do you know". */
function complement(tokens: Token[], from: number, end: number, context: AskContext): { thing: string; form: QuestionForm } | null {
  let i = from;
  if (['about', 'on', 'of'].includes(tokens[i]?.lower ?? '')) i++;
  const first = tokens[i];
  if (!first || i >= end) return null;
  if (first.lower === 'if' || first.lower === 'whether')
    return { thing: `whether ${tidy(tokens.slice(i + 1, end), context)}`, form: 'yes_no' };
  if (WH.has(first.lower)) return { thing: tidy(tokens.slice(i, end), context), form: 'open' };
  if (first.lower === 'that') return { thing: tidy(tokens.slice(i + 1, end), context), form: 'yes_no' };
  return { thing: tidy(tokens.slice(i, end), context), form: 'open' };
}

// --- one sentence ---------------------------------------------------------------------------------

type Found = {
  type: AskType;
  form?: QuestionForm;
  verb?: ActionVerb;
  thing: string;
  strength: 'strong' | 'weak';
  /** Someone other than the reader is asked ("I've asked Joe to ..."). */
  someone?: string;
};

/** The words of a sentence without its opening filler, vocative and "please". */
type Cleaned = { tokens: Token[]; vocative: string | null; polite: boolean };

function clean(sentence: Sentence, readerNames: readonly string[]): Cleaned {
  let tokens = sentence.tokens.filter((t) => !(t.pos === 'PUNCT' && /^[-*•·>#]+$/.test(t.text)) || t.text === '-');
  // Leading list markers and punctuation: "1.", "-", "*".
  while (
    tokens.length &&
    (tokens[0]!.pos === 'PUNCT' ||
      (tokens[0]!.pos === 'NUM' && tokens[1]?.text === ')') ||
      tokens[0]!.pos === 'X' ||
      tokens[0]!.pos === 'SYM')
  )
    tokens = tokens.slice(tokens[0]!.pos === 'NUM' ? 2 : 1);
  // "By the way,", "If you could,", "In the meantime,": openers that ask nothing themselves.
  const opener =
    /^(by the way|if you (could|can|would)|in the meantime|one more thing|on another note|quick question|just a reminder|as a reminder)\b/i.exec(
      textOf(tokens),
    );
  if (opener) {
    const words = opener[0].split(' ').length;
    tokens = tokens.slice(words + (tokens[words]?.text === ',' ? 1 : 0));
  }
  // "In case we are in a position to call for margin, what is the process?": the question is after the clause.
  const ends = sentence.text.trim().endsWith('?');
  if (ends && tokens[0] && (tokens[0].pos === 'SCONJ' || ['in', 'given', 'assuming', 'if', 'since', 'as'].includes(tokens[0].lower))) {
    const comma = tokens.findIndex((t, i) => i > 1 && t.text === ',');
    const next = tokens[comma + 1];
    if (comma > 0 && next && (WH.has(next.lower) || next.pos === 'AUX')) tokens = tokens.slice(comma + 1);
  }
  let vocative: string | null = null;
  let polite = false;
  for (let guard = 0; guard < 6; guard++) {
    const first = tokens[0];
    if (!first) break;
    const next = tokens[1];
    if (['please', 'pls', 'plz', 'plse', 'kindly'].includes(first.lower)) {
      polite = true;
      tokens = tokens.slice(next?.text === ',' ? 2 : 1);
      continue;
    }
    // "Joe, can you ...", "Maria - please ...", "Louise/Jim - are you both ...": names, then a comma or dash.
    const named = vocativeAt(tokens);
    if (named) {
      vocative = named.name;
      tokens = tokens.slice(named.length);
      continue;
    }
    if (FILLER_ALWAYS.has(first.lower) || (FILLER.has(first.lower) && tokens.slice(1, 4).some((t) => t.text === ','))) {
      const comma = tokens.findIndex((t, i) => i < 4 && t.text === ',');
      tokens = tokens.slice(FILLER_ALWAYS.has(first.lower) ? (next?.text === ',' ? 2 : 1) : comma + 1);
      continue;
    }
    break;
  }
  // A name at the end addresses the sentence too: "do you want to go, Elizabeth?".
  if (!vocative) {
    let end = tokens.length;
    while (end > 0 && tokens[end - 1]!.pos === 'PUNCT') end--;
    const last = tokens[end - 1];
    const comma = tokens[end - 2]?.text === ',';
    // After a comma a name ("..., Elizabeth?"); without one only the reader's own ("want to go elizabeth??").
    const addressed =
      last && end > 2 && /^\p{L}+$/u.test(last.text) && (comma ? last.pos === 'PROPN' : namesReader(last.text, readerNames));
    if (addressed && !['you', 'it', 'this', 'that', 'them', 'all', 'everyone', 'thanks'].includes(last.lower)) {
      vocative = last.text;
      tokens = [...tokens.slice(0, end - 1 - (comma ? 1 : 0)), ...tokens.slice(end)];
    }
  }
  // A capitalised first word is often tagged a name ("Call me", "Review the draft"): read it again in lower case.
  const head = tokens[0];
  const second = tokens[1];
  const objectNext =
    second &&
    (['me', 'us', 'him', 'her', 'them', 'it', 'this', 'that', 'these', 'those'].includes(second.lower) ||
      (second.pos === 'DET' && second.lower !== 'of'));
  if (
    head &&
    ['PROPN', 'NOUN', 'ADJ'].includes(head.pos) &&
    /^\p{Lu}?\p{Ll}+$/u.test(head.text) &&
    objectNext &&
    firstWordPos(textOf(tokens)) === 'VERB'
  )
    tokens = [{ ...head, pos: 'VERB', lemma: head.lower }, ...tokens.slice(1)];
  return { tokens, vocative, polite };
}

/**
 * A vocative at the start of a sentence: one to three proper names (joined by "/", "&", "and") and a
 * comma or dash ("Joe, ...", "Louise/Jim- ..."). A colon only after the reader's name ("Objective:"
 * and "Call:" are labels).
 */
function vocativeAt(tokens: Token[]): { name: string; length: number } | null {
  const names: string[] = [];
  let i = 0;
  while (i < tokens.length && names.length < 3) {
    const t = tokens[i]!;
    if (
      t.pos !== 'PROPN' ||
      FILLER.has(t.lower) ||
      /^(thanks|yes|no|ok|okay|sure|well|great|also|again|please|attached|re|fw)$/i.test(t.text)
    )
      return null;
    names.push(t.text);
    i++;
    if (['/', '&', 'and'].includes(tokens[i]?.lower ?? '')) {
      i++;
      continue;
    }
    break;
  }
  const mark = tokens[i]?.text;
  if (!names.length || !mark || tokens.length < i + 3) return null;
  if ([',', '-', '–', '—'].includes(mark)) return { name: names.join(' and '), length: i + 1 };
  // "Sheila: please see my comments": a colon too, when a request follows and the word is no label.
  const after = tokens[i + 1]?.lower ?? '';
  const requestFollows = ['please', 'pls', 'can', 'could', 'would', 'will', 'do', 'did', 'have', 'are', 'is'].includes(after);
  if (
    mark === ':' &&
    names.length === 1 &&
    requestFollows &&
    !LABEL_WORDS.has(names[0]!.toLowerCase()) &&
    firstWordPos(names[0]!) !== 'VERB'
  )
    return { name: names[0]!, length: i + 1 };
  return null;
}

/**
 * The type of a request with a verb: a concrete action ("send the schedule") stays an action, even
 * when its words mention a meeting; a verb of no particular action ("set up", "arrange") reads the words.
 */
function actionType(text: string, lemma: string): AskType {
  return actionVerb(lemma) === 'do' ? typeOf(text, 'action') : INVITATION.test(text) ? 'invitation' : 'action';
}

function typeOf(text: string, fallback: AskType): AskType {
  if (INVITATION.test(text)) return 'invitation';
  if (SCHEDULING.test(text)) return 'scheduling';
  if (COMMENTS.test(text) && fallback !== 'action') return 'comments';
  return fallback;
}

/** The ask of one sentence, or null (statements, courtesy). `stopAt`: where a deadline's words start. */
function askOf(cleaned: Cleaned, sentenceText: string, stopAt: number, context: AskContext): Found | null {
  const { tokens, polite } = cleaned;
  const t = (i: number) => tokens[i];
  const lower = tokens.map((token) => token.lower);
  const line = textOf(tokens).toLowerCase();
  if (tokens.length === 0) return null;
  // "Email: a@b.com", "Phone: ...": a label and its value.
  if (tokens[1]?.text === ':' && words(tokens.slice(0, 1)).length === 1) return null;
  // "Sheila?" — a name alone calls someone, it asks nothing.
  if (words(tokens).length <= 2 && words(tokens).every((token) => token.pos === 'PROPN')) return null;
  // A question without its mark: "Do you have ...", "What do you think about this." (mail drops "?").
  const question =
    (/\?\s*["')\]]*\s*\.?\s*$/.test(sentenceText) &&
      !(t(0)!.pos === 'VERB' && t(0)!.lemma === t(0)!.lower && !MODAL_REQUEST.has(t(0)!.lower))) ||
    (['AUX'].includes(t(0)!.pos) && ['you', 'we', 'anybody', 'anyone', 'somebody', 'someone', 'everyone'].includes(lower[1] ?? '')) ||
    (WH.has(lower[0]!) && (t(1)?.pos === 'AUX' || lower[1] === 'do') && ['you', 'we'].includes(lower[2] ?? ''));
  if (COURTESY.some((pattern) => pattern.test(line))) return null;

  // Reported asks: "I've asked Joe to review the draft" asks Joe; "John has asked that you sit in" asks the reader.
  for (let i = 0; i < Math.min(tokens.length - 2, 5); i++) {
    if (!['asked', 'requested', 'told', 'instructed'].includes(lower[i]!)) continue;
    const before = lower.slice(0, i);
    const object = tokens[i + 1]!;
    if (
      object.lower === 'you' ||
      (object.lower === 'that' && lower[i + 2] === 'you') ||
      (object.lower === 'if' && lower[i + 2] === 'you')
    ) {
      const verbAt = tokens.findIndex((token, j) => j > i + 1 && token.pos === 'VERB');
      if (verbAt > 0)
        return {
          type: actionType(line, tokens[verbAt]!.lemma),
          verb: actionVerb(tokens[verbAt]!.lemma),
          thing: verbPhrase(tokens, verbAt, stopAt, context),
          strength: 'strong',
        };
    }
    if (
      (before[0] === 'i' || before[0] === 'we') &&
      object.pos === 'PROPN' &&
      (lower[i + 2] === 'to' || (tokens[i + 2]?.pos === 'PROPN' && lower[i + 3] === 'to'))
    ) {
      const toAt = lower.indexOf('to', i + 2);
      const name = textOf(tokens.slice(i + 1, toAt));
      if (isVerb(tokens[toAt + 1]))
        return {
          type: 'action',
          verb: actionVerb(tokens[toAt + 1]!.lemma),
          thing: verbPhrase(tokens, toAt + 1, stopAt, context),
          strength: 'strong',
          someone: name,
        };
    }
  }

  // "Let me know X": a question in the complement, or comments.
  const letKnow = lower.findIndex((word, i) => word === 'let' && ['me', 'us'].includes(lower[i + 1] ?? '') && lower[i + 2] === 'know');
  if (letKnow >= 0 && letKnow <= 4) {
    // "Let me know by Monday, October 15, if there is any reason ...": the deadline first, the question after it.
    let from = letKnow + 3;
    let until = stopAt;
    if (stopAt <= from + 1) {
      const after = tokens.findIndex((token, i) => i > from && ['if', 'whether', ...WH].includes(token.lower));
      if (after > 0) {
        from = after;
        until = tokens.length;
      }
    }
    const end = clauseEnd(tokens, from, until);
    const rest = tokens.slice(from, end);
    const restText = textOf(rest).toLowerCase();
    if (COMMENTS.test(restText) && !/^(if|whether|when|what time)\b/.test(restText))
      return { type: 'comments', thing: withTopic(tidy(rest, context), rest, context), strength: 'strong' };
    const inner = complement(tokens, from, end, context);
    if (inner)
      return {
        type: typeOf(restText, 'question'),
        form: inner.form,
        thing: inner.thing,
        strength: /^(if|whether)\b/.test(restText) ? 'strong' : 'strong',
      };
    return {
      type: 'question',
      form: 'open',
      thing: withTopic('let them know', [], context).replace(/^let them know \((.*)\)$/, 'about $1'),
      strength: 'weak',
    };
  }

  // "Let me check and ...", "Let us know" aside: the sender offers, nothing is asked.
  // "Let me have your final numbers": a request to send.
  if (
    lower[0] === 'let' &&
    ['me', 'us'].includes(lower[1] ?? '') &&
    ['have', 'see', 'get', 'receive'].includes(lower[2] ?? '') &&
    isNominal(t(3))
  ) {
    const end = clauseEnd(tokens, 3, stopAt);
    const object = tokens.slice(3, end);
    return {
      type: actionType(line, 'send'),
      verb: 'send',
      thing: withTopic(tidy([{ ...tokens[2]!, text: 'send' }, ...object], context), object, context),
      strength: 'strong',
    };
  }
  if (lower[0] === 'let' && ['me', 'us'].includes(lower[1] ?? '')) return null;
  // "Just touching base to see if you are doing OK", "Checking in to see how you are".
  const checking =
    /^(just )?(touching base|checking( in| back)?|writing|calling|following up|wanted to check in)( with you)? to see (if|whether|how|what|when)\b/.exec(
      line,
    );
  if (checking) {
    const at = lower.findIndex((word, i) => i > 1 && word === checking[5]);
    const inner = at > 0 ? complement(tokens, at, clauseEnd(tokens, at, stopAt), context) : null;
    if (inner) return { type: 'question', form: inner.form, thing: inner.thing, strength: 'strong' };
  }
  // "I'm not sure how you wish to proceed": a question put as doubt.
  const unsure = line.match(/^(i|we)('m| am|'re| are) (not sure|unsure|wondering) (how|what|whether|if|when|who|which|where)\b/);
  if (unsure && !/,?\s*but (would|could|can|will|please)\b/.test(line)) {
    const at = lower.indexOf(unsure[4]!);
    const inner = complement(tokens, at, clauseEnd(tokens, at, stopAt), context);
    if (inner && /\byou\b/.test(line)) return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
  }
  // "Any idea when or if we will receive the money?"
  const anyIdea = line.match(
    /^any (idea|ideas|clue|word|news|update|updates|thoughts) (on|about|of|when|if|whether|how|what|why|where|who)\b/,
  );
  if (anyIdea) {
    const at = lower.indexOf(anyIdea[2]!, 1);
    const inner = complement(tokens, at, clauseEnd(tokens, at, stopAt), context);
    if (inner) return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
  }
  // "I will be here at 10 if you want to get together": a time offered.
  if (
    /\bif you (want|would like|'d like|have time|get a chance|are free|are available) to (get together|meet|talk|chat|discuss|go over|grab|call|catch up)\b/.test(
      line,
    )
  )
    return { type: 'scheduling', thing: withTopic('whether to meet', [], context).replace(/\s\(.*$/, ''), strength: 'weak' };
  // "Maybe you can help us narrow it down", "Perhaps you could send ...": a hedged request.
  if (/^(maybe|perhaps) you (can|could|would|might)\b/.test(line)) {
    const verbAt = tokens.findIndex((token, j) => j > 2 && token.pos === 'VERB');
    if (verbAt > 0)
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'weak',
      };
  }
  // "I would appreciate the opportunity to discuss ...": a request for a meeting or a chance.
  const chance = line.match(/^(i|we)( would|'d)? (appreciate|welcome|love) (the|an|a) (opportunity|chance) to\b/);
  if (chance) {
    const verbAt = tokens.findIndex((token, j) => j > 4 && token.pos === 'VERB');
    if (verbAt > 0)
      return {
        type: typeOf(line, 'action'),
        verb: 'do',
        thing: `an opportunity to ${verbPhrase(tokens, verbAt, stopAt, context)}`,
        strength: 'strong',
      };
  }

  // "Can I have a draft?", "Could we get the numbers?": a request to send.
  // "Could we get together": a meeting, not a thing to send.
  const canHave = /^(can|could|may) (i|we) (have|get(?! (together|started|going|back|ready|in touch|on)\b)|see|receive|borrow)\b/.exec(
    line,
  );
  if (canHave) {
    const end = clauseEnd(tokens, 3, stopAt);
    const object = tokens.slice(3, end);
    return {
      type: actionType(line, 'send'),
      verb: 'send',
      thing: withTopic(tidy([{ ...tokens[2]!, text: 'send' }, ...object], context), object, context),
      strength: 'strong',
    };
  }
  // "Could I ask you (both) to ...", "May I ask the two of you to ...".
  const askYou =
    /^(can|could|may|might) (i|we) ask (you|the two of you|you both|you all|both of you|all of you|each of you)( both| all)? to\b/.exec(
      line,
    );
  if (askYou) {
    const toAt = lower.indexOf('to', 3);
    let verbAt = toAt + 1;
    while (t(verbAt) && ['please', 'kindly', 'also'].includes(lower[verbAt]!)) verbAt++;
    if (t(verbAt))
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'strong',
      };
  }
  // "I wanted to see if there are any requirements", "I'd like to know whether ...": a question.
  const wantToKnow =
    /\b(i|we)( just| especially| really)? (wanted|want|would like|'d like|would especially like|need|needed|was hoping|were hoping) to (follow up( with you)? to )?(see|know|check|find out|ask|confirm|understand|get a sense of|verify|hear)( with you| from you| asap| now| soon| today)? (if|whether|what|when|where|who|why|how|which)\b/.exec(
      line,
    );
  if (wantToKnow && (wantToKnow.index === 0 || /\byou\b/.test(line))) {
    const whWord = wantToKnow[8]!;
    const at = lower.findIndex((word, i) => word === whWord && i >= 3);
    const inner = at > 0 ? complement(tokens, at, clauseEnd(tokens, at, stopAt), context) : null;
    if (inner) return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
  }
  // "I would like to meet with you on this", "After you review it, I would like to discuss it with you": a meeting asked for.
  const meet =
    /\b(i|we)( would|'d| really| will)? (like|want|need|hope) to (meet|talk|discuss|get together|sit down|catch up|chat|speak|set up a (meeting|call|time))\b/.exec(
      line,
    );
  if (meet && (meet.index === 0 || /\byou\b/.test(line.slice(meet.index)))) {
    const subjectAt = lower.findIndex(
      (word, i) =>
        ['i', 'we'].includes(word) && ['like', 'want', 'need', 'hope', 'would', "'d", 'really', 'will'].includes(lower[i + 1] ?? ''),
    );
    const toAt = lower.findIndex((word, i) => i > subjectAt && word === 'to');
    if (toAt > 0) return { type: 'scheduling', thing: verbPhrase(tokens, toAt + 1, stopAt, context), strength: 'strong' };
  }

  // Needs and wishes: "I need you to ...", "I'd appreciate your comments", "It would be great if you could ...".
  const needYou = line.match(
    /^(i|we)( would| 'd|'d| will| really| also| still| greatly)? (need|want|like|ask|request|appreciate it if|appreciate if|would appreciate it if|appreciate (receiving|getting|having|hearing|seeing)|appreciate your|appreciate any)\b/,
  );
  if (needYou) {
    const youAt = lower.findIndex((word, i) => i > 0 && word === 'you');
    if (youAt > 0 && lower[youAt + 1] === 'to' && isVerb(t(youAt + 2)))
      return {
        type: actionType(line, t(youAt + 2)!.lemma),
        verb: actionVerb(t(youAt + 2)!.lemma),
        thing: verbPhrase(tokens, youAt + 2, stopAt, context),
        strength: 'strong',
      };
    if (youAt > 0 && ['could', 'would', 'can', 'will'].includes(lower[youAt + 1] ?? '')) {
      const verbAt = tokens.findIndex((token, j) => j > youAt + 1 && token.pos === 'VERB');
      if (verbAt > 0)
        return {
          type: actionType(line, t(verbAt)!.lemma),
          verb: actionVerb(t(verbAt)!.lemma),
          thing: verbPhrase(tokens, verbAt, stopAt, context),
          strength: 'strong',
        };
    }
    // "your comments", or "any comments" after "appreciate receiving".
    const yourAt = lower.findIndex((word, i) => word === 'your' || (word === 'any' && /appreciate/.test(lower.slice(0, i).join(' '))));
    if (yourAt > 0 && yourAt <= 6) {
      const head = tokens
        .slice(yourAt + 1, clauseEnd(tokens, yourAt + 1, stopAt))
        .find((token) => token.pos === 'NOUN' || token.pos === 'PROPN');
      const needed = head ? NEEDED.find(([pattern]) => pattern.test(head.lower))?.[1] : undefined;
      const end = clauseEnd(tokens, yourAt, stopAt);
      const thing = tidy(tokens.slice(yourAt, end), context);
      if (needed === 'comments')
        return { type: 'comments', thing: withTopic(thing, tokens.slice(yourAt + 1, end), context), strength: 'strong' };
      if (needed)
        return {
          type: 'action',
          verb: needed,
          thing: withTopic(`give ${thing}`, tokens.slice(yourAt + 1, end), context),
          strength: 'strong',
        };
      if (lower[0] === 'i' || lower[0] === 'we')
        return {
          type: 'action',
          verb: 'send',
          thing: withTopic(`send ${thing}`, tokens.slice(yourAt + 1, end), context),
          strength: 'weak',
        };
    }
  }
  const wouldBe = line.match(/^(it )?(would|will) be (great|helpful|nice|good|appreciated|wonderful|useful) if you (could|would|can)\b/);
  if (wouldBe) {
    const verbAt = tokens.findIndex((token, j) => j > 4 && token.pos === 'VERB');
    if (verbAt > 0)
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'strong',
      };
  }
  const yourNeeded = line.match(
    /^your (\w+)( and \w+)? (is|are|will be|would be) (greatly |much |very much |really )?(needed|required|requested|appreciated|necessary|welcome)\b/,
  );
  if (yourNeeded) {
    const needed = NEEDED.find(([pattern]) => pattern.test(yourNeeded[1]!))?.[1] ?? 'respond';
    const end = lower.indexOf(yourNeeded[3]!.split(' ')[0]!);
    const thing = tidy(tokens.slice(0, end), context);
    return needed === 'comments'
      ? { type: 'comments', thing: withTopic(thing, tokens.slice(1, end), context), strength: 'strong' }
      : { type: 'action', verb: needed, thing: withTopic(`give ${thing}`, tokens.slice(1, end), context), strength: 'strong' };
  }
  if (/^you (will |would )?((need|have) to|must|should)\b/.test(line) && !question) {
    const verbAt = tokens.findIndex((token, j) => j > 1 && token.pos === 'VERB' && !['need', 'have'].includes(token.lower));
    if (verbAt > 0)
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'weak',
      };
  }
  if (/\b(r\.?s\.?v\.?p)\b/.test(line))
    return { type: 'invitation', verb: 'respond', thing: withTopic('RSVP', [], context), strength: 'strong' };
  if (
    /^(i |we )?(look|am looking|are looking)( forward)?( to)? (hearing from you|your (reply|response|comments|thoughts|feedback|input|answer))/.test(
      line,
    )
  )
    return {
      type: /comments|thoughts|feedback|input/.test(line) ? 'comments' : 'action',
      verb: 'respond',
      thing: withTopic('reply', [], context),
      strength: 'weak',
    };

  // Questions.
  if (question) {
    const first = t(0)!;
    // "Can you send ...?", "Could you please review ...?", "Would you be able to ...?"
    // "Could either of you provide ...": one of the recipients, the reader among them.
    const eitherOfYou =
      MODAL_REQUEST.has(first.lower) &&
      ['either', 'any', 'one', 'both', 'all', 'each'].includes(lower[1] ?? '') &&
      lower[2] === 'of' &&
      lower[3] === 'you';
    if (MODAL_REQUEST.has(first.lower) && (lower[1] === 'you' || eitherOfYou)) {
      let verbAt = eitherOfYou ? 4 : 2;
      // "Could you or Lance give me a shout": the other person asked alongside the reader.
      if (['or', 'and'].includes(lower[2] ?? '') && t(3)?.pos === 'PROPN') verbAt = 4;
      while (
        t(verbAt) &&
        (['please', 'also', 'just', 'possibly', 'kindly', 'not', "n't"].includes(lower[verbAt]!) || t(verbAt)!.pos === 'ADV')
      )
        verbAt++;
      if (lower[verbAt] === 'be' && ['able', 'willing', 'available', 'interested'].includes(lower[verbAt + 1] ?? '')) {
        if (lower[verbAt + 1] === 'available' || lower[verbAt + 1] === 'interested')
          return {
            type: typeOf(line, 'question'),
            form: 'yes_no',
            thing: `whether ${uninvert(tokens, 0, clauseEnd(tokens, 1, stopAt), context)}`,
            strength: 'strong',
          };
        verbAt += lower[verbAt + 2] === 'to' ? 3 : 2;
      }
      if (lower[verbAt] === 'like' && lower[verbAt + 1] === 'to' && isVerb(t(verbAt + 2)))
        return {
          type: typeOf(line, 'invitation'),
          form: 'yes_no',
          thing: verbPhrase(tokens, verbAt + 2, stopAt, context),
          strength: 'strong',
        };
      const verb = t(verbAt);
      if (verb && ['tell', 'let', 'advise', 'confirm', 'find', 'check', 'verify'].includes(verb.lower)) {
        let at = verbAt + 1;
        if (['me', 'us'].includes(lower[at] ?? '')) at++;
        if (lower[at] === 'know') at++;
        if (lower[at] === 'out') at++;
        const inner = complement(tokens, at, clauseEnd(tokens, at, stopAt), context);
        if (inner && ['if', 'whether', 'that', ...WH].includes(lower[at === verbAt + 1 ? at : at] ?? ''))
          return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
      }
      // "Would you do me a favour": the tagger reads do/have/get as auxiliaries there.
      if (
        verb &&
        (['VERB', 'NOUN', 'PROPN'].includes(verb.pos) || (verb.pos === 'AUX' && ['do', 'have', 'get', 'give'].includes(verb.lemma)))
      ) {
        return {
          type: actionType(line, verb.lemma),
          verb: actionVerb(verb.lemma),
          thing: verbPhrase(tokens, verbAt, stopAt, context),
          strength: 'strong',
        };
      }
    }
    // "Can/Shall/Should we meet ...?" — a proposal.
    if (['can', 'could', 'shall', 'should'].includes(first.lower) && lower[1] === 'we') {
      const type = typeOf(line, 'question');
      return { type, form: 'yes_no', thing: `whether ${uninvert(tokens, 0, clauseEnd(tokens, 1, stopAt), context)}`, strength: 'strong' };
    }
    // "Do you know whether X?", "Do you have a minute?", "Did you get my note?"
    if (
      first.pos === 'AUX' ||
      [
        'do',
        'does',
        'did',
        'is',
        'are',
        'was',
        'were',
        'has',
        'have',
        'had',
        'can',
        'could',
        'will',
        'would',
        'should',
        'shall',
        'may',
        'might',
        'must',
        'am',
      ].includes(first.lower)
    ) {
      if (first.lemma === 'do' && lower[1] === 'you' && ['know', 'remember', 'recall', 'think'].includes(lower[2] ?? '')) {
        // "Do you know about Anita?": what the reader knows of it.
        if (lower[3] === 'about' || lower[3] === 'of')
          return {
            type: 'question',
            form: 'open',
            thing: `what you ${lower[2]} ${tidy(tokens.slice(3, clauseEnd(tokens, 3, stopAt)), context)}`,
            strength: 'strong',
          };
        const inner = complement(tokens, 3, clauseEnd(tokens, 3, stopAt), context);
        if (inner && (['if', 'whether', 'that', 'about', ...WH].includes(lower[3] ?? '') || lower[2] === 'think'))
          return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
      }
      if (first.lemma === 'do' && lower[1] === 'you' && ['want', 'need'].includes(lower[2] ?? '') && lower[3] === 'to' && isVerb(t(4)))
        return {
          type: typeOf(line, 'question'),
          form: 'yes_no',
          thing: `whether you ${lower[2]} to ${verbPhrase(tokens, 4, stopAt, context)}`,
          strength: 'strong',
        };
      const end = clauseEnd(tokens, 1, stopAt);
      return { type: typeOf(line, 'question'), form: 'yes_no', thing: `whether ${uninvert(tokens, 0, end, context)}`, strength: 'strong' };
    }
    // "What is the status of X?", "When does the meeting start?", "How much did we pay?"
    if (WH.has(first.lower)) {
      let at = 1;
      if (
        ['NOUN', 'ADJ', 'ADV'].includes(t(1)?.pos ?? '') &&
        !['AUX'].includes(t(1)?.pos ?? '') &&
        ['much', 'many', 'long', 'soon', 'often', 'far', 'late', 'early', 'time', 'day', 'date'].includes(lower[1] ?? '')
      )
        at = 2;
      else if (t(1)?.pos === 'NOUN' && t(1)!.lower !== "'s") at = 2;
      // "What's the new number?": the contraction is the verb "is".
      const aux = t(at)?.lower === "'s" ? { ...t(at)!, pos: 'AUX', lemma: 'be', lower: 'is', text: 'is' } : t(at);
      const end = clauseEnd(tokens, at, stopAt);
      const head = tokens.slice(0, at);
      if (lower[at] === 'do' && lower[at + 1] === 'you' && lower[at + 2] === 'think') {
        const rest = tokens.slice(at + 3, end);
        return {
          type: 'comments',
          thing: withTopic(
            tidy([...head, { ...t(at + 1)!, text: 'you' }, { ...t(at + 2)!, text: 'think' }, ...rest], context),
            rest,
            context,
          ),
          strength: 'strong',
        };
      }
      if (aux && (aux.pos === 'AUX' || aux.lemma === 'do' || aux.lemma === 'be')) {
        const subjectTo = subjectEnd(tokens, at + 1);
        if (subjectTo > at + 1) {
          const subject = tokens.slice(at + 1, subjectTo);
          const rest = tokens.slice(subjectTo, end);
          // "What is the status of X?" / "Which is the final version?" → "the status of X".
          if (['what', 'which'].includes(first.lower) && at === 1 && aux.lemma === 'be' && rest.length === 0 && subject[0]?.pos !== 'PRON')
            return { type: typeOf(line, 'question'), form: 'open', thing: tidy(subject, context), strength: 'strong' };
          return {
            type: typeOf(line, 'question'),
            form: 'open',
            thing: tidy([...head, ...tokenize(uninvert(tokens, at, end, context))], context),
            strength: 'strong',
          };
        }
      }
      return { type: typeOf(line, 'question'), form: 'open', thing: tidy(tokens.slice(0, end), context), strength: 'strong' };
    }
    // "Any thoughts?", "Any news on X?", "Thoughts?"
    if (/^(any )?(thoughts|comments|feedback|input|suggestions|ideas|objections|concerns|reactions)\b/.test(line)) {
      const rest = tokens.slice(lower[0] === 'any' ? 1 : 0, clauseEnd(tokens, 0, stopAt));
      return { type: 'comments', thing: withTopic(tidy(rest, context), rest.slice(1), context), strength: 'strong' };
    }
    if (/^(how are you|how('s| is) (it going|everything|life|the family|things)|how have you been|what'?s up)\b/.test(line)) return null;
    // A statement said as a question: "You got the file?", "Monday at 3?"; a fragment of two words
    // ("you there??") says too little to name; one without a verb is named as written ("final review?").
    const end = clauseEnd(tokens, 0, stopAt);
    const said = tokens.slice(0, end);
    if (words(said).length < 3 && !said.some((token) => token.pos === 'NOUN' || token.pos === 'PROPN')) return null;
    const verbless = !said.some((token) => token.pos === 'VERB' || token.pos === 'AUX');
    return {
      type: typeOf(line, 'question'),
      form: 'yes_no',
      thing: verbless ? `${tidy(said, context)}?` : `whether ${tidy(said, context)}`,
      strength: words(tokens).length <= 2 ? 'weak' : 'strong',
    };
  }

  // Modal requests without "?": "Could you send me the file."
  if (MODAL_REQUEST.has(t(0)!.lower) && lower[1] === 'you') {
    let verbAt = 2;
    while (t(verbAt) && (['please', 'also', 'just', 'kindly'].includes(lower[verbAt]!) || t(verbAt)!.pos === 'ADV')) verbAt++;
    if (t(verbAt)?.pos === 'VERB')
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'strong',
      };
  }
  // "I was wondering if you could send ...", "I wonder whether X".
  const wonder = lower.findIndex((word) => word === 'wondering' || word === 'wonder');
  if (wonder >= 0 && wonder <= 3 && ['if', 'whether'].includes(lower[wonder + 1] ?? '')) {
    if (
      lower[wonder + 2] === 'you' &&
      ['could', 'would', 'can', 'will', 'might'].includes(lower[wonder + 3] ?? '') &&
      isVerb(t(wonder + 4))
    )
      return {
        type: actionType(line, t(wonder + 4)!.lemma),
        verb: actionVerb(t(wonder + 4)!.lemma),
        thing: verbPhrase(tokens, wonder + 4, stopAt, context),
        strength: 'strong',
      };
    const inner = complement(tokens, wonder + 1, clauseEnd(tokens, wonder + 1, stopAt), context);
    if (inner) return { type: typeOf(line, 'question'), form: inner.form, thing: inner.thing, strength: 'strong' };
  }
  // "Is it possible for you to ...", "Any chance you could ...".
  const possible = line.match(/^(is it possible|any chance)( for you)?( to| you could| that you could)\b/);
  if (possible) {
    const verbAt = tokens.findIndex((token, j) => j > 2 && token.pos === 'VERB');
    if (verbAt > 0)
      return {
        type: actionType(line, t(verbAt)!.lemma),
        verb: actionVerb(t(verbAt)!.lemma),
        thing: verbPhrase(tokens, verbAt, stopAt, context),
        strength: 'strong',
      };
  }

  // Imperatives: "Send me the file.", "Please review the attached.", "Let's meet Tuesday."
  const first = t(0)!;
  if (first.lower === 'let' && (lower[1] === "'s" || lower[1] === 'us') && isVerb(t(2))) {
    const type = typeOf(line, 'action');
    if (type === 'scheduling') return { type, thing: verbPhrase(tokens, 2, stopAt, context), strength: 'weak' };
    return null;
  }
  if (/^(please )?advise\.?$/.test(line) || (polite && first.lower === 'advise' && tokens.length <= 3))
    return { type: 'question', form: 'open', thing: context.topic ? `advise on ${context.topic}` : 'advise', strength: 'strong' };
  const imperative =
    (first.pos === 'VERB' && (first.lemma === first.lower || first.lower === 'give') && !NOT_REQUEST_VERBS.has(first.lemma)) ||
    (polite &&
      ['VERB', 'NOUN', 'PROPN', 'ADJ', 'ADV'].includes(first.pos) &&
      !NOT_REQUEST_VERBS.has(first.lemma) &&
      !NOT_REQUEST_VERBS.has(first.lower));
  if (imperative && context.listItem && !polite) return null;
  if (imperative && first.lower === 'take' && ['care', 'it'].includes(lower[1] ?? '')) return null;
  if (imperative && !(first.lower === 'look' && lower[1] === 'forward')) {
    // "Give me a call", "Drop me a line".
    if (
      ['give', 'drop'].includes(first.lower) &&
      ['me', 'us'].includes(lower[1] ?? '') &&
      ['call', 'ring', 'line', 'shout', 'buzz'].includes(lower[3] ?? lower[2] ?? '')
    )
      return { type: 'action', verb: 'call', thing: `call ${context.senderFirstName ?? 'the sender'}`, strength: 'strong' };
    if (['call', 'phone', 'ring'].includes(first.lower) && (['me', 'us'].includes(lower[1] ?? '') || tokens.length <= 2))
      return { type: 'action', verb: 'call', thing: `call ${context.senderFirstName ?? 'the sender'}`, strength: 'strong' };
    const type = actionType(line, first.lemma);
    // "Please OK the amendment", "give your sign-off": no verb of approval, the words say it.
    const verb = actionVerb(first.lemma) === 'do' && APPROVAL.test(line) ? 'approve' : actionVerb(first.lemma);
    return {
      type,
      verb,
      thing: verbPhrase(tokens, 0, stopAt, context),
      strength: polite || tokens.length > 2 ? 'strong' : 'weak',
    };
  }
  return null;
}

/** Tokens of an already-built phrase (for joining a WH word to an uninverted clause). */
function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .map((word) => ({ text: word, lower: word.toLowerCase(), pos: 'X', lemma: word.toLowerCase(), entity: null, space: ' ' }));
}

function stepOf(text: string): SchedulingStep {
  if (RESCHEDULE.test(text)) return 'reschedule';
  if (CONFIRM.test(text)) return 'confirm';
  return 'propose';
}

/** Of whom an ask is asked: a vocative names its person, else the mail's default (audience and greeting). */
function askedOf(vocative: string | null, found: Found, context: AskContext): { of: AskedOf; who: string | null } {
  if (found.someone) return { of: 'someone', who: found.someone };
  if (vocative) {
    if (/^(all|everyone|everybody|team|guys|folks)$/i.test(vocative))
      return { of: context.defaultOf === 'reader' ? 'reader' : context.defaultOf === 'someone' ? 'group' : context.defaultOf, who: null };
    if (namesReader(vocative, context.readerNames)) return { of: 'reader', who: null };
    return { of: 'someone', who: vocative };
  }
  return { of: context.defaultOf, who: context.defaultWho };
}

/**
 * The asks of a text (the sender's new words, greeting line removed), in order. Paragraphs are read
 * apart; the lines of one paragraph are joined (mail is wrapped at ~72 characters), list items kept.
 */
export function asksOf(text: string, context: AskContext): Ask[] {
  const asks: Ask[] = [];
  for (const paragraph of paragraphsOf(text)) {
    const itemContext = { ...context, listItem: LIST_ITEM.test(paragraph) };
    // A question in parentheses is a sentence of its own: "I'd like it reciprocated (so can I have a draft?)".
    const asides: string[] = [];
    const main = paragraph
      .replace(LIST_ITEM, '')
      .replace(/\(([^()]{3,300}\?)\s*\)/g, (_, question: string) => {
        // Only an aside that asks the reader ("so can I have a draft?"), not a fragment ("only futures?").
        if (/\byou\b|^\s*(so |and )?(can|could|would|will|do|does|did|is|are|what|when|how|who|where|which)\b/i.test(question))
          asides.push(question);
        return '';
      })
      // Other parentheses are asides to the ask ("(and reply all in your response)"), unless they give its deadline.
      .replace(/\s*\((?![^()]*\b(by|before|due|no later than|asap)\b)[^()\d]{3,120}\)/gi, '');
    for (const sentence of [...sentencesOf(main), ...asides.flatMap((aside) => sentencesOf(aside))]) {
      if (asks.length >= MAX_ASKS) break;
      for (const ask of readSentence(sentence, itemContext))
        if (asks.length < MAX_ASKS && !asks.some((other) => other.thing.toLowerCase() === ask.thing.toLowerCase())) asks.push(ask);
    }
  }
  return asks;
}

/**
 * Where a request starts inside a sentence ("This looks OK, however please review it", "I'm not sure
 * who that involves, but would you forward this"): "please" + a verb, or "can/could/would/will you",
 * after a comma, a conjunction or "however".
 */
function innerRequestAt(tokens: Token[]): number {
  for (let i = 1; i < tokens.length - 2; i++) {
    const before = tokens[i - 1]!;
    const opens = before.pos === 'PUNCT' || before.pos === 'CCONJ' || ['however', 'so', 'but', 'and', 'then'].includes(before.lower);
    if (!opens) continue;
    const word = tokens[i]!.lower;
    if (['please', 'pls', 'kindly'].includes(word) && ['VERB', 'NOUN', 'PROPN'].includes(tokens[i + 1]!.pos)) return i;
    if (MODAL_REQUEST.has(word) && tokens[i + 1]!.lower === 'you') return i;
  }
  return -1;
}

/**
 * The clauses of a sentence that each ask something: "Review the draft and let me know your
 * thoughts" is two asks. Split at "and" (or "then") when a verb, "please" or "let me know" follows
 * an object (never inside "review and sign").
 */
function clausesOf(tokens: Token[]): Token[][] {
  // Only a request splits: "I'll review it and advise" states what the sender will do.
  const first = tokens[0];
  const requestLike =
    first &&
    (first.pos === 'VERB' ||
      ['please', 'pls', 'kindly'].includes(first.lower) ||
      (MODAL_REQUEST.has(first.lower) && tokens[1]?.lower === 'you'));
  if (!requestLike) return [tokens];
  const out: Token[][] = [];
  let start = 0;
  for (let i = 1; i < tokens.length - 1; i++) {
    const word = tokens[i]!.lower;
    if (!['and', 'then'].includes(word) || tokens[i - 1]!.pos === 'VERB') continue;
    const next = tokens[i + 1]!;
    const opens =
      next.pos === 'VERB' || ['please', 'pls', 'kindly'].includes(next.lower) || (next.lower === 'let' && tokens[i + 3]?.lower === 'know');
    if (!opens || i - start < 2) continue;
    out.push(tokens.slice(start, i));
    start = i + 1;
  }
  out.push(tokens.slice(start));
  return out;
}

/** The asks of one sentence (most have none or one). */
export function readSentence(sentence: Sentence, context: AskContext): Ask[] {
  // A quotation ("'Why should we loan them more?' they ask") reports someone's words; it asks the reader nothing.
  if (/^["“‘'«]/.test(sentence.text.trim())) return [];
  const whole = clean(sentence, context.readerNames);
  const asks: Ask[] = [];
  for (const clause of clausesOf(whole.tokens)) {
    const polite = whole.polite || ['please', 'pls', 'kindly'].includes(clause[0]?.lower ?? '');
    const tokens = ['please', 'pls', 'kindly'].includes(clause[0]?.lower ?? '') ? clause.slice(1) : clause;
    const ask = readClause({ tokens, vocative: whole.vocative, polite }, sentence, context);
    if (ask) asks.push(ask);
  }
  return asks;
}

function readClause(start: Cleaned, sentence: Sentence, context: AskContext): Ask | null {
  let cleaned = start;
  let found = cleaned.tokens.length ? deadlineOf(cleaned.tokens, context.mailDate) : null;
  let ask = askOf(cleaned, sentence.text, found ? found.at : cleaned.tokens.length, context);
  if (!ask && !COURTESY.some((pattern) => pattern.test(textOf(cleaned.tokens).toLowerCase()))) {
    const inner = innerRequestAt(cleaned.tokens);
    if (inner > 0) {
      const tokens = cleaned.tokens.slice(inner);
      cleaned = {
        tokens: ['please', 'pls', 'kindly'].includes(tokens[0]!.lower) ? tokens.slice(1) : tokens,
        vocative: cleaned.vocative,
        polite: ['please', 'pls', 'kindly'].includes(tokens[0]!.lower),
      };
      found = deadlineOf(cleaned.tokens, context.mailDate);
      ask = askOf(cleaned, sentence.text, found ? found.at : cleaned.tokens.length, context);
    }
  }
  if (!ask?.thing.trim()) return null;
  // A day named in a meeting ask is when to meet, not a deadline ("what works for this evening").
  if (found && !found.explicit && (ask.type === 'scheduling' || ask.type === 'invitation')) {
    const whole = askOf(cleaned, sentence.text, cleaned.tokens.length, context);
    if (whole?.thing.trim()) ask = whole;
    found = null;
  }
  // Click a link, log in, register: done on a web page, not answered by mail.
  if (LINK_ACTION.test(ask.thing.toLowerCase()) && (LINK.test(sentence.text) || /^click\b/i.test(ask.thing))) return null;
  let { of, who } = askedOf(cleaned.vocative, ask, context);
  // "Please get the information to Gerald", the reader being Gerald: asked of someone else.
  if (
    !context.forwarded &&
    (of === 'reader' || of === 'group') &&
    ask.thing
      .split(/\s+/)
      .slice(1)
      .some((word) => /^\p{Lu}/u.test(word) && namesReader(word.replace(/[^\p{L}]/gu, ''), context.readerNames))
  ) {
    of = 'someone';
    who = null;
  }
  const lower = sentence.text.toLowerCase();
  const deadline: Deadline | null = found?.deadline ?? null;
  return {
    type: ask.type,
    ...(ask.type === 'question' || ask.form ? { form: ask.form ?? 'yes_no' } : {}),
    ...(ask.type === 'action' ? { verb: ask.verb ?? 'do' } : {}),
    ...(ask.type === 'scheduling' ? { step: stepOf(lower) } : {}),
    thing: ask.thing,
    of,
    who,
    deadline,
    sentence: sentence.text.slice(0, SENTENCE_MAX_CHARS),
    strength: ask.strength,
  };
}

/** A line that starts a list item or stands alone ("1.", "-", "*", "a)"). */
const LIST_ITEM = /^\s*([-*•·]|\d{1,2}[.)]|[a-z][.)])\s+/i;

/** Paragraphs of a text with their wrapped lines joined (list items and short label lines kept apart). */
export function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let current = '';
    for (const line of lines) {
      if (!current) current = line;
      else if (LIST_ITEM.test(line) || (/[.!?:]$/.test(current) && /^\p{Lu}/u.test(line) && current.length < 60)) {
        out.push(current);
        current = line;
      } else current = `${current} ${line}`;
    }
    if (current) out.push(current);
  }
  return out;
}
