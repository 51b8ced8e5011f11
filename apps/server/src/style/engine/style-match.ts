/**
 * How much a text sounds like the user: a stylometric language model of their own words, built
 * from their sent mail and scored on any single text (a held-out email, a draft).
 *
 * The model is a multinomial naive Bayes over four families of features, the usual ones for
 * authorship attribution on short texts:
 * - `chars`: character 2..4-grams with case and spacing kept, the text's start and end marked
 *   ("␂thx", "  T" after a full stop, "!!!␃"): spelling, punctuation, capitalisation, spacing and how
 *   the person opens and ends a mail;
 * - `words`: lower-case words and punctuation tokens: vocabulary and function-word preferences;
 * - `bigrams`: pairs of those tokens: phrasing ("let me know", "i think");
 * - `shape`: 2..5-grams of the text with each word replaced by its case shape (w for "word", U for
 *   "Word" and "WORD", 9 for a number: `caseShape`): sentence rhythm and punctuation independent of topic.
 * A text's divergence from a model is the cross-entropy of its features under the model less their
 * own entropy, per family (Lidstone-smoothed, so a feature the user never wrote costs the same for
 * every profile), the families averaged with `chars` counted twice (it carries the most signal).
 * Attribution (bench/style.ts) takes the profile whose styleMatch is highest.
 *
 * A text's divergence from the user's model is measured against its divergence from the general
 * background (`general-background.json`): the same naive Bayes model built once from 3,313 mails
 * other people wrote (the SpamAssassin public corpus's ham, public domain; scripts/style-background.ts,
 * decision 024). How far a text is from anyone's mail (its length, its rare words, a pasted list)
 * moves both divergences alike, so their log ratio says how much more the text is like the user
 * than like people in general: comparable between texts, which verification needs, and the same
 * shift for every profile on one text, so attribution is as before.
 *
 * Verification (is this text the user's?) adds a discriminative model of the account's voice
 * (`voice`): a logistic regression of the user's own words of sent mail against the own words of
 * mail people sent them (their inbox; bulk, automated and the user's own mail left out:
 * build-profile.ts othersWords), over the same features hashed into 2^VOICE_BITS buckets and
 * weighed by how much more often the user writes them than their correspondents (NBSVM). What the
 * user shares with the people who write to them (the topic, the workplace) gets little weight, what
 * is left is how they write. Its margin is calibrated by a length-aware logistic (a long text carries
 * more evidence) fitted on held-out folds of the same mail, inside the build. Only the VOICE_WEIGHTS
 * strongest weights are stored. styleMatch adds that calibrated log-odds (VOICE_EVIDENCE_WEIGHT
 * times; texts under VOICE_MIN_WORDS words get none) to the naive Bayes evidence (MODEL_WEIGHT
 * times the log ratio above), and one logistic per length band (SCORE_BANDS, fitted once on the
 * development group) maps the sum to 0..1 with 0.5 at even odds. No mail of the account's or of the
 * groups it is measured on ships with the engine. Templated mail (the same long body sent
 * TEMPLATE_COPIES times or more) counts once in both models. Without incoming mail from people
 * there is no voice model and styleMatch is the naive Bayes evidence alone.
 *
 * Measured with bench/style.ts on three groups of five Enron mailboxes (NOTES-voice.md, part 4):
 * attribution 90.9%, 88.5%, 91.9%, lowest user 85.4%, 81.7%, 83.3%; equal error rate of own
 * against other people's held-out mail 16.4%, 20.3%, 15.9% (before the background: 33.6%, 37.7%,
 * 30.5%); drafting's judge (bench/drafts-quality.ts) 0.865, 0.950, 0.972.
 */

import generalBackground from './general-background.json' with { type: 'json' };

type FeatureFamily = 'chars' | 'words' | 'bigrams' | 'shape';
const FAMILIES: FeatureFamily[] = ['chars', 'words', 'bigrams', 'shape'];
const WEIGHT: Record<FeatureFamily, number> = { chars: 2, words: 1, bigrams: 1, shape: 1 };

/**
 * One family of the model, compact enough for a jsonb column (< 200 KB for 1,500 mails):
 * features seen at least FREQUENT times are kept exactly, in `features` (joined by SEPARATOR,
 * most frequent first) with their counts run-length coded in `runs` ([count, how many features]);
 * the rarer ones (most of the distinct features, few of the occurrences, but names and rare words
 * that say a lot about who wrote a text) are kept as membership only, in a Bloom filter (`rare`,
 * base64), and count as RARE_COUNT.
 */
type FamilyModel = { total: number; types: number; features: string; runs: [number, number][]; rare: string };
type Families = Record<FeatureFamily, FamilyModel>;
/**
 * The discriminative model of the account's voice (see the top of this file): the VOICE_WEIGHTS
 * strongest weights by magnitude, their buckets (3 bytes each, ascending) and weights (int16,
 * times `scale`) in base64, the bias, and the calibration of the margin:
 * log-odds = c0 * margin + c1 * margin * log(1 + words) + c2 * log(1 + words) + c3.
 */
