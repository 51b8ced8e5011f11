/**
 * Which words of a text the knowledge search looks for, and how much each counts: BM25's inverse
 * document frequency over the account's chunks (a word in every passage tells nothing), times a
 * little more for a word the text repeats. Pure; the lexemes and their counts come from PostgreSQL
 * (the 'english' configuration the chunks are indexed with).
 */
import { eng as englishStopWords } from 'stopword';

/**
 * Words a question is made of but no answer is about: English function words beyond PostgreSQL's
 * short list ("could", "would", "without"; a document that happens to hold them once is no answer),
 * and the courtesies that open and close an email.
 */
export const QUERY_STOP_WORDS: readonly string[] = [
  ...englishStopWords,
  ...['hi', 'hello', 'hiya', 'hey', 'dear', 'thanks', 'thank', 'cheers', 'regards', 'best', 'kind', 'wishes', 'please', 'sincerely'],
];

export type LexemeCount = { lexeme: string; count: number; chunks: number };

/** At most this many words of a long email are searched for: the rarest ones. */
export const MAX_QUERY_TERMS = 24;
/** A word found in more than this share of the account's passages is left out (unless nothing else is left). */
const COMMON_SHARE = 0.5;

/** BM25's IDF (with the +1 that keeps it positive). */
export function inverseDocumentFrequency(chunks: number, totalChunks: number): number {
  return Math.log(1 + (totalChunks - chunks + 0.5) / (chunks + 0.5));
}

/** The weighted terms of a query: only lexemes some passage holds, rarest and most repeated first. */
export type QueryTerm = { lexeme: string; weight: number; chunks: number };

export function queryTerms(lexemes: LexemeCount[], totalChunks: number): QueryTerm[] {
  const present = lexemes.filter((l) => l.chunks > 0 && l.lexeme.length > 1 && !/^\d{1,2}$/.test(l.lexeme));
  const informative = present.filter((l) => l.chunks / Math.max(1, totalChunks) <= COMMON_SHARE);
  const chosen = informative.length > 0 ? informative : present;
  return chosen
    .map((l) => ({
      lexeme: l.lexeme,
      weight: inverseDocumentFrequency(l.chunks, totalChunks) * (1 + Math.log(Math.max(1, l.count))),
      chunks: l.chunks,
    }))
    .sort((a, b) => b.weight - a.weight || a.lexeme.localeCompare(b.lexeme))
    .slice(0, MAX_QUERY_TERMS);
}

/**
 * The candidate stage reads at most about this many passages (the sum of its words' passage counts):
 * bench/knowledge.ts, 21,000 passages: p95 160 ms reading every word's passages, 29 ms within 2,000, 19 ms within 1,000 (in process).
 */
export const CANDIDATE_BUDGET = 1000;

/**
 * The words whose passages are read and ranked before BM25 scores them with every word: the query's
 * rarest, as long as their passages fit the budget (the rarest always does). A passage holding only
 * common words of a long email cannot outscore one holding its rare ones, and reading every passage
 * that says "need" or "new" is what made a search over 20,000 passages slow.
 */
export function candidateTerms(terms: QueryTerm[]): string[] {
  const chosen: string[] = [];
  let passages = 0;
  for (const term of [...terms].sort((a, b) => a.chunks - b.chunks || b.weight - a.weight)) {
    if (chosen.length > 0 && passages + term.chunks > CANDIDATE_BUDGET) break;
    chosen.push(term.lexeme);
    passages += term.chunks;
  }
  return chosen;
}
