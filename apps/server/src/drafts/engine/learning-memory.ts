/**
 * The account's drafting memory (issue 20): durable patterns of the comparisons of drafts with what
 * the user really sent (learning.ts), and how a draft applies them. Pure: the drafts service stores
 * the items (`drafting_memory`), gather passes them in ComposeInput.memory, post-processing applies
 * them, the learning bench replays the corpus through the same two functions.
 *
 * A pattern becomes memory only when it is durable, seen in several independent drafts (different
 * emails): one edit says what the user wanted in that mail, the same edit again says how they write.
 */
import { isFreeMail } from '../../mail/engine/people.ts';
import { type DraftComparison, MAX_DIFF_WORDS, MAX_PHRASE_WORDS } from './learning.ts';
import type { MemoryItem, MemoryKind, MemoryScope } from './types.ts';

export type { MemoryItem } from './types.ts';

/** What the user did with one draft: the final text compared with it, or a rejection. */
export type LearningObservation = {
  /** One per draft: every draft answers another email, so observations are independent. */
  draftId: string;
  /** The sender of the email the draft answered, lower-cased. */
  sender: string | null;
  /** The sender's first name as a greeting writes it (voice.ts firstNameOf), to learn "Hi [Name]," per domain. */
  firstName?: string | null;
  at: Date;
  outcome: 'final' | 'rejected';
  /** Null for a rejection. */
  comparison: DraftComparison | null;
  /** The email id of the past reply the draft was adapted from (its past_reply source), if any. */
  pastReplyId?: string | null;
  /** The final text is the user's own reply arriving by sync to a draft never decided in the review queue (maybe never seen). */
  ownReply?: boolean;
};

/**
 * A phrase is avoided once the user removed it from at least this many drafts and kept it in at most
 * a quarter as many: three, not two, because a removed phrase is often only what that mail did not
 * need; the user cutting the same words from three different drafts is a habit.
 */
export const AVOID_MIN_DRAFTS = 3;
const AVOID_MAX_KEPT_SHARE = 0.25;
/** The same in-place substitution in two drafts is already a preference (the user typed the same words twice). */
export const SUBSTITUTION_MIN_DRAFTS = 2;
/** The greeting (closing) of the last this many finals to a sender agree: the user's way with that contact. */
export const CONTACT_HABIT_DRAFTS = 2;
/** The last this many drafts to a sender were rejected: drafts to them are flagged and less confident. */
export const REJECTED_SENDER_DRAFTS = 2;
/** The last this many drafts to a domain were rejected, across at least two of its senders. */
export const REJECTED_DOMAIN_DRAFTS = 3;
/**
 * Drafts adapted from one past reply that the user rejected or replaced, since they last sent one of
 * them (nearly) as it was: the engine then stops adapting that reply. Two, as for a rejected sender:
 * each draft answered another email, so the same reply failing twice is the reply, not the mail.
 */
export const AVOID_SOURCE_MIN_DRAFTS = 2;
/**
 * An edit replaced the draft when the comparison says rewritten and the user kept less than this
 * share of the draft's words: a draft kept whole under the user's own added paragraph is
 * "rewritten" by similarity, yet the past reply's words served. Only edits in the review queue
 * count: the user's own reply arriving by sync may have been written without a look at the draft,
 * and counting those (bench/learning.ts with REPLIES_AS_EDITS=1: its real replies are such replies)
 * moved the last quarter's ROUGE-L by -10.3 / -1.6 / -4.1% (corpus / b / c) instead of -0.6 / -0.3
 * / -0.4%: the built-in engine's drafts are nearly all rewrites of what the user sends, so every
 * past reply used twice was dropped, the best ones first.
 */
const REPLACED_MAX_KEPT_SHARE = 0.5;
/** At most this many phrases and substitutions are kept (the most evidenced). */
const MAX_PHRASES = 30;

/** Function words: an n-gram of only these ("of the", "i will") is no phrase of the user's. */
const FUNCTION_WORDS = new Set(
  "a an the and or but if of to in on at for with from by as is are was were be been am i you we he she it they me us them my your our his her its their this that these those there here will would can could should shall may might do does did have has had not no so just also any some all i'm i'll it's".split(
    ' ',
  ),
);

