/**
 * Holding replies: the Buy Time mode's short "got it, full answer by ..." and the built-in engine's
 * fallback when none of the user's past replies fits. Written in the user's own words when their
 * past replies hold such a sentence ("I'll look into it and get back to you."), else from a plain
 * template adjusted to their habits (contractions, "thanks for").
 */
import type { StyleProfile } from '../../style/engine/types.ts';
import type { Ask } from '../../understanding/engine/types.ts';
import {
  asksAboutReader,
  firstNounPhrase,
  nameOfObject,
  namesAMatter,
  objectOf,
  ownerPerspective,
  topicPhrase,
  withReceiver,
} from './ask-phrases.ts';
import type { ComposeInput, PastReply } from './types.ts';

/**
 * The Buy Time promise in words people write: "later today", "by tomorrow" for 24 h, "within 2
 * days" for 48 h, "within a week". Rounded up: a promise kept early is fine, one kept late is not.
 */
export function buyTimePromise(hours: number): string {
  if (hours <= 1) return 'within the hour';
  if (hours <= 6) return 'in the next few hours';
  if (hours <= 12) return 'later today';
  if (hours <= 24) return 'by tomorrow';
  if (hours < 168) return `within ${Math.ceil(hours / 24)} days`;
  if (hours === 168) return 'within a week';
  return `within ${Math.ceil(hours / 168)} weeks`;
}

/** The numbers a Buy Time promise may state (it states them, not any source): the fact check allows them. */
export function promiseNumbers(hours: number): string[] {
  return [String(hours), String(Math.ceil(hours / 24)), String(Math.ceil(hours / 168))];
}

type Language = 'en' | 'fr' | 'de' | 'es' | 'it' | 'pt' | 'nl';

/**
 * Holding replies in the languages people most often write to a Penman user in, for a mail in a
 * language none of the user's replies is in (an English "Thanks" to a French mail reads wrong).
 * `{when}` is the promise; these promise "soon" words in their own language.
 */
const HOLDING: Record<Exclude<Language, 'en'>, { greeting: string; ack: string; soon: string; closing: string }> = {
  fr: {
    greeting: 'Bonjour {name},',
    ack: 'Merci pour votre message. Je regarde cela et je vous réponds {when}.',
    soon: 'rapidement',
    closing: 'Cordialement,',
  },
  de: {
    greeting: 'Hallo {name},',
    ack: 'danke für Ihre Nachricht. Ich sehe mir das an und melde mich {when}.',
    soon: 'in Kürze',
    closing: 'Beste Grüße',
  },
  es: { greeting: 'Hola {name}:', ack: 'Gracias por tu mensaje. Lo reviso y te respondo {when}.', soon: 'pronto', closing: 'Saludos,' },
  it: {
    greeting: 'Ciao {name},',
    ack: 'grazie per il messaggio. Ci guardo e ti rispondo {when}.',
    soon: 'a breve',
    closing: 'Cordiali saluti,',
  },
  pt: { greeting: 'Olá {name},', ack: 'Obrigado pela mensagem. Vou analisar e respondo {when}.', soon: 'em breve', closing: 'Abraços,' },
  nl: {
    greeting: 'Hallo {name},',
    ack: 'bedankt voor je bericht. Ik kijk ernaar en kom {when} bij je terug.',
    soon: 'snel',
    closing: 'Groeten,',
  },
};

/** Buy Time promises in those languages: 24 h → "tomorrow", else "soon" (a day count would need grammar per language). */
const TOMORROW: Record<Exclude<Language, 'en'>, string> = {
  fr: 'demain',
  de: 'morgen',
  es: 'mañana',
  it: 'domani',
  pt: 'amanhã',
  nl: 'morgen',
};

export function isOtherTemplateLanguage(language: string | null): language is Exclude<Language, 'en'> {
  return language !== null && language !== 'en' && language in HOLDING;
}

/** The whole holding reply in another language: greeting, acknowledgement with the promise, closing. */
export function foreignHoldingReply(
  language: Exclude<Language, 'en'>,
  firstName: string | null,
  hours: number | null,
): { greeting: string; body: string; closing: string } {
  const template = HOLDING[language];
  const when = hours !== null && hours <= 24 ? TOMORROW[language] : template.soon;
  return {
    greeting: firstName ? template.greeting.replace('{name}', firstName) : template.greeting.replace(' {name}', ''),
    body: template.ack.replace('{when}', when),
    closing: template.closing,
  };
}

