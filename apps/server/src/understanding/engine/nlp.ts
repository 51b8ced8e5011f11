/**
 * Sentences, words, parts of speech and dates come from wink-nlp with its English model (issue 31:
 * no hand-made tokenizer or tagger). One pipeline for the process, built on first use (~120 ms);
 * verb forms ("did you receive" → "you received") from compromise's conjugation tables.
 *
 * Both libraries are loaded on first use, not when the server starts: together they are about
 * 20 MB of heap and 50 MB of RSS, which a process that understands no mail (a web process, a
 * download of old mail) need not hold (issue 33, the sync's peak memory; BENCHMARKS.md).
 */
import { createRequire } from 'node:module';
import type { ItemEntity, ItemSentence, ItemToken, WinkMethods } from 'wink-nlp';

const load = createRequire(import.meta.url);

/** One word (or punctuation mark) of a sentence. */
export type Token = {
  text: string;
  lower: string;
  /** Universal POS tag (NOUN, VERB, AUX, PRON, PROPN, ADP, SCONJ, CCONJ, DET, ADJ, ADV, PART, INTJ, NUM, PUNCT, SYM, ...). */
  pos: string;
  lemma: string;
  /** An entity the model found here (DATE, TIME, DURATION, MONEY, ...), or null. */
  entity: string | null;
  /** The white space before it in the text ('' when it is joined to the word before: "dial-in", "Joe's"). */
  space: string;
};

export type Sentence = { text: string; tokens: Token[]; entities: { value: string; type: string }[] };

let pipeline: WinkMethods | null = null;

function nlp(): WinkMethods {
  if (!pipeline) {
    const winkNLP = load('wink-nlp') as typeof import('wink-nlp').default;
    pipeline = winkNLP(load('wink-eng-lite-web-model') as typeof import('wink-eng-lite-web-model').default, ['sbd', 'pos', 'ner']);
  }
  return pipeline;
}

function sentenceOf(sentence: ItemSentence): Sentence {
  const its = nlp().its;
  const tokens: Token[] = [];
  const entityAt = new Map<number, string>();
  sentence.entities().each((entity: ItemEntity) => {
    const [from, to] = entity.out(its.span) as unknown as [number, number];
    const type = entity.out(its.type);
    for (let i = from; i <= to; i++) entityAt.set(i, type);
  });
  sentence.tokens().each((token: ItemToken) => {
    const type = token.out(its.type);
    if (type === 'tabCRLF') return;
    const text = token.out();
    tokens.push({
      text,
      lower: text.toLowerCase(),
      pos: token.out(its.pos),
      // wink-nlp's typings give its.lemma a model-add-on signature `out` does not accept; it works the same way as its.pos.
      lemma: token.out(its.lemma as unknown as typeof its.pos),
      entity: entityAt.get(token.index()) ?? null,
      space: token.out(its.precedingSpaces) ? ' ' : '',
    });
  });
  return {
    text: sentence.out().replace(/\s+/g, ' ').trim(),
    tokens,
    entities: sentence.entities().out(its.detail) as unknown as { value: string; type: string }[],
  };
}

/**
 * Text written in capitals ("PLEASE SEND THE FILE") is read in lower case: the tagger takes
 * capitalised words for names. Mostly-capital text only (a shouted subject line stays as it is).
 */
function readable(text: string): string {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const capitals = text.match(/\p{Lu}/gu)?.length ?? 0;
  if (letters < 20 || capitals < 0.7 * letters) return text;
  return text
    .toLowerCase()
    .replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bi\b/g, 'I');
}

/** The sentences of a text, each with its words tagged. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  nlp()
    .readDoc(readable(text))
    .sentences()
    .each((sentence: ItemSentence) => {
      const read = sentenceOf(sentence);
      if (read.tokens.length) out.push(read);
    });
  return out;
}

/**
 * The part of speech of the first word of `text` read as a request ("please call me ..."): a
 * sentence-initial "Call me" or "Review the draft" is tagged a name or a noun by its capital and its
 * place, and the tagger reads an imperative after "please".
 */
export function firstWordPos(text: string): string {
  let pos = '';
  nlp()
    .readDoc(`please ${text.charAt(0).toLowerCase()}${text.slice(1)}`)
    .tokens()
    .each((token: ItemToken, index: number) => {
      if (index === 1) pos = token.out(nlp().its.pos);
    });
  return pos;
}

/** compromise's verb tables, typed as they are used (its typings leave `methods()` an object). */
type Conjugator = { conjugate(verb: string, model: unknown): Partial<Record<'PastTense' | 'PresentTense', string>> };
let conjugator: { conjugations: Conjugator; model: unknown } | null = null;

function conjugate(verb: string): Partial<Record<'PastTense' | 'PresentTense', string>> {
  if (!conjugator) {
    const nlpCompromise = load('compromise') as typeof import('compromise').default;
    const conjugations = (nlpCompromise.methods() as unknown as { two: { transform: { verb: Conjugator } } }).two.transform.verb;
    conjugator = { conjugations, model: nlpCompromise.model() };
  }
  return conjugator.conjugations.conjugate(verb, conjugator.model);
}

/** A verb in the past tense ("receive" → "received", "send" → "sent"). */
export function pastTense(verb: string): string {
  return conjugate(verb).PastTense ?? verb;
}

/** A verb in the third person present ("start" → "starts"). */
export function thirdPerson(verb: string): string {
  return conjugate(verb).PresentTense ?? verb;
}
