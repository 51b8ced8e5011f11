/**
 * Learning from what the user does with a draft (issue 20): the draft compared with the text the
 * user really sent (their edit, the draft approved as it was, or their own reply arriving by sync),
 * and the durable patterns of many comparisons turned into the account's drafting memory.
 *
 * Pure: the drafts service reads the feedback rows and stores the memory; the built-in engine's
 * post-processing applies it (post-process.ts, `applyMemory` here), and the learning bench replays
 * the corpus through the same functions.
 */
import { SIGN_OFF, splitOwnWords } from '../../mail/engine/own-words.ts';
import { GREETING_LINE } from './builtin.ts';

// --- comparing a draft with the final text --------------------------------------------------------

/**
 * The verdict, after quotes and signatures are cut:
 * - unchanged: the same words (case, spacing and punctuation aside: "Thanks," vs "thanks"), whatever
 *   the similarity; one word changed in a long draft is already an edit worth learning from.
 * - lightly edited: otherwise, a Dice coefficient of character bigrams of at least
 *   LIGHTLY_EDITED_SIMILARITY: the user kept most of it (a greeting, a phrase, a sentence changed).
 *   Measured on real pairs of the corpus (learning.test.ts, bench/learning.ts): a real reply with a
 *   sentence added or a greeting and a phrase changed scores 0.75-0.95; the built-in engine's
 *   drafts against the replies the users really wrote score 0.03-0.5 (155 of 156 pairs below 0.6).
 * - rewritten: below that, the user wrote their own reply.
 */
export const LIGHTLY_EDITED_SIMILARITY = 0.6;

export type DraftVerdict = 'unchanged' | 'lightly_edited' | 'rewritten';

/** A draft's (or final text's) parts: the greeting line, the words between, the closing line. */
export type ReplyParts = { greeting: string | null; body: string; closing: string | null };

export type DraftComparison = {
  /** Dice coefficient of the two texts' character bigrams, 0..1. */
  similarity: number;
  verdict: DraftVerdict;
  /** Runs of the draft's words the final text does not keep (lower-cased, in draft order). */
  removed: string[];
  /** Runs of the final text's words the draft did not have. */
  added: string[];
  /** Runs of the draft's words the final text kept. */
  kept: string[];
  /** A removed run the user replaced in place by an added run (at most MAX_PHRASE_WORDS each). */
  substitutions: { from: string; to: string }[];
  greeting: { draft: string | null; final: string | null; changed: boolean };
  closing: { draft: string | null; final: string | null; changed: boolean };
  /** Words of the whole texts, and of their bodies (greeting and closing lines aside: what the engine trims). */
  length: { draftWords: number; finalWords: number; change: number; draftBodyWords: number; finalBodyWords: number };
};

