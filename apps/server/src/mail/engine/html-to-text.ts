/**
 * Plain text from an HTML body, for messages that have no text part: enough for search, previews
 * and the style engine. Not a renderer (display uses the sanitized HTML itself).
 */
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|blockquote|table)\s*>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? match;
      if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? match;
      return ENTITIES[lower] ?? match;
    })
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function safeCodePoint(code: number): string | undefined {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return undefined;
  return String.fromCodePoint(code);
}
