/**
 * The one post-processing both engines' drafts go through (the built-in engine's and the LLM's):
 * the subject, exactly one sign-off in the user's form, their layout habits, the language check,
 * the invented-facts check, the styleMatch score and the review reasons.
 */
import { SIGN_OFF } from '../../mail/engine/own-words.ts';
import { styleMatch } from '../../style/engine/style-match.ts';
import { languageOf } from '../../understanding/engine/language.ts';
import { GREETING_LINE } from './builtin.ts';
import { unsourcedFacts } from './facts.ts';
import { promiseNumbers } from './holding-reply.ts';
import { applyPhrases, learntFor } from './learning-memory.ts';
import type { ComposeInput, ComposeResult, RawDraft } from './types.ts';
import { type Voice, voiceFor } from './voice.ts';

/**
 * Below this confidence a draft is flagged "Low confidence": the built-in engine's fallback (0.2)
 * always is, an adapted reply of a fair fit (0.3 and up, see builtin.ts MIN_FIT) is not.
 */
export const LOW_CONFIDENCE = 0.3;
/** A draft of a kind the user rejected (learning-memory.ts) keeps this share of the engine's confidence. */
const REJECTED_CONFIDENCE_FACTOR = 0.5;

// --- subject --------------------------------------------------------------------------------------

/** Reply and forward prefixes of the common clients and languages: "Re:", "RE[2]:", "Fwd:", "AW:", "SV:", "Antw:". */
const REPLY_PREFIX = /^\s*((re|aw|sv|antw|vs|ref|rif|r)(\[\d+\])?\s*:\s*)+/i;

/** "Re: <subject>", never "Re: Re: RE: <subject>". */
export function replySubject(subject: string | null): string {
  const bare = (subject ?? '').replace(REPLY_PREFIX, '').trim();
  return bare ? `Re: ${bare}` : 'Re:';
}

// --- the sign-off ---------------------------------------------------------------------------------

function signatureKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/^[\s\-–—~*]+/, '')
    .replace(/[\s,.!]+$/, '')
    .replace(/\s+/g, ' ');
}

/** The lines that are the user's signature: the profile's block, their name, first name and initials. */
function signatureLines(input: ComposeInput, voice: Voice): Set<string> {
  const keys = new Set<string>();
  for (const line of (voice.signature ?? '').split('\n')) if (line.trim()) keys.add(signatureKey(line));
  const name = input.owner.name?.trim();
  if (name) {
    const parts = name.split(/[\s,]+/).filter(Boolean);
    keys.add(signatureKey(name));
    keys.add(signatureKey(parts[0]!));
    if (parts.length > 1) {
      keys.add(signatureKey(`${parts[0]} ${parts[parts.length - 1]}`));
      keys.add(
        parts
          .map((part) => part[0])
          .join('')
          .toLowerCase(),
      );
    }
  }
  return keys;
}

/** The closing written the user's way: "thanks" / "Thanks -" → their "Thanks,"; another closing as it is. */
function inUserForm(closing: string, input: ComposeInput): string {
  const key = closing.toLowerCase().replace(/[\s,.!:;-]+$/, '');
  const own = input.profile?.closingPatterns.find((pattern) => pattern.text.toLowerCase().replace(/[\s,.!:;-]+$/, '') === key);
  return own?.text ?? closing;
}

type SignOff = { body: string; closing: string | null; signature: string | null; inline: boolean };

/**
 * The draft's tail cut off: every trailing closing line, signature line and blank line, however many
 * times the engine wrote them ("Thanks,\nPhillip\n\nThanks,\nPhillip"). Returns what it found.
 */
