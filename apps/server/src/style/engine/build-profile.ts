/**
 * The user's style profile from their sent mail (spec "Style profile"): pure code over plain data.
 * Every figure is measured on the user's own words of each mail (own-words.ts), so quoted and
 * forwarded text by others never counts; mails with no own words are left out (sampleSize counts
 * the mails analysed). Every part says how many emails support it.
 */

import type { ContextStyle, SituationalStyle, StylePattern, StyleProfileData } from '@penman/contract';
import { bodyOf, ownWords, splitOwnWords } from '../../mail/engine/own-words.ts';
import { isAutomated } from '../../mail/engine/people.ts';
import { formalityOf, type Measured, measure } from './measure.ts';
import { addressNames, avoidedPhrases, commonPhrases, properNouns, round } from './phrases.ts';
import { buildFingerprint } from './style-match.ts';
import type { IncomingMail, SentMail, StyleProfile, StyleProfileInput } from './types.ts';

type Analysed = {
  mail: SentMail;
  text: string;
  signature: string;
  m: Measured;
  formality: number;
  audience: 'internal' | 'external' | null;
  situation: Situation;
};

type Situation = 'urgent' | 'complaint' | 'meeting' | 'routine';

// --- recipients -----------------------------------------------------------------------------------

function domainOf(address: string): string {
  return address.toLowerCase().split('@')[1] ?? '';
}

/**
 * Internal when every recipient (To and Cc, the user's own addresses left out) is in one of the
 * organisation's domains or their subdomains; external when any is outside (a mail that includes
 * an outsider is written for them); null with no recipients or no internal domains known.
 */
function audienceOf(mail: SentMail, own: Set<string>, internal: string[]): 'internal' | 'external' | null {
  const recipients = [...mail.toEmails, ...mail.ccEmails].map((address) => address.toLowerCase()).filter((address) => !own.has(address));
  if (recipients.length === 0 || internal.length === 0) return null;
  const inside = (address: string) => {
    const domain = domainOf(address);
    return internal.some((org) => domain === org || domain.endsWith(`.${org}`));
  };
  return recipients.every(inside) ? 'internal' : 'external';
}

// --- situations -----------------------------------------------------------------------------------

/**
 * The situation a reply answers, from the subject and text of the mail it answers (or, without
 * one, the reply's own subject), by keyword rules checked in this order:
 * urgent (urgent, asap, immediately, emergency, deadline, "by end of day", "!!!"), complaint
 * (complaint, disappointed, unacceptable, not working, refund, "problem with"...), meeting (meeting,
 * call, schedule, calendar, agenda, lunch, availability, a clock time), else routine.
 */
const SITUATION_RULES: [Exclude<Situation, 'routine'>, RegExp][] = [
  [
    'urgent',
    /\b(urgent|asap|a\.s\.a\.p|immediately|right away|emergency|critical|time[- ]sensitive|deadline|by (today|tonight|eod|cob|end of (the )?day)|high priority)\b|!!!/i,
  ],
  [
    'complaint',
    /\b(complain(t|ts|ed|ing)?|disappoint(ed|ing)|unhappy|frustrat(ed|ing)|unacceptable|not working|doesn't work|problem with|issue with|refund|poor (service|quality)|still (haven't|not) (received|heard)|wrong|mistake|error in)\b/i,
  ],
  [
    'meeting',
    /\b(meeting|meet|conference call|call (at|on|tomorrow|today)|schedule|reschedule|calendar|agenda|appointment|lunch|dinner|breakfast|availability|available (on|at|for)|invite|invitation)\b|\b\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.)/i,
  ],
];

/** Only the start of an answered mail is read: a long thread below it is about other things. */
const SITUATION_CHARS = 2000;

function situationOf(mail: SentMail): Situation {
  const source = mail.answers
    ? `${mail.answers.subject ?? ''}\n${(mail.answers.bodyText ?? '').slice(0, SITUATION_CHARS)}`
    : (mail.subject ?? '').replace(/^\s*((re|fwd?|fw)\s*:\s*)+/i, '');
  for (const [situation, pattern] of SITUATION_RULES) if (pattern.test(source)) return situation;
  return 'routine';
}

