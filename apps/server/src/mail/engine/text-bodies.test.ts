import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, enronFolder, listFiles } from '../../test-support/corpus.ts';
import { ConcatBlob } from './concat-blob.ts';
import { cleanText, parseMessage } from './parse-message.ts';
import { cutLongTextBodies } from './text-bodies.ts';

const MB = 1024 * 1024;
const mimeFiles = listFiles(path.join(CORPUS_DIR, 'mime')).filter(
  (f) => !/\.(json|py|rs|js|ts|md|txt\.expected)$/i.test(f) && !f.endsWith('LICENSE'),
);

/** What parseMessage stores of a message parsed whole: its text and HTML, cut to the stored length. */
async function wholeBodies(raw: Buffer) {
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 64 });
  return { text: cleanText(email.text), html: cleanText(email.html) };
}

/** `bytes` of text from the Enron mail in lines of 76 characters, as mail is written. */
function mailText(bytes: number, eol = '\n'): string {
  const source = enronFolder('allen-p', 'inbox')
    .slice(0, 50)
    .map((f) => fs.readFileSync(f, 'latin1').split(/\r?\n\r?\n/)[1] ?? '')
    .join(' ')
    .replace(/\s+/g, ' ');
  const lines: string[] = [];
  let size = 0;
  for (let at = 0; size < bytes; at = (at + 76) % (source.length - 76)) {
    const line = source.slice(at, at + 76);
    lines.push(line);
    size += line.length + eol.length;
  }
  return lines.join(eol);
}

const base64Lines = (text: string) => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\n');

describe('long text bodies cut before parsing', () => {
  // As in the parse worker threads (Node's own Blob makes parsing megabytes of text slow).
  const NodeBlob = globalThis.Blob;
  beforeAll(() => {
    globalThis.Blob = ConcatBlob as unknown as typeof Blob;
  });
  afterAll(() => {
    globalThis.Blob = NodeBlob;
  });

  it('leaves every message of the corpora alone at the real limit', () => {
    for (const file of [...mimeFiles, ...enronFolder('allen-p', 'inbox')]) {
      expect(cutLongTextBodies(fs.readFileSync(file), 4_000_000), file).toBeNull();
    }
  });

  it('keeps headers, structure and attachments of every corpus message when its text is cut very short', async () => {
    for (const file of mimeFiles) {
      const raw = fs.readFileSync(file);
      const cut = cutLongTextBodies(raw, 512);
      if (!cut) continue;
      expect(cut.length, file).toBeLessThan(raw.length);
      const [whole, short] = await Promise.all([parseMessage(raw), parseMessage(Buffer.from(cut))]);
      const facts = (p: typeof whole) => ({
        messageId: p.messageId,
        subject: p.subject,
        sender: p.senderEmail,
        recipients: p.recipientEmails,
        attachments: p.attachments,
        references: p.references,
      });
      expect(facts(short), file).toEqual(facts(whole));
      if (whole.bodyText && short.bodyText) expect(whole.bodyText.startsWith(short.bodyText.slice(0, 40).trimEnd()), file).toBe(true);
    }
  });

  it.each([
    ['plain text, 12 MB', () => `From: a@example.com\nSubject: plain\n\n${mailText(12 * MB)}\n`],
    ['plain text in one 12 MB line', () => `From: a@example.com\nSubject: one line\n\n${'word '.repeat((12 * MB) / 5)}\n`],
    [
      'base64 text, 9 MB',
      () =>
        `From: a@example.com\nSubject: b64\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${base64Lines(mailText(9 * MB))}`,
    ],
    [
      'quoted-printable text, 9 MB, CRLF',
      () =>
        `From: a@example.com\r\nSubject: qp\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${mailText(9 * MB, '=E9=\r\n')}\r\n`,
    ],
  ])('%s: the stored text is what parsing the whole message gives', async (_, build) => {
    const raw = Buffer.from(build(), 'latin1');
    const cut = cutLongTextBodies(raw, 4_000_000);
    expect(cut!.length).toBeLessThanOrEqual(4_000_000 + 200);
    const parsed = await parseMessage(raw);
    const whole = await wholeBodies(raw);
    expect(parsed.bodyText).toHaveLength(2_000_000);
    expect(parsed.bodyText).toBe(whole.text);
    expect(parsed.sizeBytes).toBe(raw.length);
  });

  it('cuts the text and HTML of a multipart message, never an attachment, whatever its type', async () => {
    const csv = 'day,count\n'.repeat(100_000);
    const pdf = Buffer.alloc(1 * MB, 7)
      .toString('base64')
      .replace(/.{76}/g, '$&\n');
    const raw = Buffer.from(
      [
        'From: a@example.com',
        'Subject: everything',
        'Message-ID: <multi@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="outer"',
        '',
        '--outer',
        'Content-Type: multipart/alternative; boundary=inner',
        '',
        '--inner',
        'Content-Type: text/plain; charset=us-ascii',
        '',
        // A line like a boundary that is none: the body goes on.
        '-- ',
        mailText(4.5 * MB),
        '--inner',
        'Content-Type: text/html; charset=us-ascii',
        '',
        `<html><body>${mailText(4.5 * MB, '<br>\n')}</body></html>`,
        '--inner--',
        '--outer',
        'Content-Type: text/csv; name="counts.csv"',
        'Content-Disposition: attachment; filename="counts.csv"',
        '',
        csv,
        '--outer',
        'Content-Type: application/pdf; name="report.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf,
        '--outer--',
        '',
      ].join('\n'),
    );
    const cut = cutLongTextBodies(raw, 4_000_000)!;
    expect(cut.length).toBeLessThan(raw.length - 1_000_000);
    const parsed = await parseMessage(raw);
    const whole = await wholeBodies(raw);
    expect(parsed.bodyText).toBe(whole.text);
    expect(parsed.bodyHtml).toBe(whole.html);
    expect(parsed.attachments.map((a) => [a.filename, a.sizeBytes])).toEqual([
      ['counts.csv', csv.length + 1],
      ['report.pdf', 1 * MB],
    ]);
  });
});
