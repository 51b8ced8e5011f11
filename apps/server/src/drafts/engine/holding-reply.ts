/**
 * Holding replies: the Buy Time mode's short "got it, full answer by ..." and the built-in engine's
 * fallback when none of the user's past replies fits. Written in the user's own words when their
 * past replies hold such a sentence ("I'll look into it and get back to you."), else from a plain
 * template adjusted to their habits (contractions, "thanks for").
 */
import type { StyleProfile } from '../../style/engine/types.ts';
import type { PastReply } from './types.ts';

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
