import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it.each([
    ['Phillip Allen', 'PA'],
    ['phil k. allen', 'PK'],
    ['Cher', 'C'],
    ['  Émile   Zola ', 'ÉZ'],
    ['"Allen, Phillip"', 'AP'],
    ['phillip.allen@enron.com', 'PA'],
    ['jsmith@example.com', 'J'],
    ['', ''],
  ])('%s gives %s', (name, text) => {
    expect(initials(name)).toBe(text);
  });
});