/**
 * A sentence of the user's own that promises an answer later ("Let me check and get back to you."):
 * what they write when they cannot answer yet. Short (at most 20 words) and with no specifics (no
 * digits) so it fits any mail.
 */
const HOLDING_SENTENCE =
  /\b(get back to you|get back with you|follow up|look into (it|this|that)|let me (check|look|think|see|get back)|i['’]ll (check|look|review|get|call|take a look|respond|reply|follow)|i will (check|look|review|get|call|take a look|respond|reply|follow))\b/i;

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function ownHoldingSentence(pastReplies: PastReply[]): string | null {
  for (const past of pastReplies) {
    for (const sentence of sentencesOf(past.reply.text)) {
      const words = sentence.split(/\s+/).length;
      if (words <= 20 && !/\d/.test(sentence) && HOLDING_SENTENCE.test(sentence) && /[.!]$/.test(sentence)) return sentence;
    }
  }
  return null;
}

/** The user writes contractions ("I'll") in at least some of their mail: the tone says "Conversational". */
function usesContractions(profile: StyleProfile | null): boolean {
  return profile?.toneCharacteristics.some((trait) => trait.trait.startsWith('Conversational')) ?? true;
}

/** The user thanks people: "thanks for" is among their phrases, or the tone says "Polite". */
function thanksPeople(profile: StyleProfile | null): boolean {
  if (!profile) return true;
  return (
    profile.commonPhrases.some((phrase) => /^thanks?( you)? for\b/i.test(phrase.text)) ||
    profile.toneCharacteristics.some((trait) => trait.trait.startsWith('Polite'))
  );
}

/**
 * The holding reply's body in English: a thank-you when the user thanks people, then the promise.
 * With `hours` (Buy Time) the promise names the time; without (the fallback) it says "shortly"
 * unless the user's own holding sentence is there to use as it is.
 */
export function holdingBody(profile: StyleProfile | null, pastReplies: PastReply[], hours: number | null): string {
  const will = usesContractions(profile) ? "I'll" : 'I will';
  const thanks = thanksPeople(profile) ? 'Thanks for your note. ' : '';
  if (hours === null) {
    const own = ownHoldingSentence(pastReplies);
    if (own) return own;
    return `${thanks}${will} look into this and get back to you shortly.`;
  }
  return `${thanks}${will} look into this and get back to you with a full answer ${buyTimePromise(hours)}.`;
}

// --- holding and accepting replies that name the ask (issue 32) ------------------------------------

/** Deadlines that mean the same day. */
const SAME_DAY =
  /\b(asap|as soon as|immediately|right away|urgent|today|tonight|this (morning|afternoon|evening)|end of (the )?day|eod|cob|close of business)\b/i;

/**
 * When the user will answer: Buy Time's promise; else by the mail's own deadline when it gives one
 * ("by Friday", "today"), else the account's Buy Time hours ("by tomorrow").
 */
export function answerTime(asks: Ask[], hours: number | null, defaultHours: number): string {
  if (hours !== null) return buyTimePromise(hours);
  const deadline = asks.map((ask) => ask.deadline).find(Boolean);
  if (deadline && SAME_DAY.test(deadline.text)) return 'today';
  if (deadline && /^(by|before|no later than|on or before|until)\b/i.test(deadline.text))
    return deadline.text.replace(/^(until|no later than|on or before)\b/i, 'by');
  return buyTimePromise(defaultHours);
}

/** "whether I am OK with this", "whether I want to go": a question about the user's own mind, not a fact to check. */
const ABOUT_THE_USER =
  /^(whether|if|how|when|what) (I|I'd) (am|want|wish|would|could|can|will|agree|mind|prefer|think|feel|like|plan|need)\b|\binterested\b/i;

/** A whether-clause short and plain enough to say back as it is ("whether the contracts were terminated"). */
const CLEAN_QUESTION_MAX_WORDS = 10;
function cleanQuestion(thing: string): boolean {
  const words = thing.split(/\s+/);
  return /^(whether|if)\b/i.test(thing) && words.length <= CLEAN_QUESTION_MAX_WORDS && !/\b(I|me|my|mine|you|your)\b/.test(thing.slice(7));
}

/** The sentence naming the first ask and promising the answer, with a short noun phrase of the ask (else the subject). */
function namingSentence(ask: Ask, will: string, when: string, senderFirstName: string | null, topic: string): string {
  const thing = ownerPerspective(ask.thing, senderFirstName);
  const phrase = ask.type === 'question' ? firstNounPhrase(thing) : nameOfObject(objectOf(thing) || thing);
  const named = phrase && namesAMatter(phrase) ? phrase : null;
  // A noun phrase of pronouns only ("my", "it") names nothing: the subject does.
  const about = named && !/^(my|your|our|it|this|that|them)$/i.test(named) ? named.replace(/^(a|an)\s/i, 'the ') : topicPhrase(topic);
  switch (ask.type) {
    case 'question':
      // A decision of the user's own ("would you be interested", "how you wish to proceed"): time to think, not to check.
      if (asksAboutReader(ask) && ABOUT_THE_USER.test(thing)) {
        // "how I wish to handle this" → "how to handle this".
        const choice = /^(how|whether|when|where|what|which) I(?: would|'d)? (?:wish|want|like|plan|intend|prefer) to (.+)$/i.exec(thing);
        if (choice) return `Let me think about ${choice[1]!.toLowerCase()} to ${choice[2]} and get back to you ${when}.`;
        return `Let me think about ${named ? about : 'it'} and get back to you ${when}.`;
      }
      if (cleanQuestion(thing)) return `Let me check ${thing} and get back to you ${when}.`;
      return `Let me look into ${about} and get back to you ${when}.`;
    case 'scheduling':
      return `Let me check my calendar and get back to you ${when}.`;
    case 'invitation':
      return `Thanks for the invitation. Let me check my calendar and get back to you ${when}.`;
    case 'comments':
      return `${will} take a look at ${about} and get back to you ${when}.`;
    default:
      // A call asked for: the callback is the answer.
      if (ask.verb === 'call') return `${will} call you ${when}.`;
      if (ask.verb === 'review' || ask.verb === 'approve' || ask.verb === 'sign')
        return `${will} review ${about} and get back to you ${when}.`;
      // The user's own view, thoughts or numbers asked for ("send me your view on the schedule"): promised as asked.
      if (ask.verb === 'send' && /^my\s+\S/i.test(objectOf(thing)) && namesAMatter(objectOf(thing)))
        return `${will} send you ${objectOf(thing)} ${when}.`;
      // Feedback, comments, suggestions asked for: they are what the later answer holds.
      if (/\b(feedback|comments?|suggestions?|thoughts|input|views)\b/i.test(thing)) return `${will} send you my comments ${when}.`;
      if (ask.verb === 'respond') return `${will} get back to you on ${named ? about : topicPhrase(topic)} ${when}.`;
      return `${will} look into ${about} and get back to you ${when}.`;
  }
}

/**
 * A holding reply that names what is asked and when the answer comes: "Let me check whether the
 * contracts were terminated and get back to you by tomorrow." A thank-you first when the user thanks
 * people; their contractions or not. Never a yes.
 */
export function holdingReply({
  input,
  voice,
  asks,
  hours,
}: {
  input: ComposeInput;
  voice: { firstName: string | null };
  asks: Ask[];
  hours: number | null;
}): { body: string; when: string } {
  const will = usesContractions(input.profile) ? "I'll" : 'I will';
  const when = answerTime(asks, hours, input.buyTimeHours);
  const thanks = thanksPeople(input.profile) ? 'Thanks for your note. ' : '';
  // "Let me know", "I look forward to hearing from you": any reply answers them; they name nothing.
  const named = asks.filter((ask) => !(ask.type === 'action' && ask.verb === 'respond'));
  const first = named[0] ?? asks[0];
  if (!first) return { body: holdingBody(input.profile, input.pastReplies, hours ?? input.buyTimeHours), when };
  const topic = (input.email.subject ?? '').replace(/^\s*((re|fw|fwd|aw)\s*:\s*)+/i, '');
  const sentence = namingSentence(first, will, when, voice.firstName, topic);
  // The other asks are handled by the later answer; naming them back ("your other question") read as made up.
  return { body: `${thanks}${sentence}`, when };
}

/** A task taken on: "I'll send you the signed supply agreement by Friday." */
export function acceptSentence(ask: Ask, senderFirstName: string | null, profile: StyleProfile | null): { sentence: string; when: string } {
  const will = usesContractions(profile) ? "I'll" : 'I will';
  const deadline = ask.deadline?.text;
  const when = !deadline ? 'shortly' : SAME_DAY.test(deadline) ? 'today' : deadline.replace(/^(until|no later than|on or before)\b/i, 'by');
  const phrase = withReceiver(ownerPerspective(ask.thing, senderFirstName));
  if (ask.verb === 'review') return { sentence: `${will} ${phrase} and get back to you ${when}.`, when };
  return { sentence: `${will} ${phrase} ${when}.`, when };
}