type VoiceModel = {
  /** The mails by other people it was trained against. */
  mails: number;
  buckets: string;
  weights: string;
  scale: number;
  bias: number;
  calibration: [number, number, number, number];
};
/**
 * What styleMatch needs, stored with the profile: the user's naive Bayes model and the voice model
 * (null when the account had too little mail from people).
 */
export type StyleFingerprint = { version: 4; families: Families; voice: VoiceModel | null };
/**
 * The fingerprint version styleMatch reads. A stored profile of another version (1: no voice
 * model; 2 and 3: a background model of other people's mail) is rebuilt by a job
 * (style/service.ts); until then styleMatch scores it 0.5 and drafting keeps reading its greetings
 * and closings.
 */
export const FINGERPRINT_VERSION = 4;

export function isCurrentFingerprint(fingerprint: unknown): fingerprint is StyleFingerprint {
  return typeof fingerprint === 'object' && fingerprint !== null && (fingerprint as { version?: unknown }).version === FINGERPRINT_VERSION;
}

/** Features seen this often are kept with their count; below, in the Bloom filter. */
const FREQUENT = 4;
/** The count a rare feature is taken to have: between 1 and 2, the counts it stands for. */
const RARE_COUNT = 1.3;
/** Bloom filter size, bits per rare feature kept, and hashes: about 2% false positives. */
const BLOOM_BITS_PER_FEATURE = 8;
const BLOOM_HASHES = 3;
/**
 * Lidstone pseudo-count of every feature: what an unseen feature costs. Small (a feature the user
 * never wrote is strong evidence against them) but not zero (one odd feature must not veto a text).
 */
const PSEUDO_COUNT = 0.01;

// Markers of the text's start and end and the separator of stored features: printable characters
// (JSON keeps them as they are) that mail text does not use; removed from the text first.
const START = '\u2402';
const END = '\u2403';
const SEPARATOR = '\u007f';
const RESERVED = /[\u2402\u2403\u007f]/g;

/**
 * The text as the model reads it: wrapped lines joined (line width is the mail client's, not the
 * person's), paragraph breaks kept as one newline, runs of spaces kept up to two (two spaces after
 * a full stop is a typing habit).
 */
