/**
 * The language a text is written in (ISO 639-1), by `tinyld` (n-gram profiles, no network).
 * Short texts say too little ("Ok", "Thanks!") and come back null rather than a guess: a wrong
 * guess would flag a fine draft as written in the wrong language.
 */
import { createRequire } from 'node:module';

/** tinyld's profiles, loaded on first use (about 8 MB of heap and 25 MB of RSS; see nlp.ts). */
const load = createRequire(import.meta.url);
let detectAll: typeof import('tinyld').detectAll | null = null;

/** Fewer words than this and the language is not decided. */
const MIN_WORDS = 4;
/** tinyld's accuracy of its best guess below which the text is taken as undecided. */
const MIN_ACCURACY = 0.5;

export function languageOf(text: string): string | null {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length < MIN_WORDS) return null;
  // The text as written: tinyld reads punctuation too (words alone, joined, read as German here).
  // tinyld also answers three-letter codes for languages without a two-letter one ("ber"): not ours to name.
  detectAll ??= (load('tinyld') as typeof import('tinyld')).detectAll;
  const best = detectAll(text.replace(/\s+/g, ' ').trim()).find((guess) => guess.lang.length === 2);
  return best && best.accuracy >= MIN_ACCURACY ? best.lang : null;
}
