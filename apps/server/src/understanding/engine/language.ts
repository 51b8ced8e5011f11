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

/**
 * English's commonest function words. tinyld's n-grams misread short or jargon-heavy English
 * ("where are we on getting the CSA (as amended) executed?" came back Hungarian; an Enron memo Polish):
 * a text this much made of them is English whatever the n-grams say.
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  'the a an and or but of to in on at for with from by as is are was were be been being it this that these those i you he she we they me him her us them my your our their what which who when where why how if not no do does did have has had will would can could should may might shall there here than then so just about into over after before up out all any some'.split(
    ' ',
  ),
);
/** At least this share of a text's words from ENGLISH_FUNCTION_WORDS (other languages share few: "a", "de" aside). */
const ENGLISH_SHARE = 0.25;
const ENGLISH_MIN_HITS = 3;

function looksEnglish(words: string[]): boolean {
  const hits = words.filter((word) => ENGLISH_FUNCTION_WORDS.has(word.toLowerCase())).length;
  return hits >= ENGLISH_MIN_HITS && hits / words.length >= ENGLISH_SHARE;
}

export function languageOf(text: string): string | null {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length < MIN_WORDS) return null;
  if (looksEnglish(words)) return 'en';
  // The text as written: tinyld reads punctuation too (words alone, joined, read as German here).
  // tinyld also answers three-letter codes for languages without a two-letter one ("ber"): not ours to name.
  detectAll ??= (load('tinyld') as typeof import('tinyld')).detectAll;
  const best = detectAll(text.replace(/\s+/g, ' ').trim()).find((guess) => guess.lang.length === 2);
  return best && best.accuracy >= MIN_ACCURACY ? best.lang : null;
}
