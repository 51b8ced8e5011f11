import { describe, expect, it } from 'vitest';
import { displayName, extensionOf } from './service.ts';

// A user's file name is data shown as given; a name past the 255 characters kept is cut in its
// middle, so it keeps its type (a knowledge upload's extension decides whether Penman can read it).
describe('displayName', () => {
  it('keeps a name as given, without control characters', () => {
    expect(displayName('../Prix "été" – 価格表.pdf')).toBe('../Prix "été" – 価格表.pdf');
    expect(displayName('bad\u0001name.txt')).toBe('badname.txt');
    expect(displayName('  \u0000 ')).toBe('file');
  });

  it('cuts a very long name to 255 characters and keeps its extension', () => {
    const name = `${'très long nom '.repeat(30)}.pdf`;
    const shown = displayName(name);
    expect(shown).toHaveLength(255);
    expect(shown.startsWith('très long nom très long nom')).toBe(true);
    expect(extensionOf(shown)).toBe('pdf');
  });
});
