/**
 * The built-in engine (no model, no network): retrieval and adaptation of the user's own replies.
 *
 * 1. Every past reply the service retrieved is a candidate: the user's own words of it (quotes and
 *    signature cut, greeting and closing lines cut: the voice adds this mail's own).
 * 2. Each is adapted to this mail: sentences stating a fact (number, date, amount) or naming
 *    someone/something this thread never mentions belonged to the old mail and are dropped; the old
 *    sender's first name becomes this sender's.
 * 3. Each is scored on how well it fits (FIT_WEIGHTS): how similar the mail it answered is to this
 *    one, whether it was written to this same sender, and how much of it survived adaptation.
 * 4. The best one, when it fits well enough (MIN_FIT), is the body; else a holding reply in the
 *    user's words. A past reply the drafting memory says not to reuse (avoid_source: the user
 *    rejected or rewrote the drafts adapted from it) is passed over. Knowledge passages that
 *    answer a question of the mail are quoted under it.
 * 5. The body is wrapped in the greeting, closing and signature the user writes to this kind of
 *    recipient (voice.ts).
 */
import { SIGN_OFF, splitOwnWords } from '../../mail/engine/own-words.ts';
import { languageOf } from '../../understanding/engine/language.ts';
import { factKeys, factsOf, isSourced } from './facts.ts';
import { foreignHoldingReply, holdingBody, isOtherTemplateLanguage } from './holding-reply.ts';
import { rougeL } from './rouge.ts';
import type { ComposeInput, KnowledgePassage, PastReply, RawDraft, UsedSource } from './types.ts';
import { type Voice, voiceFor } from './voice.ts';

// --- words ----------------------------------------------------------------------------------------

/** Words that say nothing about what a mail is about. */
const STOP_WORDS = new Set(
  'a about above after again all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours re fw fwd cc subject sent original message forwarded please thanks thank hi hello dear regards let know get got'.split(
    ' ',
  ),
);

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]+|\d+/gu) ?? []).filter((word) => !STOP_WORDS.has(word) && word.length > 1);
}

/** Cosine similarity of two texts' content-word sets (each word once: a long thread must not outweigh a short mail). */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.sqrt(a.size * b.size);
}

