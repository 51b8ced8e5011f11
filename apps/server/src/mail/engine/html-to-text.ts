import { compile } from 'html-to-text';

/**
 * Plain text from an HTML body, for messages whose HTML has no text/plain alternative: what search,
 * previews, contacts and the style engine read. html-to-text (htmlparser2) knows every HTML entity,
 * lists, tables and line breaks. Link targets, images and the document title are left out: they are
 * not words of the message (the HTML itself is what the mail view shows).
 */
const convert = compile({
  wordwrap: false,
  decodeEntities: true,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    // A document's title is not shown in its body (and an unclosed one would swallow the body).
    { selector: 'title', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

export function htmlToText(html: string): string {
  return (
    convert(html)
      // Non-breaking spaces are layout: the words are what search and the style engine read.
      .replace(/\u00a0/g, ' ')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
