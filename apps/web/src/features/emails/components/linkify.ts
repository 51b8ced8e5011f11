/** A run of the text; `start` is its offset in the text (a stable key). */
export type TextPart = { kind: 'text'; text: string; start: number } | { kind: 'link'; text: string; href: string; start: number };

// http(s) URLs up to whitespace or a character that cannot be part of one in running text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Sentence punctuation after a URL belongs to the sentence.
const TRAILING = /[.,;:!?)\]}>'"*]+$/;

/** Splits plain text into text and http(s) link parts; nothing else (javascript:, data:, mailto:) becomes a link. */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = url.match(TRAILING)?.[0] ?? '';
    // Keep a closing parenthesis that closes one opened inside the URL (Wikipedia-style links).
    const keepParen = trailing.startsWith(')') && (url.match(/\(/g)?.length ?? 0) > 0;
    const cut = keepParen ? trailing.slice(1) : trailing;
    if (cut) url = url.slice(0, -cut.length);
    if (!/^https?:\/\/[^/?#]+/i.test(url)) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start), start: last });
    parts.push({ kind: 'link', text: url, href: url, start });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last), start: last });
  return parts;
}