export function normalizeForStyle(text: string): string {
  return text
    .replace(RESERVED, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\n/g, ' '))
    .join('\n')
    .replace(/ {3,}/g, '  ')
    .trim();
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[.,!?;:()\-–—"/$%&@*]/gu;

function add(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function charGrams(map: Map<string, number>, text: string, min: number, max: number): void {
  for (let n = min; n <= max; n++) for (let i = 0; i + n <= text.length; i++) add(map, text.slice(i, i + n));
}

/** Features of one text, by family, as counts. */
function styleFeatures(text: string): Record<FeatureFamily, Map<string, number>> {
  return addStyleFeatures(noFeatures(), text);
}

/**
 * The text with each word replaced by its case shape: w for "word", U for "Word" and "WORD" (the
 * "W" the first pass writes is itself upper case, so the last pass turns it into "U" too; telling
 * the two apart measured the same on all three groups, NOTES-voice.md part 4, and would rebuild
 * every stored profile), 9 for a number.
 */
function caseShape(text: string): string {
  return text
    .replace(/\p{Lu}\p{Ll}+/gu, 'W')
    .replace(/\p{Ll}+/gu, 'w')
    .replace(/\p{Lu}+/gu, 'U')
    .replace(/\p{N}+/gu, '9');
}

/** The features of `text` added to the counts `into` (many texts' totals without a map per text). */
function addStyleFeatures(into: Features, text: string): Features {
  const normal = normalizeForStyle(text);
  const marked = `${START}${normal}${END}`;
  const { chars, words, bigrams, shape } = into;
  charGrams(chars, marked, 2, 4);
  const shaped = caseShape(marked);
  charGrams(shape, shaped, 2, 5);
  for (const paragraph of normal.toLowerCase().split('\n')) {
    const tokens = paragraph.match(TOKEN) ?? [];
    let previous = START;
    for (const token of tokens) {
      add(words, token);
      add(bigrams, `${previous} ${token}`);
      previous = token;
    }
    if (tokens.length) add(bigrams, `${previous} ${END}`);
  }
  return into;
}

// --- the Bloom filter of rare features ------------------------------------------------------------

/** FNV-1a, 32 bits, with a seed per hash function. */
function hash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function bloomOf(features: string[]): string {
  const bits = new Uint8Array(Math.max(8, Math.ceil((features.length * BLOOM_BITS_PER_FEATURE) / 8)));
  const size = bits.length * 8;
  for (const feature of features) {
    for (let k = 0; k < BLOOM_HASHES; k++) {
      const bit = hash(feature, k) % size;
      bits[bit >> 3]! |= 1 << (bit & 7);
    }
  }
  return Buffer.from(bits).toString('base64');
}

// --- building and reading a model -----------------------------------------------------------------

/** The model of one family: features seen `minCount` times or more exactly, the rest in a Bloom filter unless `keepRare` is false. */
function familyModel(counts: Map<string, number>, minCount = FREQUENT, keepRare = true): FamilyModel {
  let all = 0;
  for (const count of counts.values()) all += count;
  // Without the rare ones, only the kept features need sorting (most features are rare).
  const entries = (keepRare ? [...counts] : [...counts].filter(([, count]) => count >= minCount)).sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  );
  const frequent: string[] = [];
  const rare: string[] = [];
  const runs: [number, number][] = [];
  for (const [feature, count] of entries) {
    if (count < minCount) {
      rare.push(feature);
      continue;
    }
    frequent.push(feature);
    const last = runs[runs.length - 1];
    if (last && last[0] === count) last[1]++;
    else runs.push([count, 1]);
  }
  return { total: all, types: counts.size, features: frequent.join(SEPARATOR), runs, rare: keepRare ? bloomOf(rare) : '' };
}

/**
 * Templated mail: the same body (case, digits and spacing aside) sent TEMPLATE_COPIES times or
 * more is a form the user fills in or text someone else wrote (an assistant, a notice), not how
 * they write; it counts once. Short bodies ("Thanks!", "ok") repeat because people repeat
 * themselves and are kept: only bodies of TEMPLATE_MIN_WORDS words or more count as templates.
 */
const TEMPLATE_COPIES = 3;
const TEMPLATE_MIN_WORDS = 12;

function templateKey(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length >= TEMPLATE_MIN_WORDS ? words.slice(0, 60).join(' ') : null;
}

/** Which texts are copies of a template beyond the first: they are left out of the model. */
export function templateCopies(texts: string[]): boolean[] {
  const keys = texts.map(templateKey);
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  const seen = new Set<string>();
  return keys.map((key) => {
    if (!key || (counts.get(key) ?? 0) < TEMPLATE_COPIES) return false;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

function wordsIn(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

type Features = Record<FeatureFamily, Map<string, number>>;

function noFeatures(): Features {
  return { chars: new Map(), words: new Map(), bigrams: new Map(), shape: new Map() };
}

/** The naive Bayes model of many texts, family by family: features seen `minCount` times kept with their counts. */
function familiesOf(texts: string[], minCount = FREQUENT): Families {
  const totals = noFeatures();
  for (const text of texts) addStyleFeatures(totals, text);
  const families = {} as Families;
  for (const family of FAMILIES) families[family] = familyModel(totals[family], minCount);
  return families;
}

// --- the voice model: the user's mail against their correspondents' ------------------------------

/** Hashed feature space of the voice model: 2^18 buckets (few collisions among a user's features). */
const VOICE_BITS = 18;
const VOICE_MASK = (1 << VOICE_BITS) - 1;
/** Weights kept in the profile, the strongest by magnitude: about 20 KB. */
const VOICE_WEIGHTS = 3000;
/** Fewer mails from people than this make no voice model: styleMatch is then naive Bayes alone. */
const MIN_OTHER_MAILS = 8;
/**
 * Training (bench/style.ts on the development group; the other two groups only checked): the
 * naive Bayes smoothing of the log-count ratio, AdaGrad's step, the L2 penalty, passes over the
 * mail, and the folds the calibration is fitted on (each mail scored by a model that never saw it).
 */
const NB_SMOOTHING = 1;
const LEARNING_RATE = 0.2;
const L2 = 1e-3;
const EPOCHS = 3;
const FOLDS = 2;

/** A text as the voice model reads it: the buckets of its features (presence, L2-normalised). */
type Hashed = { buckets: Int32Array; value: number; words: number };

function hashedOf(features: Features, words: number): Hashed {
  let size = 0;
  for (const family of FAMILIES) size += features[family].size;
  const all = new Int32Array(size);
  let n = 0;
  for (const family of FAMILIES) for (const feature of features[family].keys()) all[n++] = hash(feature, FAMILY_SEED[family]) & VOICE_MASK;
  all.sort();
  // Distinct buckets only: a feature is present or not.
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i]!;
  return { buckets: all.slice(0, distinct), value: 1 / Math.sqrt(Math.max(1, distinct)), words };
}
const FAMILY_SEED: Record<FeatureFamily, number> = { chars: 11, words: 12, bigrams: 13, shape: 14 };

// --- the voice model's reading of a text, hashed straight from it ---------------------------------
// The voice model needs only the buckets of a text's features, never the strings: building every
// substring to hash it, and sorting every occurrence's bucket, were most of the profile build's
// time. FNV-1a reads one character at a time, so the hash of a feature extended by a character is
// one more step of it: every n-gram starting at a position is hashed in one pass. A bucket counts
// once per text (hashedOf keeps distinct buckets), so each occurrence is hashed and only a bucket
// new to the text kept; those are put in order by a radix sort. The result is the same as
// hashedOf(styleFeatures(text)), the way styleEvidence reads a draft (the tests check it on real mail).

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SPACE = 0x20;
/** The radix sort of a text's buckets: two passes of half the bucket's bits. */
const RADIX_BITS = VOICE_BITS / 2;
const RADIX_MASK = (1 << RADIX_BITS) - 1;

/** FNV-1a (`hash`) of `text` continued from the state `h`, before its final `>>> 0`. */
function hashOn(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * How the voice model reads texts (hashedOf(styleFeatures(text), wordsIn(text)), computed from the
 * characters), with scratch space reused from text to text: the distinct buckets of the text being
 * read and, per bucket, the last text that had it.
 */
export function hashedTexts(texts: string[]): Hashed[] {
  let found = new Int32Array(1 << 12);
  const seenIn = new Int32Array(VOICE_MASK + 1);
  let current = 0;
  let count = 0;
  const keep = (h: number) => {
    const bucket = h & VOICE_MASK;
    if (seenIn[bucket] === current) return;
    seenIn[bucket] = current;
    found[count++] = bucket;
  };
  const grams = (text: string, min: number, max: number, seed: number) => {
    const start = FNV_OFFSET ^ seed;
    for (let i = 0; i + min <= text.length; i++) {
      let h = start;
      const end = Math.min(i + max, text.length);
      for (let j = i; j < end; j++) {
        h = Math.imul(h ^ text.charCodeAt(j), FNV_PRIME);
        if (j - i + 1 >= min) keep(h);
      }
    }
  };
  const wordStart = FNV_OFFSET ^ FAMILY_SEED.words;
  const bigramStart = FNV_OFFSET ^ FAMILY_SEED.bigrams;
  const startBigram = hashOn(bigramStart, START);
  const scratch = new Int32Array(VOICE_MASK + 1);
  const tally = new Int32Array(RADIX_MASK + 2);
  return texts.map((text) => {
    current++;
    count = 0;
    const normal = normalizeForStyle(text);
    const marked = `${START}${normal}${END}`;
    // No more distinct buckets than occurrences: 3 char grams and 4 shape grams a position, a word
    // and a bigram a character, the end of each paragraph; nor than buckets.
    const most = Math.min(10 * marked.length + 16, VOICE_MASK + 1);
    if (found.length < most) found = new Int32Array(Math.max(most, 2 * found.length));
    grams(marked, 2, 4, FAMILY_SEED.chars);
    const shaped = caseShape(marked);
    grams(shaped, 2, 5, FAMILY_SEED.shape);
    for (const paragraph of normal.toLowerCase().split('\n')) {
      const tokens = paragraph.match(TOKEN) ?? [];
      // The hashed start of the bigram `${previous} ${token}`: the previous token and the space.
      let previous = startBigram;
      for (const token of tokens) {
        keep(hashOn(wordStart, token));
        keep(hashOn(Math.imul(previous ^ SPACE, FNV_PRIME), token));
        previous = hashOn(bigramStart, token);
      }
      if (tokens.length) keep(hashOn(Math.imul(previous ^ SPACE, FNV_PRIME), END));
    }
    // Ascending, as hashedOf's buckets (the sums over them are then added in the same order).
    const buckets = new Int32Array(count);
    for (const [from, to, shift] of [
      [found, scratch, 0],
      [scratch, buckets, RADIX_BITS],
    ] as const) {
      tally.fill(0);
      for (let i = 0; i < count; i++) tally[((from[i]! >> shift) & RADIX_MASK) + 1]!++;
      for (let r = 1; r <= RADIX_MASK; r++) tally[r]! += tally[r - 1]!;
      for (let i = 0; i < count; i++) to[tally[(from[i]! >> shift) & RADIX_MASK]!++] = from[i]!;
    }
    return { buckets, value: 1 / Math.sqrt(Math.max(1, count)), words: wordsIn(text) };
  });
}

/** The voice model's reading of a text by way of its feature strings, as styleEvidence reads a draft. */
export function hashedOfFeatures(text: string): Hashed {
  return hashedOf(styleFeatures(text), wordsIn(text));
}

/** Effective weights (the regression's weight times the naive Bayes ratio) and the bias. */
type Linear = { weights: Float64Array; bias: number };

function marginOf(model: Linear, text: Hashed): number {
  let sum = 0;
  for (const bucket of text.buckets) sum += model.weights[bucket]!;
  return model.bias + sum * text.value;
}

/** log((count + NB_SMOOTHING) / sum) for every count from 0 to `most`. */
function shareLogs(most: number, sum: number): Float64Array {
  const logs = new Float64Array(most + 1);
  for (let count = 0; count <= most; count++) logs[count] = Math.log((count + NB_SMOOTHING) / sum);
  return logs;
}

/** The k-th largest of `values` (1 <= k <= length), found by quickselect; reorders `values`. */
export function kthLargest(values: Float64Array, k: number): number {
  const target = k - 1;
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else break;
  }
  return values[target]!;
}

/**
 * NBSVM with a logistic loss: each bucket scaled by the log-ratio of how often the user's and their
 * correspondents' mails have it, then a class-balanced, L2-regularised logistic regression by
 * AdaGrad over a fixed shuffle (deterministic). Keeps the VOICE_WEIGHTS strongest weights.
 */
function trainVoice(own: Hashed[], others: Hashed[]): Linear {
  const size = VOICE_MASK + 1;
  const p = new Int32Array(size);
  const q = new Int32Array(size);
  for (const text of own) for (const bucket of text.buckets) p[bucket]!++;
  for (const text of others) for (const bucket of text.buckets) q[bucket]!++;
  let sumP = 0;
  let sumQ = 0;
  for (let i = 0; i < size; i++) {
    sumP += p[i]! + NB_SMOOTHING;
    sumQ += q[i]! + NB_SMOOTHING;
  }
  // The logs of each count's share, computed once per count (the same values as one by one, faster).
  const ownLogs = shareLogs(own.length, sumP);
  const otherLogs = shareLogs(others.length, sumQ);
  const ratio = new Float64Array(size);
  for (let i = 0; i < size; i++) ratio[i] = ownLogs[p[i]!]! - otherLogs[q[i]!]!;

  // Each weight beside its sum of squared gradients (AdaGrad): one cache line for both.
  const state = new Float64Array(2 * size);
  let bias = 0;
  let biasSquares = 1e-8;
  // Each row: its label, its class weight, and where its buckets and inputs (value times the ratio,
  // per bucket) start and end in `buckets` and `inputs`, one array each for all texts.
  const texts = [...own, ...others];
  const offsets = new Int32Array(texts.length + 1);
  for (let t = 0; t < texts.length; t++) offsets[t + 1] = offsets[t]! + texts[t]!.buckets.length;
  const buckets = new Int32Array(offsets[texts.length]!);
  const inputs = new Float64Array(offsets[texts.length]!);
  texts.forEach((text, t) => {
    buckets.set(text.buckets, offsets[t]!);
    for (let k = 0; k < text.buckets.length; k++) inputs[offsets[t]! + k] = text.value * ratio[text.buckets[k]!]!;
  });
  const rows: [number, number, number, number][] = texts.map((_, t) =>
    t < own.length ? [1, 0.5 / own.length, offsets[t]!, offsets[t + 1]!] : [0, 0.5 / others.length, offsets[t]!, offsets[t + 1]!],
  );
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    for (const [label, weight, from, to] of rows) {
      let z = bias;
      for (let k = from; k < to; k++) z += state[2 * buckets[k]!]! * inputs[k]!;
      const gradient = (1 / (1 + Math.exp(-z)) - label) * weight * rows.length;
      for (let k = from; k < to; k++) {
        const at = 2 * buckets[k]!;
        const g = gradient * inputs[k]! + L2 * state[at]!;
        state[at + 1]! += g * g;
        state[at]! -= (LEARNING_RATE * g) / Math.sqrt(state[at + 1]! + 1e-8);
      }
      biasSquares += gradient * gradient;
      bias -= (LEARNING_RATE * gradient) / Math.sqrt(biasSquares);
    }
  }
  // The effective weights, in place of the ratios; only the VOICE_WEIGHTS strongest kept.
  const weights = ratio;
  let nonzero = 0;
  for (let i = 0; i < size; i++) {
    weights[i] = state[2 * i]! * ratio[i]!;
    if (Math.abs(weights[i]!) > 0) nonzero++;
  }
  // The VOICE_WEIGHTS-th largest magnitude (0 when fewer are nonzero): selected, not sorted.
  const magnitudes = new Float64Array(nonzero);
  nonzero = 0;
  for (let i = 0; i < size; i++) if (Math.abs(weights[i]!) > 0) magnitudes[nonzero++] = Math.abs(weights[i]!);
  const floor = nonzero >= VOICE_WEIGHTS ? kthLargest(magnitudes, VOICE_WEIGHTS) : 0;
  for (let i = 0; i < size; i++) if (Math.abs(weights[i]!) < floor || weights[i] === 0) weights[i] = 0;
  return { weights, bias };
}

function calibrationInputs(margin: number, words: number): number[] {
  const length = Math.log(1 + words);
  return [margin, margin * length, length, 1];
}

/** Class-balanced (weights per row) logistic regression by Newton's method: the coefficients. */
function fitLogistic(rows: { x: number[]; y: number; weight: number }[]): number[] {
  const d = rows[0]!.x.length;
  const beta: number[] = new Array(d).fill(0);
  for (let step = 0; step < 25; step++) {
    const gradient: number[] = new Array(d).fill(0);
    const hessian: number[][] = Array.from({ length: d }, (_, i) => Array.from({ length: d + 1 }, (_, j) => (i === j ? 1e-6 : 0)));
    for (const { x, y, weight } of rows) {
      let z = 0;
      for (let i = 0; i < d; i++) z += beta[i]! * x[i]!;
      const p = 1 / (1 + Math.exp(-z));
      for (let i = 0; i < d; i++) {
        gradient[i]! += weight * (p - y) * x[i]!;
        for (let j = 0; j < d; j++) hessian[i]![j]! += weight * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    // Solve hessian * delta = gradient (Gaussian elimination with partial pivoting).
    for (let i = 0; i < d; i++) hessian[i]![d] = gradient[i]!;
    for (let i = 0; i < d; i++) {
      let pivot = i;
      for (let k = i + 1; k < d; k++) if (Math.abs(hessian[k]![i]!) > Math.abs(hessian[pivot]![i]!)) pivot = k;
      [hessian[i], hessian[pivot]] = [hessian[pivot]!, hessian[i]!];
      for (let k = i + 1; k < d; k++) {
        const factor = hessian[k]![i]! / hessian[i]![i]!;
        for (let j = i; j <= d; j++) hessian[k]![j]! -= factor * hessian[i]![j]!;
      }
    }
    const delta: number[] = new Array(d).fill(0);
    for (let i = d - 1; i >= 0; i--) {
      let sum = hessian[i]![d]!;
      for (let j = i + 1; j < d; j++) sum -= hessian[i]![j]! * delta[j]!;
      delta[i] = sum / hessian[i]![i]!;
    }
    for (let i = 0; i < d; i++) beta[i]! -= delta[i]!;
  }
  return beta;
}

/**
 * The voice model of the user's mail (`own`) against their correspondents' (`others`), with its
 * calibration fitted by cross-fitting: each fold's mail scored by a model trained on the others.
 */
function buildVoice(own: Hashed[], others: Hashed[]): VoiceModel {
  const rows: { x: number[]; y: number; weight: number }[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = trainVoice(
      own.filter((_, i) => i % FOLDS !== fold),
      others.filter((_, i) => i % FOLDS !== fold),
    );
    own.forEach((text, i) => {
      if (i % FOLDS === fold) rows.push({ x: calibrationInputs(marginOf(model, text), text.words), y: 1, weight: 0.5 / own.length });
    });
    others.forEach((text, i) => {
      if (i % FOLDS === fold) rows.push({ x: calibrationInputs(marginOf(model, text), text.words), y: 0, weight: 0.5 / others.length });
    });
  }
  const calibration = fitLogistic(rows) as VoiceModel['calibration'];
  const model = trainVoice(own, others);
  const kept: number[] = [];
  let largest = 0;
  for (let i = 0; i <= VOICE_MASK; i++) {
    if (model.weights[i]) {
      kept.push(i);
      largest = Math.max(largest, Math.abs(model.weights[i]!));
    }
  }
  const scale = largest / 32767 || 1;
  const buckets = Buffer.alloc(kept.length * 3);
  const weights = Buffer.alloc(kept.length * 2);
  kept.forEach((bucket, i) => {
    buckets.writeUIntBE(bucket, i * 3, 3);
    weights.writeInt16BE(Math.round(model.weights[bucket]! / scale), i * 2);
  });
  return {
    mails: others.length,
    buckets: buckets.toString('base64'),
    weights: weights.toString('base64'),
    scale,
    bias: model.bias,
    calibration,
  };
}

// --- the general background: how people write email, the same for every account ----------------

/** Background features seen this often are kept with their count; the rarer ones in its Bloom filter. */
const BACKGROUND_FREQUENT = 16;

/** The general background's naive Bayes model, as general-background.json stores it. */
export type Background = { families: Families };

/**
 * The naive Bayes model of many people's mail (scripts/style-background.ts builds it from a public
 * corpus): a text's divergence from it says how unusual the text is for anyone, which the user's
 * divergence is measured against.
 */
export function buildBackground(texts: string[]): Background {
  return { families: familiesOf(texts, BACKGROUND_FREQUENT) };
}

/**
 * The fingerprint of the user's own words of each sent mail (templated copies count once), with the
 * voice model trained against `others`, the own words of mail other people sent them.
 */
export function buildFingerprint(texts: string[], others: string[] = []): StyleFingerprint {
  const copies = templateCopies(texts);
  const ownTexts = texts.filter((_, index) => !copies[index]);
  const families = familiesOf(ownTexts);
  const otherTexts = others.filter((text) => /[\p{L}\p{N}]/u.test(text));
  if (otherTexts.length < MIN_OTHER_MAILS || ownTexts.length === 0) return { version: FINGERPRINT_VERSION, families, voice: null };
  const own = hashedTexts(ownTexts);
  const other = hashedTexts(otherTexts);
  return { version: FINGERPRINT_VERSION, families, voice: buildVoice(own, other) };
}

/** A family model ready for look-ups; decoded once per fingerprint object and cached. */
type Reader = { total: number; types: number; counts: Map<string, number>; bits: Uint8Array };
const readers = new WeakMap<object, Record<FeatureFamily, Reader>>();

function readersOf(fingerprint: Pick<StyleFingerprint, 'families'>): Record<FeatureFamily, Reader> {
  const cached = readers.get(fingerprint);
  if (cached) return cached;
  const decoded = {} as Record<FeatureFamily, Reader>;
  for (const family of FAMILIES) {
    const model = fingerprint.families[family];
    const features = model.features ? model.features.split(SEPARATOR) : [];
    const counts = new Map<string, number>();
    let index = 0;
    for (const [count, howMany] of model.runs) for (let i = 0; i < howMany; i++) counts.set(features[index++]!, count);
    decoded[family] = { total: model.total, types: model.types, counts, bits: new Uint8Array(Buffer.from(model.rare, 'base64')) };
  }
  readers.set(fingerprint, decoded);
  return decoded;
}

function countOf(reader: Reader, feature: string): number {
  const exact = reader.counts.get(feature);
  if (exact !== undefined) return exact;
  if (reader.bits.length === 0) return 0;
  const size = reader.bits.length * 8;
  for (let k = 0; k < BLOOM_HASHES; k++) {
    const bit = hash(feature, k) % size;
    if (!(reader.bits[bit >> 3]! & (1 << (bit & 7)))) return 0;
  }
  return RARE_COUNT;
}

type Lookup = { total: number; types: number; count: (feature: string) => number };

/**
 * How far a text's features are from a model, in nats per feature: the cross-entropy of the
 * features under the model less their own entropy (a KL divergence), averaged over the families by
 * WEIGHT. The entropy term depends on the text only, so for one text the profiles rank exactly as
 * their likelihoods do. Null for a text with no features.
 */
function divergenceOf(features: Record<FeatureFamily, Map<string, number>>, modelOf: (family: FeatureFamily) => Lookup): number | null {
  let sum = 0;
  let weights = 0;
  for (const family of FAMILIES) {
    const grams = features[family];
    let count = 0;
    for (const n of grams.values()) count += n;
    if (count === 0) continue;
    const model = modelOf(family);
    const denominator = model.total + PSEUDO_COUNT * model.types;
    let divergence = 0;
    for (const [feature, n] of grams) {
      const p = n / count;
      divergence += p * (Math.log(p) - Math.log((model.count(feature) + PSEUDO_COUNT) / denominator));
    }
    sum += WEIGHT[family] * divergence;
    weights += WEIGHT[family];
  }
  return weights ? sum / weights : null;
}

/** A voice model ready for scoring; decoded once per model object and cached. */
const voices = new WeakMap<VoiceModel, Linear>();

function voiceOf(model: VoiceModel): Linear {
  const cached = voices.get(model);
  if (cached) return cached;
  const buckets = Buffer.from(model.buckets, 'base64');
  const stored = Buffer.from(model.weights, 'base64');
  const weights = new Float64Array(VOICE_MASK + 1);
  for (let i = 0; i * 3 < buckets.length; i++) weights[buckets.readUIntBE(i * 3, 3)] = stored.readInt16BE(i * 2) * model.scale;
  const linear = { weights, bias: model.bias };
  voices.set(model, linear);
  return linear;
}

/**
 * How much the naive Bayes evidence, log(divergence from the background) - log(divergence from the
 * user's model), weighs against the voice model's log-odds: for one text it differs between
 * profiles by a few hundredths, the voice model's by units. At 150 the naive Bayes model still
 * decides most attributions (it is the better closed-set attributor: the voice model alone
 * attributes 74% of group A's held-out mail) and the voice model breaks its near-ties. At 30 or 60
 * drafting's judge (bench/drafts-quality.ts) falls below the naive Bayes model's (NOTES-voice.md).
 */
const MODEL_WEIGHT = 150;
/**
 * The voice model's log-odds count this many times against it (with the background in place):
 * bench/style.ts at 1, 1.25, 1.5, 2 gives the same attribution on the development group within a
 * mail and a lower equal error rate the more it counts; drafting's judge on that group falls by one
 * draft of 156 from 1.25 on, and by two at 2. 1.5, seen on all three groups (NOTES-voice.md part 4).
 */
const VOICE_EVIDENCE_WEIGHT = 1.5;
/**
 * Texts shorter than this many words get no voice evidence: a few words say little about a voice,
 * and the model's calibration then mostly says how long the user's mails are compared to their
 * correspondents' (drafts, whose length is the drafting engine's, were attributed worse with it).
 */
const VOICE_MIN_WORDS = 15;
/** Divergences below this count as this: an exact copy of the user's mail is not infinitely theirs. */
const MIN_DIVERGENCE = 1e-3;
/**
 * The logistic from the evidence to 0..1, by the text's length in words (a long text carries more
 * evidence, so its slope is steeper; a few words stay near even odds): fitted once by
 * class-balanced logistic regression of own against other people's held-out mail on the
 * development group (bench/style.ts STYLE_FIT=1), so 0.5 is even odds there. A text's band is the
 * same for every profile, so it changes no attribution.
 */
const SCORE_BANDS: { below: number; slope: number; intercept: number }[] = [
  { below: 5, slope: 0.0575, intercept: -1.5545 },
  { below: 15, slope: 0.09308, intercept: -2.5671 },
  { below: 40, slope: 0.14087, intercept: -4.1338 },
  { below: Number.POSITIVE_INFINITY, slope: 0.19229, intercept: -5.132 },
];

/**
 * The log-odds approach this bound and never reach it: a long text the user's model knows well is
 * thousands of times more likely theirs, and two such profiles must still not tie at exactly 1
 * (a double rounds the logistic of 37 to 1; attribution would then pick the first profile). Near
 * even odds it changes little (log-odds 2 read as 1.9).
 */
const MAX_LOG_ODDS = 30;

const background = generalBackground as unknown as Background;

function lookupOf(model: Pick<StyleFingerprint, 'families'>): (family: FeatureFamily) => Lookup {
  return (family) => {
    const reader = readersOf(model)[family];
    return { total: reader.total, types: reader.types, count: (feature) => countOf(reader, feature) };
  };
}

/** The evidence that the user wrote `text` and its length in words; null for a text with nothing to measure. */
function evidenceOf(fingerprint: StyleFingerprint, text: string): { evidence: number; words: number } | null {
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  const features = styleFeatures(text);
  const own = divergenceOf(features, lookupOf(fingerprint));
  const anyone = divergenceOf(features, lookupOf(background));
  if (own === null || anyone === null) return null;
  const modelEvidence = MODEL_WEIGHT * (Math.log(Math.max(anyone, MIN_DIVERGENCE)) - Math.log(Math.max(own, MIN_DIVERGENCE)));
  const words = wordsIn(text);
  if (!fingerprint.voice || words < VOICE_MIN_WORDS) return { evidence: modelEvidence, words };
  const margin = marginOf(voiceOf(fingerprint.voice), hashedOf(features, words));
  const inputs = calibrationInputs(margin, words);
  let logOdds = 0;
  for (let i = 0; i < inputs.length; i++) logOdds += fingerprint.voice.calibration[i]! * inputs[i]!;
  return { evidence: modelEvidence + VOICE_EVIDENCE_WEIGHT * logOdds, words };
}

/**
 * The evidence that the user wrote `text`: MODEL_WEIGHT times how much closer the text is to the
 * user's naive Bayes model than to the general background (log ratio of the divergences) plus, with
 * a voice model and for texts of VOICE_MIN_WORDS words or more, VOICE_EVIDENCE_WEIGHT times the voice model's
 * calibrated log-odds. Null for a text with nothing to measure.
 */
export function styleEvidence(fingerprint: StyleFingerprint, text: string): number | null {
  return evidenceOf(fingerprint, text)?.evidence ?? null;
}

/**
 * 0..1: how much `text` sounds like the user: the probability that they wrote it rather than
 * someone else (0.5: even odds, as calibrated on the development group). Without a voice model (no
 * incoming mail from people) the naive Bayes evidence alone goes through the same logistic: texts
 * and profiles rank exactly as main's naive Bayes score ranked them, on the same scale as profiles
 * with a voice model. 0 for a text with nothing to measure; 0.5 (no evidence either way) for a
 * fingerprint of an older version.
 */
export function styleMatch(profile: { fingerprint: StyleFingerprint }, text: string): number {
  if (!/[\p{L}\p{N}]/u.test(text)) return 0;
  if (!isCurrentFingerprint(profile.fingerprint)) return 0.5;
  const measured = evidenceOf(profile.fingerprint, text);
  if (measured === null) return 0;
  const band = SCORE_BANDS.find(({ below }) => measured.words < below)!;
  const logOdds = band.slope * measured.evidence + band.intercept;
  return 1 / (1 + Math.exp(-logOdds / (1 + Math.abs(logOdds) / MAX_LOG_ODDS)));
}