/** Phrases are word n-grams of 1 to this many words. */
export const MAX_PHRASE_WORDS = 4;
/** Texts are compared on at most this many words each (the word diff is quadratic). */
export const MAX_DIFF_WORDS = 600;

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const gram = text.slice(i, i + 2);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice coefficient of two texts' character bigrams (multisets), case and spacing ignored. */
export function diceSimilarity(a: string, b: string): number {
  const x = normalised(a);
  const y = normalised(b);
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const bx = bigrams(x);
  const by = bigrams(y);
  let shared = 0;
  for (const [gram, count] of bx) shared += Math.min(count, by.get(gram) ?? 0);
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

function greetingKey(line: string | null): string {
  return (line ?? '')
    .toLowerCase()
    .replace(/[\s,.!:;–—-]+$/, '')
    .replace(/\s+/g, ' ');
}

/**
 * The user's own words of a text (quoted mail and the signature block cut by the style engine's
 * splitOwnWords, the one copy of that code), split into greeting line, body and closing line.
 */
export function replyParts(text: string, ownerName: string | null = null): ReplyParts {
  const lines = splitOwnWords(text, ownerName).text.split('\n');
  let greeting: string | null = null;
  let closing: string | null = null;
  const first = lines.findIndex((line) => line.trim());
  if (first >= 0 && lines.length > first + 1 && GREETING_LINE.test(lines[first]!.trim())) {
    greeting = lines[first]!.trim();
    lines.splice(0, first + 1);
  } else if (first >= 0) {
    // A greeting on the text's first line: "Audrey, this looks good." greets Audrey as "Audrey," does.
    const inline = /^(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?,)\s+(\S.*)$/u.exec(lines[first]!.trim());
    if (inline && GREETING_LINE.test(inline[1]!)) {
      greeting = inline[1]!;
      lines[first] = inline[2]!;
    }
  }
  while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
  if (lines.length && SIGN_OFF.test(lines[lines.length - 1]!.trim())) closing = lines.pop()!.trim();
  return { greeting, body: lines.join('\n').trim(), closing };
}

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

type DiffOp = { kind: 'same' | 'removed' | 'added'; words: string[] };

/** Word-level diff of two sequences by their longest common subsequence. */
function diffWords(a: string[], b: string[]): DiffOp[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: LCS length of a[i..] and b[j..].
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: DiffOp[] = [];
  const push = (kind: DiffOp['kind'], word: string) => {
    const last = ops[ops.length - 1];
    if (last?.kind === kind) last.words.push(word);
    else ops.push({ kind, words: [word] });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < n) push('removed', a[i++]!);
  while (j < m) push('added', b[j++]!);
  return ops;
}

/** Compares what Penman wrote with what the user sent: similarity, verdict and the edits. */
export function compareDraft(draft: string, final: string, ownerName: string | null = null): DraftComparison {
  const before = replyParts(draft, ownerName);
  const after = replyParts(final, ownerName);
  const join = (parts: ReplyParts) => [parts.greeting, parts.body, parts.closing].filter(Boolean).join('\n');
  const similarity = diceSimilarity(join(before), join(after));
  const sameWords = wordsOf(join(before)).join(' ') === wordsOf(join(after)).join(' ');
  const verdict: DraftVerdict = sameWords ? 'unchanged' : similarity >= LIGHTLY_EDITED_SIMILARITY ? 'lightly_edited' : 'rewritten';
  const draftWords = wordsOf(before.body);
  const finalWords = wordsOf(after.body);
  const ops = diffWords(draftWords.slice(0, MAX_DIFF_WORDS), finalWords.slice(0, MAX_DIFF_WORDS));
  const removed: string[] = [];
  const added: string[] = [];
  const kept: string[] = [];
  const substitutions: { from: string; to: string }[] = [];
  ops.forEach((op, index) => {
    if (op.kind === 'removed') removed.push(op.words.join(' '));
    if (op.kind === 'added') added.push(op.words.join(' '));
    if (op.kind === 'same') kept.push(op.words.join(' '));
    const next = ops[index + 1];
    // A substitution is a short removed run followed directly by a short added run, between kept
    // words on both sides (a rewrite of a whole paragraph is no substitution).
    if (
      op.kind === 'removed' &&
      next?.kind === 'added' &&
      op.words.length <= MAX_PHRASE_WORDS &&
      next.words.length <= MAX_PHRASE_WORDS &&
      (index === 0 || ops[index - 1]!.kind === 'same') &&
      (index + 2 >= ops.length || ops[index + 2]!.kind === 'same')
    )
      substitutions.push({ from: op.words.join(' '), to: next.words.join(' ') });
  });
  const draftCount = wordsOf(join(before)).length;
  const finalCount = wordsOf(join(after)).length;
  return {
    similarity,
    verdict,
    removed,
    added,
    kept,
    substitutions,
    greeting: { draft: before.greeting, final: after.greeting, changed: greetingKey(before.greeting) !== greetingKey(after.greeting) },
    closing: { draft: before.closing, final: after.closing, changed: greetingKey(before.closing) !== greetingKey(after.closing) },
    length: {
      draftWords: draftCount,
      finalWords: finalCount,
      change: finalCount - draftCount,
      draftBodyWords: draftWords.length,
      finalBodyWords: finalWords.length,
    },
  };
}