function cutSignOff(text: string, input: ComposeInput, voice: Voice): SignOff {
  const lines = text.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  const keys = signatureLines(input, voice);
  let closing: string | null = null;
  let signature: string[] = [];
  let block: string[] = [];
  while (lines.length > 1) {
    const line = lines[lines.length - 1]!.trim();
    if (!line) lines.pop();
    else if (keys.has(signatureKey(line))) {
      block.unshift(line);
      lines.pop();
    } else if (SIGN_OFF.test(line)) {
      closing = line;
      if (block.length) signature = block;
      block = [];
      lines.pop();
    } else break;
  }
  if (block.length) signature = block;
  // Some people sign on the text's last line: "Thanks for the info. Michelle". Cut that name too,
  // and keep the habit (the signature goes back on that line).
  let inline = false;
  const last = lines[lines.length - 1] ?? '';
  const signed = /^(.*[.!?)])\s+([\p{L}][\p{L}. '-]{0,40})$/u.exec(last);
  if (signed && keys.has(signatureKey(signed[2]!)) && !closing) {
    lines[lines.length - 1] = signed[1]!;
    signature = signature.length ? signature : [signed[2]!.trim()];
    inline = true;
  }
  return { body: lines.join('\n').trimEnd(), closing, signature: signature.length ? signature.join('\n') : null, inline };
}

// --- layout ---------------------------------------------------------------------------------------

/** The greeting line of a body and the rest, when the body opens with one. */
function splitGreeting(body: string): { greeting: string | null; rest: string } {
  const lines = body.split('\n');
  const first = lines.findIndex((line) => line.trim());
  if (first < 0 || lines.length <= first + 1 || !GREETING_LINE.test(lines[first]!.trim())) return { greeting: null, rest: body.trim() };
  return {
    greeting: lines[first]!.trim(),
    rest: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/**
 * Paragraphs no longer than the user writes them: a paragraph of more than twice their sentences
 * per paragraph (and more than 3) is split in two at a sentence end. Never joins paragraphs: the
 * engine's breaks separate topics.
 */
function paragraphsLikeUser(text: string, sentencesPerParagraph: number | null): string {
  if (!sentencesPerParagraph) return text;
  const limit = Math.max(3, Math.round(2 * sentencesPerParagraph));
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const sentences = paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
      if (sentences.length <= limit || paragraph.includes('\n')) return paragraph;
      const half = Math.ceil(sentences.length / 2);
      return `${sentences.slice(0, half).join(' ')}\n\n${sentences.slice(half).join(' ')}`;
    })
    .join('\n\n');
}

// --- the whole step -------------------------------------------------------------------------------

export function postProcess(input: ComposeInput, raw: RawDraft): ComposeResult {
  // No draft: nothing to finish; the reason is what the queue shows.
  if (raw.plan === 'none' || !raw.body.trim()) {
    return {
      body: '',
      subject: replySubject(raw.subject ?? input.email.subject),
      mode: input.mode,
      confidence: 0,
      reasons: raw.reasons,
      usedSources: [],
      suggestedAttachments: [],
      reviewReasons: [],
      styleMatch: null,
      language: languageOf(input.email.text),
      engine: raw.engine,
      plan: 'none',
      handling: raw.handling,
      noDraftReason: raw.noDraftReason ?? raw.reasons[0] ?? null,
    };
  }
  const voice = voiceFor(input);
  const reviewReasons: string[] = [];
  // What Penman learnt from the user (issue 20): the contact's greeting and closing win over the
  // profile's, avoided phrases and substitutions apply to the engine's words, a rejected kind of
  // draft is less confident.
  const learnt = learntFor(input.memory ?? [], input.email.from.address, voice.firstName);
  const reasons = [...raw.reasons];

  // One sign-off: cut whatever the engine wrote at the end, then write it once, the user's way.
  const cut = cutSignOff(raw.body, input, voice);
  const split = splitGreeting(cut.body);
  const phrases = applyPhrases(split.rest, learnt);
  const content = paragraphsLikeUser(phrases.text, input.profile?.avgParagraphLength ?? null);
  const greeting = learnt.greeting !== undefined ? learnt.greeting : split.greeting;
  const draftedClosing = cut.closing ? inUserForm(cut.closing, input) : voice.closing;
  const closing = learnt.closing !== undefined ? learnt.closing : draftedClosing;
  const learntChanges = [
    ...(learnt.greeting !== undefined && learnt.greeting !== split.greeting ? ['how you greet this sender'] : []),
    ...(learnt.closing !== undefined && learnt.closing !== draftedClosing ? ['how you sign off to this sender'] : []),
    ...phrases.applied,
  ];
  if (learntChanges.length) reasons.push(`From what Penman learnt of your edits: ${learntChanges.join('; ')}`);
  const signature = voice.signature ?? cut.signature;
  const head = greeting ? `${greeting}${voice.blankAfterGreeting ? '\n\n' : '\n'}` : '';
  const signOff = [closing, signature].filter(Boolean).join('\n');
  const body =
    cut.inline && !closing && signature && !signature.includes('\n')
      ? `${head}${content} ${signature}`.trim()
      : `${head}${content}${signOff ? `${voice.blankBeforeSignOff ? '\n\n' : '\n'}${signOff}` : ''}`.trim();

  // The language of the mail; a draft in another one is flagged (its own words only: names and sign-offs say nothing).
  const language = languageOf(input.email.text);
  const draftLanguage = languageOf(content);
  if (language && draftLanguage && language !== draftLanguage) {
    reviewReasons.push(`Written in another language (${draftLanguage}) than the mail (${language})`);
  }

  // No invented facts: every number, date or amount of the draft's words comes from a source.
  const sources = [
    input.email.subject ?? '',
    input.email.text,
    ...input.thread.map((message) => message.text),
    ...input.knowledge.map((passage) => passage.text),
    ...input.pastReplies.map((past) => past.reply.text),
  ];
  const allowed = input.mode === 'buy_time' ? promiseNumbers(input.buyTimeHours) : [];
  const invented = unsourcedFacts(`${greeting ?? ''}\n${content}`, sources, allowed);
  if (invented.length) reviewReasons.push(`Not found in the thread, your documents or your past replies: ${invented.join(', ')}`);
  // Every ask the mail makes is handled (answered, promised, asked back) or said to be left to the user.
  const handled = new Set(raw.handling.map((item) => item.ask));
  const ignored = (input.asks ?? []).filter((ask) => !handled.has(ask.thing));
  if (ignored.length) reviewReasons.push(`The draft does not handle: ${ignored.map((ask) => ask.thing).join('; ')}`);

  // A kind of draft the user keeps rejecting (this sender, this domain): flagged, and half as confident.
  const confidence = learnt.rejected ? raw.confidence * REJECTED_CONFIDENCE_FACTOR : raw.confidence;
  if (learnt.rejected) reviewReasons.push(learnt.rejected);
  if (confidence < LOW_CONFIDENCE) reviewReasons.push('Low confidence');

  return {
    body,
    subject: replySubject(raw.subject ?? input.email.subject),
    mode: input.mode,
    confidence: Math.max(0, Math.min(1, confidence)),
    reasons,
    usedSources: raw.usedSources,
    suggestedAttachments: input.mode === 'full' ? input.attachments : [],
    reviewReasons,
    // Scored on the user's own words: the profile was built without signatures.
    styleMatch: input.profile ? styleMatch(input.profile, [greeting, content, closing].filter(Boolean).join('\n\n')) : null,
    language,
    engine: raw.engine,
    plan: raw.plan,
    handling: raw.handling,
    noDraftReason: null,
  };
}