// --- small statistics -----------------------------------------------------------------------------

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function share(items: Analysed[], test: (item: Analysed) => boolean): number {
  return items.length ? items.filter(test).length / items.length : 0;
}

/**
 * never: in no email; rare: under 5% of emails; occasional: under 20%; frequent: 20% or more.
 */
function usageLevel(emailShare: number): 'never' | 'rare' | 'occasional' | 'frequent' {
  if (emailShare === 0) return 'never';
  if (emailShare < 0.05) return 'rare';
  if (emailShare < 0.2) return 'occasional';
  return 'frequent';
}

/** Formality score to level: 0.8+ very formal, 0.6+ formal, 0.4+ neutral, 0.2+ casual, else very casual. */
function formalityLevel(score: number): StyleProfileData['formalityLevel'] {
  if (score >= 0.8) return 'very_formal';
  if (score >= 0.6) return 'formal';
  if (score >= 0.4) return 'neutral';
  if (score >= 0.2) return 'casual';
  return 'very_casual';
}

const LEVEL_WORDS: Record<StyleProfileData['formalityLevel'], string> = {
  very_formal: 'Very formal',
  formal: 'Formal',
  neutral: 'Neutral',
  casual: 'Casual',
  very_casual: 'Very casual',
};

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

// --- greetings, closings, signature ---------------------------------------------------------------

const MAX_PATTERNS = 8;

/**
 * Greetings or closings by frequency, each with its share among internal and among external mail
 * (null when the user wrote no mail to that group). Closings are grouped case-insensitively and
 * shown as most often written.
 */
