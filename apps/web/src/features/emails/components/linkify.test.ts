import { describe, expect, it } from 'vitest';
import { linkifyText } from './linkify.ts';

const links = (text: string) => linkifyText(text).flatMap((part) => (part.kind === 'link' ? [part.href] : []));

describe('linkifyText', () => {
  it('keeps the text whole, line breaks included, around the links', () => {
    const text = 'See http://www.enron.com/docs.\nThanks,\n  Phillip';
    const parts = linkifyText(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'See ', start: 0 },
      { kind: 'link', text: 'http://www.enron.com/docs', href: 'http://www.enron.com/docs', start: 4 },
      { kind: 'text', text: '.\nThanks,\n  Phillip', start: 29 },
    ]);
  });

  it.each([
    ['Go to https://example.com/a?b=1&c=2#d, then call.', ['https://example.com/a?b=1&c=2#d']],
    ['(see https://example.com/x)', ['https://example.com/x']],
    ['https://en.wikipedia.org/wiki/Enron_(company) is long', ['https://en.wikipedia.org/wiki/Enron_(company)']],
    ['<http://example.com/angle>', ['http://example.com/angle']],
    ['"https://example.com/quoted"', ['https://example.com/quoted']],
    ['HTTP://EXAMPLE.COM/UPPER', ['HTTP://EXAMPLE.COM/UPPER']],
    ['two: http://a.example and https://b.example!', ['http://a.example', 'https://b.example']],
  ])('links %s', (text, expected) => {
    expect(links(text)).toEqual(expected);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@example.com',
    'ftp://files.example.com',
    'www.example.com',
    'http://',
    'https://.',
    'xhttp://example.com is not a link start? it is matched from the word boundary only',
  ])('makes no link of %s', (text) => {
    const found = links(text);
    expect(found.every((href) => /^https?:\/\/[^/?#\s]+/i.test(href))).toBe(true);
    if (!text.includes('xhttp')) expect(found).toEqual([]);
  });
});
