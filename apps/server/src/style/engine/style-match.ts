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
 * - `shape`: 2..5-grams of the text with each word replaced by its case shape (W for "Word", w for
 *   "word", U for "WORD", 9 for a number): sentence rhythm and punctuation independent of topic.
 * A text's divergence from a model is the cross-entropy of its features under the model less their
 * own entropy, per family (Lidstone-smoothed, so a feature the user never wrote costs the same for
 * every profile), the families averaged with `chars` counted twice (it carries the most signal).
 * Attribution (bench/style.ts) takes the profile whose styleMatch is highest.
 *
 * Verification (is this text the user's?) weighs that divergence against the text's divergence
 * from other people's mail: the background, a model of the same families built from the own words
 * of mail other people sent to this user (their inbox, bulk and automated mail and the user's own
 * left out; build-profile.ts othersWords), stored with the profile: no mail of anyone else ships
 * with the engine. The evidence is BACKGROUND_WEIGHT * log(divergence from the background) -
 * log(divergence from the user), and a logistic per length band turns it into a probability with
 * even odds (styleMatch 0.5: as likely the user as someone else). Templated mail (the same long
 * body sent TEMPLATE_COPIES times or more) counts once in the model.
 *
 * Measured with bench/style.ts on three groups of five Enron mailboxes, each user's background from
 * their own inbox (NOTES-voice.md): attribution 87.1%, 85.5%, 90.4%; AUC of own against other
 * people's held-out mail 0.83, 0.79, 0.87.
 */

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
 * Other people's mail to this user as a model of the same families: only features seen
 * BACKGROUND_MIN_COUNT times or more, with their counts (no Bloom filter of the rare ones), so it
 * stays small (about 30-50 KB) however much mail it reads; what it does not list counts as unseen.
 */
type Background = { mails: number; families: Families };
/**
 * What styleMatch needs, stored with the profile: the user's model and the background (null when
 * the account had too little mail from people, and styleMatch then says 0.5).
 */
export type StyleFingerprint = { version: 3; families: Families; background: Background | null };
/**
 * The fingerprint version styleMatch reads. A stored profile of another version (1: no calibrated
 * score; 2: one background for everyone) is rebuilt by a job (style/service.ts); until then
 * styleMatch scores it 0.5 and drafting keeps reading its greetings and closings.
 */
export const FINGERPRINT_VERSION = 3;

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
  const normal = normalizeForStyle(text);
  const marked = `${START}${normal}${END}`;
  const chars = new Map<string, number>();
  charGrams(chars, marked, 2, 4);
  const shape = new Map<string, number>();
  const shaped = marked
    .replace(/\p{Lu}\p{Ll}+/gu, 'W')
    .replace(/\p{Ll}+/gu, 'w')
    .replace(/\p{Lu}+/gu, 'U')
    .replace(/\p{N}+/gu, '9');
  charGrams(shape, shaped, 2, 5);
  const words = new Map<string, number>();
  const bigrams = new Map<string, number>();
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
  return { chars, words, bigrams, shape };
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

/**
 * Length bands by the number of words of a text, upper bounds exclusive: a short text carries less
 * evidence about its author, and the calibration (SLOPE, INTERCEPT) is per band.
 */
const LENGTH_BANDS = [5, 15, 40, Number.POSITIVE_INFINITY];

function wordsIn(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

function bandOf(words: number): number {
  return LENGTH_BANDS.findIndex((below) => words < below);
}

function featureTotals(texts: string[]): Record<FeatureFamily, Map<string, number>> {
  const totals: Record<FeatureFamily, Map<string, number>> = { chars: new Map(), words: new Map(), bigrams: new Map(), shape: new Map() };
  for (const text of texts) {
    const features = styleFeatures(text);
    for (const family of FAMILIES) {
      const total = totals[family];
      for (const [feature, n] of features[family]) total.set(feature, (total.get(feature) ?? 0) + n);
    }
  }
  return totals;
}

/** The background lists features seen this often (see Background). */
const BACKGROUND_MIN_COUNT = 16;
/** Fewer mails from people than this make no background: styleMatch then says 0.5. */
const MIN_BACKGROUND_MAILS = 8;

/**
 * The fingerprint of the user's own words of each sent mail (templated copies count once), with the
 * background built from `others`, the own words of mail other people sent them.
 */
export function buildFingerprint(texts: string[], others: string[] = []): StyleFingerprint {
  const copies = templateCopies(texts);
  const ownTotals = featureTotals(texts.filter((_, index) => !copies[index]));
  const families = {} as Families;
  for (const family of FAMILIES) families[family] = familyModel(ownTotals[family]);
  const otherTexts = others.filter((text) => /[\p{L}\p{N}]/u.test(text));
  if (otherTexts.length < MIN_BACKGROUND_MAILS) return { version: FINGERPRINT_VERSION, families, background: null };
  const otherTotals = featureTotals(otherTexts);
  const background = {} as Families;
  for (const family of FAMILIES) background[family] = familyModel(otherTotals[family], BACKGROUND_MIN_COUNT, false);
  return { version: FINGERPRINT_VERSION, families, background: { mails: otherTexts.length, families: background } };
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

/** The text's divergence from a model (divergenceOf); null for a text with nothing to measure. */
function styleDivergence(fingerprint: Pick<StyleFingerprint, 'families'>, text: string): number | null {
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  const models = readersOf(fingerprint);
  return divergenceOf(styleFeatures(text), (family) => {
    const model = models[family];
    return { total: model.total, types: model.types, count: (feature) => countOf(model, feature) };
  });
}

/**
 * How much the background weighs against the user's model. The background is the people who write
 * to the user: they share the user's topics, workplace and often their phrasing, so weighed fully it
 * makes a user who writes like their correspondents look unlike themselves (bench/style.ts on the
 * development group: 73% of held-out mail attributed to its author at 1, 88% at 0.5, AUC about the
 * same). At 0.5 it still corrects for how hard a text is to model (its length, names, numbers).
 */
const BACKGROUND_WEIGHT = 0.5;

/**
 * The evidence that the user rather than someone else wrote `text`:
 * BACKGROUND_WEIGHT * log(divergence from the background) - log(divergence from the user's model),
 * higher when the text is closer to the user. Null for a text with nothing to measure or a
 * fingerprint without a background.
 */
export function styleEvidence(fingerprint: StyleFingerprint, text: string): number | null {
  if (!fingerprint.background) return null;
  const own = styleDivergence(fingerprint, text);
  const others = styleDivergence(fingerprint.background, text);
  if (own === null || others === null) return null;
  return BACKGROUND_WEIGHT * Math.log(Math.max(others, 1e-6)) - Math.log(Math.max(own, 1e-6));
}

/**
 * The logistic that turns the evidence into the probability that the user wrote the text, per
 * length band: P = 1 / (1 + exp(-(SLOPE * evidence + INTERCEPT))). Fitted by class-balanced
 * logistic regression (so 0.5 is even odds) of own against other people's held-out mail on the
 * development group, and checked on two groups it never saw (bench/style.ts, NOTES-voice.md): a
 * short text carries less evidence, so the slope grows with the length.
 */
const SLOPE = [4.57, 8.29, 13.92, 11.11];
const INTERCEPT = [3.27, 4.49, 5.95, 3.7];

/**
 * 0..1, calibrated: the probability that the user wrote `text` rather than someone else, with even
 * odds before reading it (0.5: as likely them as not). 0 for a text with nothing to measure; 0.5
 * (no evidence either way) for a fingerprint of an older version or without a background.
 */
export function styleMatch(profile: { fingerprint: StyleFingerprint }, text: string): number {
  if (!/[\p{L}\p{N}]/u.test(text)) return 0;
  if (!isCurrentFingerprint(profile.fingerprint)) return 0.5;
  const evidence = styleEvidence(profile.fingerprint, text);
  if (evidence === null) return 0.5;
  const band = bandOf(wordsIn(text));
  return 1 / (1 + Math.exp(-(SLOPE[band]! * evidence + INTERCEPT[band]!)));
}