function patterns(items: Analysed[], pick: (item: Analysed) => string | null): StylePattern[] {
  const groups = new Map<string, { forms: Map<string, number>; items: Analysed[] }>();
  for (const item of items) {
    const value = pick(item);
    if (!value) continue;
    const key = value.toLowerCase().replace(/[\s,.!:;-]+$/, '');
    const group = groups.get(key) ?? { forms: new Map<string, number>(), items: [] as Analysed[] };
    group.forms.set(value, (group.forms.get(value) ?? 0) + 1);
    group.items.push(item);
    groups.set(key, group);
  }
  const internal = items.filter((item) => item.audience === 'internal').length;
  const external = items.filter((item) => item.audience === 'external').length;
  return [...groups.values()]
    .map((group) => {
      const text = [...group.forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
      const count = group.items.length;
      const inGroup = (audience: string) => group.items.filter((item) => item.audience === audience).length;
      return {
        text,
        count,
        share: round(count / items.length),
        internalShare: internal ? round(inGroup('internal') / internal) : null,
        externalShare: external ? round(inGroup('external') / external) : null,
      };
    })
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
    .slice(0, MAX_PATTERNS);
}

/**
 * The kind of a signature block: initials ("JL", "-k"), a first name ("Vince"), a full name
 * ("Phillip Allen"), or a full block (a name with a title, company or phone lines under it).
 */
function signatureKind(signature: string): StyleProfileData['signatureStyle']['kind'] {
  const lines = signature.split('\n').filter(Boolean);
  if (lines.length === 0) return 'none';
  if (lines.length > 1) return 'full_block';
  const words = lines[0]!
    .replace(/^[-–—~*\s]+/, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 1 && /^\p{L}{1,3}\.?$/u.test(words[0]!) && words[0] === words[0]!.toUpperCase()) return 'initials';
  if (words.length === 1 && words[0]!.length <= 2) return 'initials';
  return words.length === 1 ? 'first_name' : 'full_name';
}

function signatureStyle(items: Analysed[]): StyleProfileData['signatureStyle'] {
  const signed = items.filter((item) => item.signature);
  // The user signs when at least a fifth of their mail carries a signature; else "none".
  if (signed.length === 0 || signed.length < 0.2 * items.length) {
    return { kind: 'none', example: null, supportingEmails: items.length - signed.length };
  }
  const blocks = new Map<string, number>();
  for (const item of signed) blocks.set(item.signature, (blocks.get(item.signature) ?? 0) + 1);
  const example = [...blocks].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const kind = signatureKind(example);
  return { kind, example, supportingEmails: signed.filter((item) => signatureKind(item.signature) === kind).length };
}

// --- response speed -------------------------------------------------------------------------------

/** A reply measured later than this after the mail it answers is no reply to it (a thread revived). */
const MAX_REPLY_HOURS = 30 * 24;

/** Median hours from receiving to answering: immediate < 1 h, same day < 24 h, next day < 48 h, else slow. */
function responseSpeed(items: SentMail[]): Pick<StyleProfileData, 'responseSpeedPreference' | 'medianResponseHours' | 'measuredReplies'> {
  const hours: number[] = [];
  for (const mail of items) {
    const received = mail.answers?.receivedAt;
    if (!received || !mail.sentAt) continue;
    const elapsed = (mail.sentAt.getTime() - received.getTime()) / 3_600_000;
    if (elapsed >= 0 && elapsed <= MAX_REPLY_HOURS) hours.push(elapsed);
  }
  if (hours.length === 0) return { responseSpeedPreference: 'unknown', medianResponseHours: null, measuredReplies: 0 };
  const middle = median(hours);
  const speed = middle < 1 ? 'immediate' : middle < 24 ? 'same_day' : middle < 48 ? 'next_day' : 'slow';
  return { responseSpeedPreference: speed, medianResponseHours: round(middle, 2), measuredReplies: hours.length };
}

// --- tone -----------------------------------------------------------------------------------------

/**
 * Tone traits and the mails that show them; a trait is reported when at least 15% of the mails
 * show it (MIN_TRAIT_SHARE), strongest first.
 */
const TRAITS: [string, (m: Measured) => boolean][] = [
  ['Brief: says it in under 30 words', (m) => m.words < 30],
  ['Detailed: writes 150 words or more', (m) => m.words >= 150],
  ['Direct: no greeting, straight to the point', (m) => !m.greeting && m.words < 60],
  ['Polite: says please or thank you', (m) => m.politeness > 0],
  ['Inquisitive: asks questions', (m) => m.questions.length > 0],
  ['Enthusiastic: uses exclamation marks', (m) => m.exclamations > 0],
  ['Action-oriented: says what they will do next', (m) => m.commitments > 0],
  ['Instructive: tells people what to do', (m) => m.directive.length > 0],
  ['Deferential: asks rather than tells', (m) => m.deference.length > 0],
  ['Conversational: uses contractions', (m) => m.contractions > 0],
  ['Informal shorthand: "thx", "fyi", "ok"', (m) => m.slang > 0],
  ['Apologetic: says sorry', (m) => /\b(sorry|apolog)/.test(m.body)],
];
const MIN_TRAIT_SHARE = 0.15;

function toneTraits(items: Analysed[]): StyleProfileData['toneCharacteristics'] {
  return TRAITS.map(([trait, test]) => ({ trait, supportingEmails: items.filter((item) => test(item.m)).length }))
    .filter((trait) => trait.supportingEmails >= MIN_TRAIT_SHARE * items.length && trait.supportingEmails > 0)
    .sort((a, b) => b.supportingEmails - a.supportingEmails);
}

// --- descriptions of a group of mails -------------------------------------------------------------

function lengthWords(words: number): string {
  if (words < 30) return 'Short';
  if (words < 100) return 'Medium-length';
  return 'Long';
}

function structureOf(items: Analysed[]): string {
  const words = median(items.map((item) => item.m.words));
  const paragraphs = median(items.map((item) => item.m.paragraphs));
  const parts = [
    `${lengthWords(words)} (about ${Math.round(words)} words)`,
    paragraphs <= 1 ? 'mostly one paragraph' : `usually ${Math.round(paragraphs)} paragraphs`,
  ];
  const greeted = share(items, (item) => item.m.greeting !== null);
  const closed = share(items, (item) => item.m.closing !== null);
  parts.push(greeted >= 0.5 ? `opens with a greeting (${percent(greeted)})` : `rarely opens with a greeting (${percent(greeted)})`);
  parts.push(closed >= 0.5 ? `signs off (${percent(closed)})` : `rarely signs off (${percent(closed)})`);
  const lists = share(items, (item) => item.m.hasList);
  if (lists >= 0.15) parts.push(`uses lists (${percent(lists)})`);
  const text = parts.join(', ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

function toneOf(items: Analysed[]): string {
  const level = LEVEL_WORDS[formalityLevel(mean(items.map((item) => item.formality)))];
  const traits = toneTraits(items)
    .slice(0, 2)
    .map((trait) => trait.trait.split(':')[0]!.toLowerCase());
  return [level, ...traits].join(', ');
}

/** The names of people and places in a group of mails: capitalised words and the recipients' names. */
function namesIn(items: Analysed[]): Set<string> {
  const names = properNouns(items.map((item) => item.text));
  for (const name of addressNames(items.flatMap((item) => [...item.mail.toEmails, ...item.mail.ccEmails]))) names.add(name);
  return names;
}

/** The most frequent greetings, closings and phrases of a group of mails, as examples. */
function examplesOf(items: Analysed[]): string[] {
  const examples = [
    ...patterns(items, (item) => item.m.greeting)
      .slice(0, 2)
      .map((pattern) => pattern.text),
    ...patterns(items, (item) => item.m.closing)
      .slice(0, 2)
      .map((pattern) => pattern.text),
    ...commonPhrases(
      items.map((item) => item.m.body),
      namesIn(items),
    )
      .slice(0, 3)
      .map((phrase) => phrase.text),
  ];
  return [...new Set(examples)];
}

/** A context needs this many mails to be described; fewer say little. */
const MIN_CONTEXT_EMAILS = 3;

function contextStyle(items: Analysed[]): ContextStyle | null {
  if (items.length < MIN_CONTEXT_EMAILS) return null;
  return {
    typicalLength: Math.round(median(items.map((item) => item.m.words))),
    tone: toneOf(items),
    structure: structureOf(items),
    supportingEmails: items.length,
    examplePhrases: examplesOf(items),
  };
}

/**
 * Superior or subordinate by what the mail says, not by an org chart we do not have: a mail with
 * more deference markers (DEFERENCE_MARKERS: "would you", "I was wondering", "thank you for your
 * time") than directive ones is written up to someone; one with more directive markers
 * (DIRECTIVE_MARKERS, or a sentence opening with an imperative: "Send...", "Make sure...") is
 * written down. Mails with neither, or a tie, are in neither group.
 */
function hierarchyOf(item: Analysed): 'superior' | 'subordinate' | null {
  const up = item.m.deference.length;
  const down = item.m.directive.length;
  if (up > down) return 'superior';
  if (down > up) return 'subordinate';
  return null;
}

const APPROACH_RULES: [string, (items: Analysed[]) => number][] = [
  ['Asks clarifying questions', (items) => share(items, (item) => item.m.questions.length > 0)],
  ['Commits to a next step', (items) => share(items, (item) => item.m.commitments > 0)],
  ['Gives instructions', (items) => share(items, (item) => item.m.directive.length > 0)],
  ['Thanks the sender', (items) => share(items, (item) => /\bthank/.test(item.m.body) || /thank/i.test(item.m.closing ?? ''))],
];

function situationalStyle(items: Analysed[], situation: Situation): SituationalStyle | null {
  if (items.length < MIN_CONTEXT_EMAILS) return null;
  const words = median(items.map((item) => item.m.words));
  const approaches = APPROACH_RULES.map(([text, rate]) => [text, rate(items)] as const)
    .filter(([, rate]) => rate >= 0.2)
    .sort((a, b) => b[1] - a[1]);
  const approach = approaches.length
    ? approaches.map(([text, rate]) => `${text} (${percent(rate)})`).join('; ')
    : 'Answers directly, without questions or commitments';
  const specifics = share(items, (item) => /\d/.test(item.m.body));
  const commits = share(items, (item) => item.m.commitments > 0);
  // Reported when at least a tenth of these replies use the word.
  const markers = MARKERS[situation].filter((marker) => {
    const word = new RegExp(`\\b${marker}\\b`);
    return share(items, (item) => word.test(item.m.body)) >= 0.1;
  });
  return {
    length: Math.round(words),
    tone: toneOf(items),
    structure: structureOf(items),
    markers: markers.length ? markers : examplesOf(items).slice(0, 3),
    approach,
    details: `${lengthWords(words)}; gives specifics (numbers, dates, times) in ${percent(specifics)} of replies`,
    followUp:
      commits >= 0.2
        ? `Says what happens next in ${percent(commits)} of replies ("I'll...", "will call")`
        : `Rarely promises a next step (${percent(commits)})`,
    supportingEmails: items.length,
  };
}

/** Words that show how the user handles each situation, reported when they use them there. */
const MARKERS: Record<Situation, string[]> = {
  urgent: ['asap', 'right away', 'immediately', 'today', 'now', 'urgent', 'call me'],
  complaint: ['sorry', 'apologize', 'understand', 'fix', 'look into', 'resolve', 'problem'],
  meeting: ['works', 'available', 'call', 'meet', 'schedule', 'calendar', 'tomorrow'],
  routine: ['thanks', 'fyi', 'attached', 'let me know', 'ok', 'sounds good'],
};

// --- questions and information --------------------------------------------------------------------

function questionStyle(items: Analysed[]): StyleProfileData['questionAskingStyle'] {
  const withQuestions = items.filter((item) => item.m.questions.length > 0);
  const questionShare = share(items, (item) => item.m.questions.length > 0);
  const perEmail = mean(items.map((item) => item.m.questions.length));
  const all = withQuestions.flatMap((item) => item.m.questions);
  const direct = all.filter((question) => /^(can|could|would|will|do|does|did|is|are|was|have|has|should)\b/i.test(question)).length;
  const open = all.filter((question) => /^(what|when|where|who|why|how|which)\b/i.test(question)).length;
  let description: string;
  if (questionShare < 0.1) description = `Rarely asks questions (${percent(questionShare)} of emails)`;
  else {
    const kind = direct >= open ? 'mostly yes/no requests ("Can you...?")' : 'mostly open questions ("What...?", "When...?")';
    description = `Asks questions in ${percent(questionShare)} of emails, ${kind}`;
  }
  // Whole questions make readable examples: at least 4 words (not "MSN?"), at most 100 characters.
  const examples = [...new Set(all.filter((question) => question.length <= 100 && question.split(/\s+/).length >= 4))]
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .slice(0, 3);
  return { share: round(questionShare), perEmail: round(perEmail, 2), description, examples };
}

function informationStyle(items: Analysed[], avgWords: number): StyleProfileData['informationSharingStyle'] {
  const listShare = share(items, (item) => item.m.hasList);
  const linkShare = share(items, (item) => item.m.hasLink);
  const attachmentShare = share(items, (item) => item.m.mentionsAttachment);
  const parts = [
    avgWords < 40 ? 'Shares information in short notes' : avgWords < 120 ? 'Explains in a few sentences' : 'Writes detailed explanations',
  ];
  if (attachmentShare >= 0.1) parts.push(`points to attachments in ${percent(attachmentShare)} of emails`);
  parts.push(listShare >= 0.15 ? `uses lists in ${percent(listShare)}` : 'rarely uses lists');
  if (linkShare >= 0.1) parts.push(`includes links in ${percent(linkShare)}`);
  return {
    description: parts.join('; '),
    listShare: round(listShare),
    linkShare: round(linkShare),
    attachmentShare: round(attachmentShare),
  };
}

// --- other people's writing ---------------------------------------------------------------------

/** The voice model reads the own words of this many incoming mails written by people. */
export const BACKGROUND_MAILS = 400;
/**
 * Of each, this many characters: enough for the voice model to see how people write long mails
 * too (it learns what the user writes that their correspondents do not; bench/style.ts attribution
 * 91.3 / 88.6 / 91.9% on the three groups at 1,500, 91.1 / 88.6 / 91.1% at 400), while a forwarded
 * article or report does not weigh like many mails, and the build stays fast.
 */
const OTHERS_CHARS = 1500;

/**
 * Other people's own words (quotes, forwards and signatures removed) from mail sent to the user:
 * mail from machines and lists (isAutomated) and from the user's own addresses left out.
 */
export function othersWords(incoming: IncomingMail[], ownAddresses: string[]): string[] {
  const own = new Set(ownAddresses.map((address) => address.toLowerCase()));
  const texts: string[] = [];
  for (const mail of incoming) {
    if (texts.length >= BACKGROUND_MAILS) break;
    if (mail.senderEmail && own.has(mail.senderEmail.toLowerCase())) continue;
    if (isAutomated(mail)) continue;
    const text = ownWords(bodyOf(mail.bodyText, mail.bodyHtml), null).slice(0, OTHERS_CHARS);
    if (/[\p{L}\p{N}]/u.test(text)) texts.push(text);
  }
  return texts;
}

// --- the whole profile ----------------------------------------------------------------------------

/** Build the style profile of the user from their sent mail. */
export function buildStyleProfile(input: StyleProfileInput): StyleProfile {
  const own = new Set(input.ownAddresses.map((address) => address.toLowerCase()));
  const internal = input.internalDomains.map((domain) => domain.toLowerCase());
  const items: Analysed[] = [];
  for (const mail of input.emails) {
    const { text, signature } = splitOwnWords(bodyOf(mail.bodyText, mail.bodyHtml), input.ownName);
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const m = measure(text);
    items.push({
      mail,
      text,
      signature,
      m,
      formality: formalityOf(m),
      audience: audienceOf(mail, own, internal),
      situation: situationOf(mail),
    });
  }
  const sentences = items.flatMap((item) => item.m.sentences);
  const sentenceWords = sentences.map((sentence) => sentence.match(/[\p{L}\p{N}]+/gu)?.length ?? 0);
  const paragraphCount = items.reduce((sum, item) => sum + item.m.paragraphs, 0);
  const avgEmailLength = mean(items.map((item) => item.m.words));
  const formalityScore = mean(items.map((item) => item.formality));
  const exclamationShare = share(items, (item) => item.m.exclamations > 0);
  const emojiShare = share(items, (item) => item.m.emoji > 0);
  const commasPerSentence = sentences.length ? items.reduce((sum, item) => sum + item.m.commas, 0) / sentences.length : 0;
  const group = (test: (item: Analysed) => boolean) => items.filter(test);

  return {
    formalityLevel: formalityLevel(formalityScore),
    formalityScore: round(formalityScore),
    ...responseSpeed(input.emails),
    signatureStyle: signatureStyle(items),
    emojiUsageFrequency: usageLevel(emojiShare),
    toneCharacteristics: toneTraits(items),
    greetingPatterns: patterns(items, (item) => item.m.greeting),
    closingPatterns: patterns(items, (item) => item.m.closing),
    commonPhrases: commonPhrases(
      items.map((item) => item.m.body),
      namesIn(items),
    ),
    avoidedPhrases: avoidedPhrases(items.map((item) => item.text)),
    avgSentenceLength: round(mean(sentenceWords), 1),
    avgParagraphLength: round(paragraphCount ? sentences.length / paragraphCount : 0, 1),
    avgEmailLength: round(avgEmailLength, 1),
    punctuationStyle: {
      exclamationUsage: { perEmail: round(mean(items.map((item) => item.m.exclamations)), 2), level: usageLevel(exclamationShare) },
      // Under 0.5 commas a sentence reads as short, simple sentences; 1 or more as long, compound ones.
      commaStyle: {
        perSentence: round(commasPerSentence, 2),
        description:
          commasPerSentence < 0.5
            ? 'Few commas: short, simple sentences'
            : commasPerSentence < 1
              ? 'Moderate commas'
              : 'Many commas: long, compound sentences',
      },
      emojiUsage: { perEmail: round(mean(items.map((item) => item.m.emoji)), 2), level: usageLevel(emojiShare) },
    },
    questionAskingStyle: questionStyle(items),
    informationSharingStyle: informationStyle(items, avgEmailLength),
    contextStyles: {
      internal: contextStyle(group((item) => item.audience === 'internal')),
      external: contextStyle(group((item) => item.audience === 'external')),
      superior: contextStyle(group((item) => hierarchyOf(item) === 'superior')),
      subordinate: contextStyle(group((item) => hierarchyOf(item) === 'subordinate')),
    },
    situationalStyles: {
      urgent: situationalStyle(
        group((item) => item.situation === 'urgent'),
        'urgent',
      ),
      routine: situationalStyle(
        group((item) => item.situation === 'routine'),
        'routine',
      ),
      complaint: situationalStyle(
        group((item) => item.situation === 'complaint'),
        'complaint',
      ),
      meeting: situationalStyle(
        group((item) => item.situation === 'meeting'),
        'meeting',
      ),
    },
    sampleSize: items.length,
    fingerprint: buildFingerprint(
      items.map((item) => item.text),
      othersWords(input.incoming ?? [], input.ownAddresses),
    ),
  };
}
