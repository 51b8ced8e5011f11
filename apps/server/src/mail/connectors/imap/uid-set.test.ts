import { describe, expect, it } from 'vitest';
import { uidSet } from './uid-set.ts';

describe('uidSet', () => {
  it.each([
    [['7'], '7'],
    [['1', '2', '3'], '1:3'],
    [['1', '2', '3', '5', '8', '9'], '1:3,5,8:9'],
    [['9', '3', '2', '1'], '1:3,9'],
    [['4', '4', '5'], '4:5'],
  ])('%j -> %s', (ids, expected) => {
    expect(uidSet(ids)).toBe(expected);
  });
});
