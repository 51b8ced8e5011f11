import { expect, it } from 'vitest';
import { formatCount } from './format.ts';

it('formats counts with thousands separators', () => {
  expect(formatCount(12345)).toBe('12,345');
});