/** A run's phrases (n-grams of 2..MAX_PHRASE_WORDS words, not only function words or numbers) and where each starts. */
function phrasesOf(run: string): Map<string, number> {
  const words = run.split(' ');
  const out = new Map<string, number>();
  for (let n = MAX_PHRASE_WORDS; n >= 2; n--)
    for (let i = 0; i + n <= words.length; i++) {
      const gram = words.slice(i, i + n);
      const phrase = gram.join(' ');
      if (!out.has(phrase) && gram.some((word) => !FUNCTION_WORDS.has(word) && !/^\d+$/.test(word))) out.set(phrase, i);
    }
  return out;
}

const domainOf = (address: string) => address.split('@')[1] ?? '';

type Tally = { drafts: Set<string>; first: Date; last: Date; runs?: Set<string>; position?: number };

function tally(map: Map<string, Tally>, key: string, observation: LearningObservation): void {
  const entry = map.get(key) ?? { drafts: new Set<string>(), first: observation.at, last: observation.at };
  entry.drafts.add(observation.draftId);
  if (observation.at < entry.first) entry.first = observation.at;
  if (observation.at > entry.last) entry.last = observation.at;
  map.set(key, entry);
}

function globalPhrases(observations: LearningObservation[]): MemoryItem[] {
  const removed = new Map<string, Tally>();
  const kept = new Map<string, Set<string>>();
  const substitutions = new Map<string, Tally>();
  for (const observation of observations) {
    const comparison = observation.comparison;
    // Only an edit says which words the user took out: a reply they wrote themselves instead
    // (rewritten) removes every word of the draft, its own good ones too.
    if (comparison?.verdict !== 'lightly_edited') continue;
    const removedHere = new Map<string, { run: string; position: number }>();
    for (const run of comparison.removed)
      for (const [phrase, position] of phrasesOf(run)) if (!removedHere.has(phrase)) removedHere.set(phrase, { run, position });
    for (const [phrase, { run, position }] of removedHere) {
      tally(removed, phrase, observation);
      const t = removed.get(phrase)!;
      t.runs = t.runs ?? new Set();
      t.runs.add(run);
      t.position = Math.min(t.position ?? position, position);
    }
    for (const { from, to } of comparison.substitutions) tally(substitutions, `${from}\u0000${to}`, observation);
    const keptHere = new Set<string>();
    for (const run of comparison.kept) for (const phrase of phrasesOf(run).keys()) keptHere.add(phrase);
    for (const phrase of keptHere) {
      const set = kept.get(phrase) ?? new Set<string>();
      set.add(observation.draftId);
      kept.set(phrase, set);
    }
  }
  const avoid = [...removed]
    .filter(([phrase, t]) => t.drafts.size >= AVOID_MIN_DRAFTS && (kept.get(phrase)?.size ?? 0) <= AVOID_MAX_KEPT_SHARE * t.drafts.size)
    .sort(
      (a, b) =>
        b[1].drafts.size - a[1].drafts.size ||
        b[0].split(' ').length - a[0].split(' ').length ||
        (a[1].position ?? 0) - (b[1].position ?? 0),
    );
  const chosen: { phrase: string; t: Tally }[] = [];
  for (const [phrase, t] of avoid) {
    // One item per habit: the n-grams of one cut sentence ("please do not hesitate", "contact me with
    // any") cut from the same drafts are that sentence once; its first, longest n-gram names it.
    const sameCut = (other: Tally) =>
      other.drafts.size === t.drafts.size &&
      [...t.drafts].every((d) => other.drafts.has(d)) &&
      [...t.runs!].some((run) => other.runs!.has(run));
    if (chosen.some((c) => c.phrase.includes(phrase) || phrase.includes(c.phrase) || sameCut(c.t))) continue;
    chosen.push({ phrase, t });
  }
  const items = chosen.map(({ phrase, t }) => item('global', '', 'avoid_phrase', phrase, null, t));
  for (const [key, t] of substitutions) {
    if (t.drafts.size < SUBSTITUTION_MIN_DRAFTS) continue;
    const [from, to] = key.split('\u0000') as [string, string];
    items.push(item('global', '', 'substitution', from, to, t));
  }
  return items.sort((a, b) => b.evidence - a.evidence).slice(0, MAX_PHRASES);
}

