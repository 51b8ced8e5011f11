import { describe, expect, it } from 'vitest';
import { CANDIDATE_BUDGET, candidateTerms, type QueryTerm } from './knowledge-query.ts';

const term = (lexeme: string, chunks: number): QueryTerm => ({ lexeme, chunks, weight: Math.log(1 + 20_000 / chunks) });

describe('candidateTerms: the words whose passages the search reads', () => {
  it.each([
    ['a small knowledge base: every word', [term('refund', 12), term('boot', 30), term('send', 40)], ['refund', 'boot', 'send']],
    [
      'a large one: the rarest words within the budget, not the common ones',
      [term('need', 8000), term('resol', 40), term('new', 6000), term('boot', 900), term('jacket', 1500)],
      ['resol', 'boot'],
    ],
    ['the rarest word even past the budget', [term('one', 9000), term('need', CANDIDATE_BUDGET + 1)], ['need']],
    ['no words', [], []],
  ] as const)('%s', (_case, terms, expected) => {
    expect(candidateTerms([...terms])).toEqual(expected);
  });
});
