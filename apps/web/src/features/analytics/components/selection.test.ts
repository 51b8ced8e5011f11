import { describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, resolveSelection } from './selection.ts';

const accounts = [{ id: 'a' }, { id: 'b' }];

describe('resolveSelection', () => {
  it.each([
    ['a requested account of the user', 'b', accounts, 'b'],
    ['all accounts when asked', 'all', accounts, ALL_ACCOUNTS],
    ['all accounts by default when there are several', null, accounts, ALL_ACCOUNTS],
    ['an unknown account falls back to the default', 'gone', accounts, ALL_ACCOUNTS],
    ['the only account by default', null, [{ id: 'a' }], 'a'],
    ['the only account even when all are asked for', 'all', [{ id: 'a' }], 'a'],
  ])('%s', (_case, requested, list, expected) => {
    expect(resolveSelection(requested, list)).toBe(expected);
  });
});