function item(scope: MemoryScope, scopeValue: string, kind: MemoryKind, value: string, replacement: string | null, t: Tally): MemoryItem {
  return { scope, scopeValue, kind, value, replacement, evidence: t.drafts.size, firstSeenAt: t.first, lastSeenAt: t.last };
}

/** Observations grouped by a key of their sender, each group in time order with one per draft (the last). */
function bySenderKey(observations: LearningObservation[], keyOf: (sender: string) => string | null): Map<string, LearningObservation[]> {
  const groups = new Map<string, Map<string, LearningObservation>>();
  for (const observation of [...observations].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = observation.sender ? keyOf(observation.sender) : null;
    if (!key) continue;
    const group = groups.get(key) ?? new Map<string, LearningObservation>();
    group.delete(observation.draftId);
    group.set(observation.draftId, observation);
    groups.set(key, group);
  }
  return new Map([...groups].map(([key, group]) => [key, [...group.values()]]));
}

/** A greeting line with the sender's first name as [Name] ("Hi Bob," -> "Hi [Name],"), the profile's notation. */
function asTemplate(line: string, firstName: string | null | undefined): string {
  return firstName ? line.replace(new RegExp(`\\b${firstName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'), '[Name]') : line;
}

const lineKey = (line: string) => line.toLowerCase().replace(/[\s,.!:;–—-]+$/, '');

/**
 * Per domain (an organisation's, not free mail): the last this many finals to at least two of its
 * senders open (close) the same way, names aside: "no greeting with colleagues at enron.com".
 */
export const DOMAIN_HABIT_DRAFTS = 3;

function domainHabits(observations: LearningObservation[]): MemoryItem[] {
  const finals = observations.filter((o) => o.outcome === 'final');
  const items: MemoryItem[] = [];
  for (const [domain, list] of bySenderKey(finals, (sender) => (isFreeMail(domainOf(sender)) ? null : domainOf(sender) || null))) {
    const recent = list.slice(-DOMAIN_HABIT_DRAFTS);
    if (recent.length < DOMAIN_HABIT_DRAFTS || new Set(recent.map((o) => o.sender)).size < 2) continue;
    for (const kind of ['greeting', 'closing'] as const) {
      const lines = recent.map((o) => asTemplate(o.comparison![kind].final ?? '', o.firstName));
      if (new Set(lines.map(lineKey)).size !== 1) continue;
      // A literal name left in a domain's greeting would greet everyone there by one person's name.
      if (kind === 'greeting' && lines[0] && !lines[0].includes('[Name]') && recent.some((o) => o.firstName)) continue;
      if (!list.some((o) => o.comparison![kind].changed)) continue;
      items.push(item('domain', domain, kind, lines[lines.length - 1]!, null, tallyOf(recent)));
    }
  }
  return items;
}

/**
 * Over all the user's mail: of their last GLOBAL_HABIT_DRAFTS finals, at least GLOBAL_HABIT_AGREE
 * open (close) the same way, names aside ("[Name]," where the profile wrote "Hi [Name],", or no
 * greeting at all). Four of five, not all: one mail to a stranger written differently is no change
 * of habit. A contact's or a domain's own habit wins over it.
 */
export const GLOBAL_HABIT_DRAFTS = 5;
export const GLOBAL_HABIT_AGREE = 4;

function globalHabits(observations: LearningObservation[]): MemoryItem[] {
  const finals = [...(bySenderKey(observations, () => 'all').get('all') ?? [])].filter((o) => o.outcome === 'final');
  const recent = finals.slice(-GLOBAL_HABIT_DRAFTS);
  if (recent.length < GLOBAL_HABIT_DRAFTS) return [];
  const items: MemoryItem[] = [];
  for (const kind of ['greeting', 'closing'] as const) {
    const lines = recent.map((o) => asTemplate(o.comparison![kind].final ?? '', o.firstName));
    const counts = new Map<string, { line: string; agreeing: LearningObservation[] }>();
    lines.forEach((line, index) => {
      const entry = counts.get(lineKey(line)) ?? { line, agreeing: [] };
      entry.line = line;
      entry.agreeing.push(recent[index]!);
      counts.set(lineKey(line), entry);
    });
    const top = [...counts.values()].sort((a, b) => b.agreeing.length - a.agreeing.length)[0]!;
    if (top.agreeing.length < GLOBAL_HABIT_AGREE) continue;
    if (kind === 'greeting' && top.line && !top.line.includes('[Name]') && top.agreeing.some((o) => o.firstName)) continue;
    if (!finals.some((o) => o.comparison![kind].changed)) continue;
    items.push(item('global', '', kind, top.line, null, tallyOf(top.agreeing)));
  }
  return items;
}

function contactHabits(observations: LearningObservation[]): MemoryItem[] {
  const finals = observations.filter((o) => o.outcome === 'final');
  const items: MemoryItem[] = [];
  for (const [sender, list] of bySenderKey(finals, (sender) => sender)) {
    const recent = list.slice(-CONTACT_HABIT_DRAFTS);
    if (recent.length < CONTACT_HABIT_DRAFTS) continue;
    for (const kind of ['greeting', 'closing'] as const) {
      const lines = recent.map((o) => o.comparison![kind].final ?? '');
      if (new Set(lines.map(lineKey)).size !== 1) continue;
      // Only what drafts to this contact got wrong is worth remembering (a habit the profile already
      // writes needs no item); once learnt, drafts get it right, and the earlier correction keeps it.
      if (!list.some((o) => o.comparison![kind].changed)) continue;
      const t: Tally = { drafts: new Set(recent.map((o) => o.draftId)), first: recent[0]!.at, last: recent[recent.length - 1]!.at };
      items.push(item('sender', sender, kind, lines[lines.length - 1]!, null, t));
    }
  }
  return items;
}

function rejectedKinds(observations: LearningObservation[]): MemoryItem[] {
  const items: MemoryItem[] = [];
  for (const [sender, list] of bySenderKey(observations, (sender) => sender)) {
    const recent = list.slice(-REJECTED_SENDER_DRAFTS);
    if (recent.length === REJECTED_SENDER_DRAFTS && recent.every((o) => o.outcome === 'rejected'))
      items.push(item('sender', sender, 'lower_confidence', sender, null, tallyOf(recent)));
  }
  // A domain of free mail (gmail.com) is no organisation: its senders have nothing in common.
  for (const [domain, list] of bySenderKey(observations, (sender) => (isFreeMail(domainOf(sender)) ? null : domainOf(sender) || null))) {
    const recent = list.slice(-REJECTED_DOMAIN_DRAFTS);
    if (
      recent.length === REJECTED_DOMAIN_DRAFTS &&
      recent.every((o) => o.outcome === 'rejected') &&
      new Set(recent.map((o) => o.sender)).size >= 2
    )
      items.push(item('domain', domain, 'lower_confidence', domain, null, tallyOf(recent)));
  }
  return items;
}

/**
 * How long the user's replies are: the median body length (words between greeting and closing) of
 * their last LENGTH_WINDOW finals, per contact, per domain (an organisation's, two senders or more)
 * and overall, from at least LENGTH_MIN_DRAFTS finals (a median of three is the smallest one unusual
 * reply cannot move). Rewrites count: whatever words the user chose, how many they chose says how
 * long they answer. The built-in engine uses it only as a cap (it trims, it cannot add), so it is
 * learnt whatever the drafts' length was: gating it on "drafts were longer" made it come and go,
 * since trimmed drafts then match the replies (measured worse on bench/learning.ts).
 */
export const LENGTH_MIN_DRAFTS = 3;
/** The latest this many finals make the median: the user's length now, not a year ago. */
export const LENGTH_WINDOW = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function lengthHabits(observations: LearningObservation[]): MemoryItem[] {
  const finals = observations.filter((o) => o.outcome === 'final' && o.comparison!.length.finalBodyWords > 0);
  const items: MemoryItem[] = [];
  const groups: [MemoryScope, Map<string, LearningObservation[]>][] = [
    ['global', new Map([['', bySenderKey(finals, () => 'all').get('all') ?? []]])],
    ['sender', bySenderKey(finals, (sender) => sender)],
    ['domain', bySenderKey(finals, (sender) => (isFreeMail(domainOf(sender)) ? null : domainOf(sender) || null))],
  ];
  for (const [scope, groupsOfScope] of groups)
    for (const [key, list] of groupsOfScope) {
      const recent = list.slice(-LENGTH_WINDOW);
      if (recent.length < LENGTH_MIN_DRAFTS) continue;
      if (scope === 'domain' && new Set(recent.map((o) => o.sender)).size < 2) continue;
      const words = Math.round(median(recent.map((o) => o.comparison!.length.finalBodyWords)));
      items.push(item(scope, key, 'length', String(words), null, tallyOf(recent)));
    }
  return items;
}

/**
 * What a decision says of the past reply its draft was adapted from: replaced (rejected, or edited
 * keeping little of it: REPLACED_MAX_KEPT_SHARE), used (sent keeping most of it), or nothing (the
 * user's own reply, by sync, that kept little of it).
 */
function sourceVerdict(observation: LearningObservation): 'replaced' | 'used' | null {
  const comparison = observation.comparison;
  if (!comparison) return 'replaced';
  if (comparison.verdict !== 'rewritten') return 'used';
  const keptWords = comparison.kept.reduce((sum, run) => sum + run.split(' ').length, 0);
  const draftWords = Math.min(comparison.length.draftBodyWords, MAX_DIFF_WORDS);
  if (draftWords > 0 && keptWords >= REPLACED_MAX_KEPT_SHARE * draftWords) return 'used';
  return observation.ownReply ? null : 'replaced';
}

/** Past replies (avoid_source, global: a reply is no one sender's) whose drafts were replaced AVOID_SOURCE_MIN_DRAFTS times since one was last used. */
function avoidedSources(observations: LearningObservation[]): MemoryItem[] {
  const bySource = new Map<string, LearningObservation[]>();
  for (const observation of [...observations].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (!observation.pastReplyId) continue;
    bySource.set(observation.pastReplyId, [...(bySource.get(observation.pastReplyId) ?? []), observation]);
  }
  const items: MemoryItem[] = [];
  for (const [source, list] of bySource) {
    const lastUsed = list.findLastIndex((observation) => sourceVerdict(observation) === 'used');
    const replaced = list.slice(lastUsed + 1).filter((observation) => sourceVerdict(observation) === 'replaced');
    if (replaced.length >= AVOID_SOURCE_MIN_DRAFTS) items.push(item('global', '', 'avoid_source', source, null, tallyOf(replaced)));
  }
  return items;
}

function tallyOf(list: LearningObservation[]): Tally {
  return { drafts: new Set(list.map((o) => o.draftId)), first: list[0]!.at, last: list[list.length - 1]!.at };
}

/** The drafting memory learnt from an account's observations (any order; one per draft). */
export function deriveMemory(observations: LearningObservation[]): MemoryItem[] {
  return [
    ...globalPhrases(observations),
    ...globalHabits(observations),
    ...contactHabits(observations),
    ...domainHabits(observations),
    ...rejectedKinds(observations),
    ...lengthHabits(observations),
    ...avoidedSources(observations),
  ];
}

/** The identity of an item: what is learnt again updates it rather than adding another. */
export function memoryKey(item: Pick<MemoryItem, 'scope' | 'scopeValue' | 'kind' | 'value'>): string {
  return [
    item.scope,
    item.scopeValue,
    item.kind,
    item.kind === 'greeting' || item.kind === 'closing' || item.kind === 'length' ? '' : item.value,
  ].join('\u0000');
}

// --- applying it ----------------------------------------------------------------------------------

/** What the memory says about a draft to this sender. `undefined` greeting/closing: nothing learnt. */
export type LearntForDraft = {
  avoid: string[];
  substitutions: { from: string; to: string }[];
  greeting: string | null | undefined;
  closing: string | null | undefined;
  /** Why the draft is less confident (a rejected sender or domain), or null. */
  rejected: string | null;
};

export function learntFor(memory: MemoryItem[], senderAddress: string, firstName: string | null = null): LearntForDraft {
  const sender = senderAddress.toLowerCase();
  const domain = domainOf(sender);
  const applies = (item: MemoryItem) =>
    item.scope === 'global' ||
    (item.scope === 'sender' && item.scopeValue === sender) ||
    (item.scope === 'domain' && item.scopeValue === domain);
  const active = memory.filter(applies);
  // The contact's own habit wins over their domain's.
  const contact = (kind: 'greeting' | 'closing') => {
    const usable = (item: MemoryItem) => item.kind === kind && (!item.value.includes('[Name]') || firstName);
    const found =
      active.find((item) => usable(item) && item.scope === 'sender') ??
      active.find((item) => usable(item) && item.scope === 'domain') ??
      active.find((item) => usable(item) && item.scope === 'global');
    return found ? found.value.replace('[Name]', firstName ?? '') || null : undefined;
  };
  const rejected = active.find((item) => item.kind === 'lower_confidence');
  return {
    avoid: active.filter((item) => item.kind === 'avoid_phrase').map((item) => item.value),
    substitutions: active
      .filter((item) => item.kind === 'substitution' && item.replacement)
      .map((item) => ({ from: item.value, to: item.replacement! })),
    greeting: contact('greeting'),
    closing: contact('closing'),
    rejected: rejected
      ? rejected.scope === 'sender'
        ? 'You rejected the last drafts to this sender'
        : `You rejected the last drafts to ${rejected.scopeValue}`
      : null,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A phrase of lower-cased words as a pattern over text: any case, any spacing and punctuation between the words. */
function phrasePattern(phrase: string): RegExp {
  const words = phrase.split(' ').map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s,;:\'’"-]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

function keepCase(found: string, replacement: string): string {
  return /^\p{Lu}/u.test(found) ? `${replacement[0]!.toUpperCase()}${replacement.slice(1)}` : replacement;
}

const SENTENCE_SPLIT = /(?<=[.!?])\s+(?=["'(]?[\p{Lu}\p{N}])/u;

/**
 * The draft's words with the memory applied: substitutions made, and each sentence holding an
 * avoided phrase dropped (the phrase alone cut when it is all the draft says). Answers what changed.
 */
export function applyPhrases(text: string, learnt: Pick<LearntForDraft, 'avoid' | 'substitutions'>): { text: string; applied: string[] } {
  const applied: string[] = [];
  let out = text;
  for (const { from, to } of learnt.substitutions) {
    const pattern = phrasePattern(from);
    if (pattern.test(out)) {
      out = out.replace(pattern, (found) => keepCase(found, to));
      applied.push(`"${to}" for "${from}"`);
    }
  }
  for (const phrase of learnt.avoid) {
    const pattern = phrasePattern(phrase);
    if (!pattern.test(out)) continue;
    pattern.lastIndex = 0;
    const holds = (text: string) => new RegExp(pattern.source, 'iu').test(text);
    // Only the paragraphs holding the phrase are touched (the others keep their line breaks).
    const paragraphs = out.split(/\n\s*\n/).map((paragraph) =>
      holds(paragraph)
        ? paragraph
            .split(SENTENCE_SPLIT)
            .filter((sentence) => !holds(sentence))
            .join(' ')
        : paragraph,
    );
    const kept = paragraphs.filter((paragraph) => paragraph.trim());
    out = kept.length
      ? kept.join('\n\n')
      : out
          .replace(pattern, '')
          .replace(/\s{2,}/g, ' ')
          .trim();
    applied.push(`avoided "${phrase}"`);
  }
  return { text: out, applied };
}
