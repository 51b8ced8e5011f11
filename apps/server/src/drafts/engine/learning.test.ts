import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../mail/engine/own-words.ts';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { compareDraft, diceSimilarity, LIGHTLY_EDITED_SIMILARITY, replyParts } from './learning.ts';

type Pair = { user: string; reply_path: string; reply_text_above_quote: string };
const pairs = fs
  .readFileSync(path.join(CORPUS_DIR, 'enron-pairs', 'pairs.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Pair);
const replyOf = (replyPath: string) => pairs.find((pair) => pair.reply_path === replyPath)!.reply_text_above_quote;

async function sentBody(replyPath: string): Promise<string> {
  const parsed = await parseMessage(new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, 'enron', replyPath))));
  return bodyOf(parsed.bodyText, parsed.bodyHtml);
}

describe('diceSimilarity (character bigrams)', () => {
  it.each([
    ['night', 'nacht', 0.25],
    ['Thanks for the update', 'thanks  for the update', 1],
    ['', 'abc', 0],
  ])('%j vs %j is %d', (a, b, expected) => {
    expect(diceSimilarity(a, b)).toBeCloseTo(expected, 5);
  });
});

describe('compareDraft on real replies (enron-pairs)', () => {
  it('a reply compared with the same reply as sent (quote of the original mail below it) is unchanged', async () => {
    // kaminski-v/sent_items/1.: "Helen, ... Vince" above an "-----Original Message-----" block.
    const real = replyOf('kaminski-v/sent_items/1.');
    const sent = await sentBody('kaminski-v/sent_items/1.');
    expect(sent.length).toBeGreaterThan(real.length + 100);
    const comparison = compareDraft(real, sent, 'Vince J Kaminski');
    expect(comparison.verdict).toBe('unchanged');
    expect(comparison.similarity).toBe(1);
    expect(comparison.removed).toEqual([]);
    expect(comparison.added).toEqual([]);
  });

  it('every real reply is unchanged against its own sent mail once quotes and signatures are cut (all pairs of the corpus)', async () => {
    const sample = pairs.filter((_, i) => i % 5 === 0);
    const verdicts = new Map<string, number>();
    for (const pair of sample) {
      const comparison = compareDraft(pair.reply_text_above_quote, await sentBody(pair.reply_path));
      verdicts.set(comparison.verdict, (verdicts.get(comparison.verdict) ?? 0) + 1);
    }
    // The corpus' "above the quote" cut and the style engine's own-words cut differ on a few
    // replies (a disclaimer, a forwarded block the pairs file keeps); never does one look rewritten.
    expect(verdicts.get('rewritten') ?? 0).toBe(0);
    expect(verdicts.get('unchanged') ?? 0).toBeGreaterThanOrEqual(0.8 * sample.length);
  });

  it('a greeting changed and one word replaced is lightly edited, with the substitution and the greeting change', () => {
    // kaminski-v/sent_items/386.
    const real = replyOf('kaminski-v/sent_items/386.');
    const edited = real.replace('Jeff,', 'Hi Jeff,').replace('close the loop', 'finish this');
    const comparison = compareDraft(real, edited, 'Vince J Kaminski');
    expect(comparison.verdict).toBe('lightly_edited');
    expect(comparison.similarity).toBeGreaterThanOrEqual(LIGHTLY_EDITED_SIMILARITY);
    expect(comparison.similarity).toBeLessThan(1);
    expect(comparison.greeting).toEqual({ draft: 'Jeff,', final: 'Hi Jeff,', changed: true });
    expect(comparison.closing.changed).toBe(false);
    expect(comparison.substitutions).toEqual([{ from: 'close the loop', to: 'finish this' }]);
    expect(comparison.removed).toEqual(['close the loop']);
    expect(comparison.added).toEqual(['finish this']);
  });

  it('a sentence the user cut is a removed phrase, and the length change says how much shorter', () => {
    // allen-p/sent_items/2.: "Bob,\n\nLet me know how I can help with the variance application.\n\nPhillip".
    const real = replyOf('allen-p/sent_items/2.');
    const draft = real.replace('application.', 'application. Please do not hesitate to contact me with any questions.');
    const comparison = compareDraft(draft, real, 'Phillip K Allen');
    expect(comparison.verdict).toBe('lightly_edited');
    expect(comparison.removed).toEqual(['please do not hesitate to contact me with any questions']);
    expect(comparison.added).toEqual([]);
    expect(comparison.substitutions).toEqual([]);
    expect(comparison.length.change).toBe(-10);
  });

  it("a generic holding draft against the user's real reply is rewritten", () => {
    const draft = 'Hi Bob,\n\nThanks for your email. I will get back to you shortly.\n\nBest regards,\nPhillip';
    const comparison = compareDraft(draft, replyOf('allen-p/sent_items/2.'), 'Phillip K Allen');
    expect(comparison.verdict).toBe('rewritten');
    expect(comparison.similarity).toBeLessThan(LIGHTLY_EDITED_SIMILARITY);
    expect(comparison.greeting).toEqual({ draft: 'Hi Bob,', final: 'Bob,', changed: true });
    expect(comparison.closing).toEqual({ draft: 'Best regards,', final: null, changed: true });
  });

  it('two different real replies of one user are rewritten against each other', () => {
    const comparison = compareDraft(replyOf('kaminski-v/sent_items/160.'), replyOf('kaminski-v/sent_items/1638.'), 'Vince J Kaminski');
    expect(comparison.verdict).toBe('rewritten');
  });
});

describe('replyParts', () => {
  it.each([
    // watson-k/sent_items/89.: the greeting on the text's first line.
    ['watson-k/sent_items/89.', 'Audrey,', /^this looks good\./],
    // kaminski-v/sent_items/788.: "Tanya" alone on its line, no comma.
    ['kaminski-v/sent_items/788.', 'Tanya', /^No problem\.$/],
  ])('%s greets with %j', (replyPath, greeting, body) => {
    const parts = replyParts(replyOf(replyPath), null);
    expect(parts.greeting).toBe(greeting);
    expect(parts.body).toMatch(body);
  });

  it('a sentence opener before a comma is no greeting ("Yes, ...", "Thanks, ...")', () => {
    expect(replyParts('Yes, that works for me.\n\nVince').greeting).toBeNull();
    expect(replyParts('Thanks, I will look at it.\n\nVince').greeting).toBeNull();
  });
});