function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=["'(]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

// --- the user's own words of a past reply ---------------------------------------------------------

/**
 * A first line that is a greeting: "Bob,", "Hi Bob -", "Dear Ms. Lee:", "Monica". A bare line of
 * capitalised words counts only when its first word is no sentence opener ("Looks good" is a reply).
 */
export const GREETING_LINE =
  /^((hi|hello|hey|dear|good (morning|afternoon|evening)|greetings)\b[^.!?]{0,40}|(?!(looks|sounds|thanks|thank|yes|no|ok|okay|sure|great|good|fine|done|agreed|agree|approved|please|see|will|noted|perfect|correct|right|nice|cool|excellent|interesting|fyi|call|let)\b)\p{Lu}[\p{L}.'-]*( (and|&) \p{Lu}[\p{L}.'-]*| \p{Lu}[\p{L}.'-]*){0,2}\s*(,|:|-+|–|—)?)$/iu;

/** The body of a past reply: own words without the greeting line and the closing line(s). */
export function replyBody(text: string, ownerName: string | null): string {
  const lines = splitOwnWords(text, ownerName).text.split('\n');
  const first = lines.findIndex((line) => line.trim());
  if (first >= 0 && lines.length > first + 1 && GREETING_LINE.test(lines[first]!.trim())) lines.splice(0, first + 1);
  while (lines.length && (!lines[lines.length - 1]!.trim() || SIGN_OFF.test(lines[lines.length - 1]!.trim()))) lines.pop();
  while (lines.length && !lines[0]!.trim()) lines.shift();
  // Initials or a first name signed on the last line ("Thanks. MHC", "Done. Michelle"): the voice
  // signs the draft, so the old one goes.
  const ownWords = new Set((ownerName ?? '').toLowerCase().match(/\p{L}+/gu) ?? []);
  if (lines.length) {
    const last = lines[lines.length - 1]!;
    const signed = /^(.*[.!?])\s+-*\s*(\p{L}{2,12})\s*$/u.exec(last);
    const token = signed?.[2]?.toLowerCase();
    if (
      signed &&
      token &&
      (ownWords.has(token) ||
        (token.length <= 3 && !COMMON_SHORT.has(token) && signed[2] === signed[2]!.toUpperCase()) ||
        (/^\p{Ll}{2,3}$/u.test(signed[2]!) && !COMMON_SHORT.has(token)))
    ) {
      lines[lines.length - 1] = signed[1]!;
    }
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** Short words that end a sentence-final line and are no initials. */
const COMMON_SHORT = new Set('ok no yes so me us it go do on in up by to we he she him her you all now too thx etc'.split(' '));

/** The first name the past reply greeted its recipient by ("Bob," / "Hi Bob -"), or null. */
function greetedName(text: string, ownerName: string | null): string | null {
  const lines = splitOwnWords(text, ownerName).text.trim().split('\n');
  const first = lines[0]?.trim() ?? '';
  if (lines.length < 2 || !GREETING_LINE.test(first)) return null;
  const name = /^(?:(?:hi|hello|hey|dear)\s+)?(\p{Lu}[\p{L}'-]+)/u.exec(first)?.[1] ?? null;
  return name && !COMMON_CAPITALS.has(name.toLowerCase()) && !/^(hi|hello|hey|dear|good|greetings)$/i.test(name) ? name : null;
}

// --- adaptation -----------------------------------------------------------------------------------

/** Capitalised words that name no one in particular: they never make a sentence specific to the old mail. */
const COMMON_CAPITALS = new Set(
  "i i'm i'll i've i'd ok okay monday tuesday wednesday thursday friday saturday sunday today tomorrow january february march april may june july august september october november december thanks please".split(
    ' ',
  ),
);

type Adapted = { text: string; keptWords: number; totalWords: number };

/**
 * The past reply made to fit this mail. A sentence is dropped when it states a fact this thread
 * does not (the old mail's dates and amounts), or names something (a capitalised word inside the
 * sentence: a person, a company, a deal) this thread never mentions. The old sender's first name
 * is replaced by this sender's.
 */
function adapt(
  body: string,
  context: { keys: Set<string>; words: Set<string>; oldName: string | null; firstName: string | null; ownNames: Set<string> },
): Adapted {
  const paragraphs: string[] = [];
  let kept = 0;
  let total = 0;
  for (const paragraph of body.split(/\n\s*\n/)) {
    const out: string[] = [];
    for (let sentence of sentencesOf(paragraph.replace(/\s*\n\s*/g, ' '))) {
      const words = wordCount(sentence);
      total += words;
      if (context.oldName && context.firstName) sentence = sentence.replace(new RegExp(`\\b${context.oldName}\\b`, 'g'), context.firstName);
      if (factsOf(sentence).some((fact) => !isSourced(fact, context.keys))) continue;
      const names = (sentence.match(/(?<=\S\s+)\p{Lu}[\p{L}'-]+/gu) ?? []).map((name) => name.toLowerCase());
      const foreign = names.filter(
        (name) =>
          !COMMON_CAPITALS.has(name) &&
          !context.words.has(name) &&
          !context.ownNames.has(name) &&
          name !== context.firstName?.toLowerCase(),
      );
      if (foreign.length) continue;
      kept += words;
      out.push(sentence);
    }
    if (out.length) paragraphs.push(out.join(' '));
  }
  return { text: paragraphs.join('\n\n'), keptWords: kept, totalWords: total };
}

// --- choosing -------------------------------------------------------------------------------------

/**
 * How a candidate's fit is weighed: similarity of the mail it answered to this one (0..1, the most
 * telling), written to this same sender (a reply to the same person reuses their register), and
 * the share of it that survived adaptation (a reply cut to a stub no longer says what it said).
 */
const FIT_WEIGHTS = { similarity: 0.55, sameSender: 0.2, kept: 0.25 };
/** Below this fit the best past reply is about something else: the holding reply is safer. */
const MIN_FIT = 0.3;
/** The fallback's confidence: it answers nothing, so the user should look at it. */
const HOLDING_CONFIDENCE = 0.2;
/**
 * A draft longer than this many times the user's typical mail is cut at a sentence boundary: long
 * past replies carry the old mail's detail, and the user reviews a short draft faster.
 */
const MAX_LENGTH_FACTOR = 1.5;

/**
 * Weight of consensus in the fit: the mean ROUGE-L of a candidate against the other candidates
 * (0..1, in practice under 0.3). Measured on the drafting bench: choosing by consensus beats
 * choosing by similarity alone (it prefers the user's usual answer to an outlier).
 */
const CONSENSUS_WEIGHT = 2;

type Candidate = { past: PastReply; adapted: Adapted; fit: number; similarity: number };

function typicalLength(input: ComposeInput, voice: Voice): number {
  const profile = input.profile;
  if (!profile) return 60;
  const context = voice.audience ? profile.contextStyles[voice.audience] : null;
  return Math.max(15, context?.typicalLength ?? profile.avgEmailLength ?? 60);
}

/** Cut a text after the sentence that reaches `maxWords`. */
function shorten(text: string, maxWords: number): string {
  const out: string[] = [];
  let words = 0;
  for (const paragraph of text.split('\n\n')) {
    const kept: string[] = [];
    for (const sentence of sentencesOf(paragraph)) {
      if (words >= maxWords) break;
      kept.push(sentence);
      words += wordCount(sentence);
    }
    if (kept.length) out.push(kept.join(' '));
    if (words >= maxWords) break;
  }
  return out.join('\n\n');
}

/**
 * The length the drafting memory learnt for replies to this sender (learning-memory.ts, kind
 * 'length'): the contact's own beats their domain's beats the overall one. Null: nothing learnt.
 */
export function learntLength(input: Pick<ComposeInput, 'memory' | 'email'>): number | null {
  const sender = input.email.from.address.toLowerCase();
  const domain = sender.split('@')[1] ?? '';
  const lengths = (input.memory ?? []).filter((item) => item.kind === 'length');
  const found =
    lengths.find((item) => item.scope === 'sender' && item.scopeValue === sender) ??
    lengths.find((item) => item.scope === 'domain' && item.scopeValue === domain) ??
    lengths.find((item) => item.scope === 'global');
  const words = found ? Number(found.value) : Number.NaN;
  return Number.isFinite(words) && words > 0 ? words : null;
}

function rank(input: ComposeInput, voice: Voice, language: string | null): Candidate[] {
  const mailWords = new Set(contentWords(`${input.email.subject ?? ''}\n${input.email.text}`));
  const threadText = [input.email.subject ?? '', input.email.text, ...input.thread.map((message) => message.text)];
  const context = {
    keys: factKeys(threadText),
    words: new Set(
      threadText
        .join('\n')
        .toLowerCase()
        .match(/\p{L}[\p{L}'-]+/gu) ?? [],
    ),
    firstName: voice.firstName,
    ownNames: new Set((input.owner.name ?? '').toLowerCase().match(/\p{L}[\p{L}'-]+/gu) ?? []),
  };
  const candidates: Candidate[] = [];
  for (const past of input.pastReplies) {
    const body = replyBody(past.reply.text, input.owner.name);
    if (wordCount(body) === 0) continue;
    // A reply in another language than this mail's would be answered in the wrong language.
    const replyLanguage = languageOf(body);
    if (language && replyLanguage && replyLanguage !== language) continue;
    const oldName = greetedName(past.reply.text, input.owner.name);
    const adapted = adapt(body, { ...context, oldName });
    if (adapted.keptWords === 0) continue;
    const sim = similarity(mailWords, new Set(contentWords(`${past.incoming.subject ?? ''}\n${past.incoming.text}`)));
    // Similarity doubled and capped: mails sharing half their content words are as alike as mails get.
    const fit =
      FIT_WEIGHTS.similarity * Math.min(1, sim * 2) +
      FIT_WEIGHTS.sameSender * (past.sameSender ? 1 : 0) +
      FIT_WEIGHTS.kept * (adapted.keptWords / adapted.totalWords);
    candidates.push({ past, adapted, fit, similarity: sim });
  }
  // Consensus (minimum Bayes risk selection): a reply that shares much wording with the user's other
  // replies to similar mail is what they typically answer; an outlier is specific to its old mail.
  if (candidates.length > 1) {
    for (const candidate of candidates) {
      let agreement = 0;
      for (const other of candidates) if (other !== candidate) agreement += rougeL(candidate.adapted.text, other.adapted.text);
      candidate.fit += CONSENSUS_WEIGHT * (agreement / (candidates.length - 1));
    }
  }
  return candidates.sort((a, b) => b.fit - a.fit);
}

// --- knowledge ------------------------------------------------------------------------------------

/** A question of the mail shares at least this many content words with a passage it answers. */
const MIN_SHARED_WORDS = 2;
/** A quoted passage is cut to this many characters, at a sentence end when it can be. */
const MAX_QUOTE_CHARS = 400;

function questionsOf(text: string): string[] {
  return sentencesOf(text.replace(/\s*\n\s*/g, ' ')).filter(
    (sentence) => sentence.endsWith('?') || /^(what|when|where|who|why|how|which|do|does|is|are|can|could)\b/i.test(sentence),
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_QUOTE_CHARS) return flat;
  const cut = flat.slice(0, MAX_QUOTE_CHARS);
  const end = cut.lastIndexOf('. ');
  return end > MAX_QUOTE_CHARS / 3 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

/** For each question of the mail, the retrieved passage sharing the most content words with it (at least MIN_SHARED_WORDS). */
function knowledgeAnswers(input: ComposeInput): KnowledgePassage[] {
  const picked: KnowledgePassage[] = [];
  for (const question of questionsOf(input.email.text)) {
    const words = new Set(contentWords(question));
    let best: { passage: KnowledgePassage; shared: number } | null = null;
    for (const passage of input.knowledge) {
      const passageWords = new Set(contentWords(passage.text));
      let shared = 0;
      for (const word of words) if (passageWords.has(word)) shared++;
      if (shared >= MIN_SHARED_WORDS && (!best || shared > best.shared)) best = { passage, shared };
    }
    if (best && !picked.includes(best.passage)) picked.push(best.passage);
  }
  return picked;
}

// --- the draft ------------------------------------------------------------------------------------

/** Greeting, body, closing and signature, laid out the way the user lays them out. */
export function wrapInVoice(
  voice: Pick<Voice, 'greeting' | 'closing' | 'signature' | 'blankAfterGreeting' | 'blankBeforeSignOff'>,
  body: string,
): string {
  const parts: string[] = [];
  if (voice.greeting) parts.push(voice.greeting, voice.blankAfterGreeting ? '\n\n' : '\n');
  parts.push(body.trim());
  const signOff = [voice.closing, voice.signature].filter(Boolean).join('\n');
  if (signOff) parts.push(voice.blankBeforeSignOff ? '\n\n' : '\n', signOff);
  return parts.join('');
}

function pastReplySource(past: PastReply): UsedSource {
  return {
    kind: 'past_reply',
    ...(past.reply.id ? { replyEmailId: past.reply.id } : {}),
    subject: past.reply.subject ?? past.incoming.subject,
    date: past.reply.date?.toISOString() ?? null,
    excerpt: excerpt(past.reply.text).slice(0, 200),
  };
}

function knowledgeSource(passage: KnowledgePassage): UsedSource {
  return {
    kind: 'knowledge',
    documentId: passage.documentId,
    filename: passage.filename,
    headingPath: passage.headingPath,
    excerpt: excerpt(passage.text).slice(0, 200),
  };
}

function describeDate(date: Date | null): string {
  return date ? ` on ${date.toISOString().slice(0, 10)}` : '';
}

/** A holding reply: Buy Time's promise with `hours`, the fallback's "shortly" without. */
function holdingDraft(input: ComposeInput, voice: Voice, language: string | null, hours: number | null, reason: string): RawDraft {
  if (isOtherTemplateLanguage(language)) {
    const foreign = foreignHoldingReply(language, voice.firstName, hours);
    return {
      body: wrapInVoice({ ...voice, greeting: foreign.greeting, closing: foreign.closing }, foreign.body),
      confidence: hours === null ? HOLDING_CONFIDENCE : 0.9,
      reasons: [reason, `Written in the language of the mail (${language})`],
      usedSources: [],
      engine: 'builtin',
    };
  }
  return {
    body: wrapInVoice(voice, holdingBody(input.profile, input.pastReplies, hours)),
    // Buy Time promises only a later answer, which it can always do; the fallback answers nothing.
    confidence: hours === null ? HOLDING_CONFIDENCE : 0.9,
    reasons: [reason],
    usedSources: [],
    engine: 'builtin',
  };
}

export function builtinDraft(input: ComposeInput): RawDraft {
  const voice = voiceFor(input);
  const language = languageOf(input.email.text);
  if (input.mode === 'buy_time') {
    return holdingDraft(
      input,
      voice,
      language,
      input.buyTimeHours,
      `Buy Time: a holding reply promising a full answer within ${input.buyTimeHours} hours`,
    );
  }
  const knowledge = knowledgeAnswers(input);
  const ranked = rank(input, voice, language);
  // The memory's past replies not to reuse are passed over; the reasons name the one that would
  // have been chosen (avoiding a reply that was not going to be used says nothing worth reading).
  const avoided = new Set((input.memory ?? []).filter((item) => item.kind === 'avoid_source').map((item) => item.value));
  const best = ranked.find((candidate) => !candidate.past.reply.id || !avoided.has(candidate.past.reply.id));
  const passedOver = ranked[0] && ranked[0] !== best && ranked[0].fit >= MIN_FIT ? ranked[0] : null;
  const leftOut = passedOver
    ? [
        `Left out your reply to "${passedOver.past.incoming.subject ?? '(no subject)'}"${describeDate(passedOver.past.reply.date)}: you rejected or rewrote the drafts adapted from it`,
      ]
    : [];
  if ((!best || best.fit < MIN_FIT) && knowledge.length === 0) {
    const reason = input.pastReplies.length
      ? 'None of your past replies fits this mail: a holding reply'
      : 'No past reply to draw on: a holding reply';
    const holding = holdingDraft(input, voice, language, null, reason);
    return { ...holding, reasons: [...holding.reasons, ...leftOut] };
  }
  const parts: string[] = [];
  const reasons: string[] = [];
  const usedSources: UsedSource[] = [];
  let confidence = HOLDING_CONFIDENCE;
  if (best && best.fit >= MIN_FIT) {
    const typical = typicalLength(input, voice);
    // What the user's replies to this sender are learnt to be (drafting memory) caps it further:
    // cut after the sentence reaching it (measured: cutting before it scored worse on 2 of 3 corpora).
    const learnt = learntLength(input);
    const text = shorten(best.adapted.text, Math.min(MAX_LENGTH_FACTOR * typical, learnt ?? Number.POSITIVE_INFINITY));
    parts.push(text);
    reasons.push(`Adapted from your reply to "${best.past.incoming.subject ?? '(no subject)'}"${describeDate(best.past.reply.date)}`);
    if (learnt !== null && text !== shorten(best.adapted.text, MAX_LENGTH_FACTOR * typical))
      reasons.push(`Kept to about ${learnt} words: what Penman learnt of how long you answer this sender`);
    if (best.past.sameSender) reasons.push('You wrote it to this same sender');
    reasons.push(...leftOut);
    usedSources.push(pastReplySource(best.past));
    // The fit, capped: an adapted reply is never certain (consensus can push the fit above 1).
    confidence = Math.min(0.95, best.fit);
  } else {
    parts.push(holdingBody(input.profile, input.pastReplies, null));
    reasons.push(...leftOut);
  }
  for (const passage of knowledge) {
    parts.push(`From ${passage.filename}: "${excerpt(passage.text)}"`);
    reasons.push(`Quotes ${passage.filename}, which answers a question in the mail`);
    usedSources.push(knowledgeSource(passage));
    confidence = Math.max(confidence, 0.5);
  }
  return { body: wrapInVoice(voice, parts.join('\n\n')), confidence, reasons, usedSources, engine: 'builtin' };
}
