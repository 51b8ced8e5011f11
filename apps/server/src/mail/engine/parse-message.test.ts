import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, enronFolder, listFiles } from '../../test-support/corpus.ts';
import { cutAttachmentBodies } from './attachment-bodies.ts';
import { ConcatBlob } from './concat-blob.ts';
import { htmlToText } from './html-to-text.ts';
import { cleanText, normalizeMessageId, parseMessage } from './parse-message.ts';

const mimeFiles = listFiles(path.join(CORPUS_DIR, 'mime')).filter(
  (f) => !/\.(json|py|rs|js|ts|md|txt\.expected)$/i.test(f) && !f.endsWith('LICENSE'),
);

describe('parseMessage on the MIME torture corpus', () => {
  it('parses every file without throwing, with a key, a hash and text free of NUL', async () => {
    expect(mimeFiles.length).toBeGreaterThan(100);
    for (const file of mimeFiles) {
      const parsed = await parseMessage(fs.readFileSync(file));
      expect(parsed.messageKey, file).toBeTruthy();
      expect(parsed.contentHash).toMatch(/^[0-9a-f]{64}$/);
      for (const value of [parsed.subject, parsed.bodyText, parsed.bodyHtml, parsed.senderName]) {
        if (value) expect(value.includes('\u0000'), file).toBe(false);
      }
      // JSON round-trip: what PostgreSQL's jsonb and the API will do with it.
      expect(() => JSON.stringify(parsed)).not.toThrow();
    }
  });
});

describe("the parse worker's Blob stand-in", () => {
  it("parses every file of the MIME corpus exactly as with Node's Blob", async () => {
    const NodeBlob = globalThis.Blob;
    try {
      for (const file of mimeFiles) {
        const raw = fs.readFileSync(file);
        globalThis.Blob = NodeBlob;
        const expected = await parseMessage(raw);
        globalThis.Blob = ConcatBlob as unknown as typeof Blob;
        expect(await parseMessage(raw), file).toEqual(expected);
      }
    } finally {
      globalThis.Blob = NodeBlob;
    }
  });
});

describe('attachment bodies left undecoded', () => {
  const withAttachment = (content: Buffer, options: { type?: string; text?: string; encoded?: string } = {}) =>
    Buffer.from(
      [
        'From: a@x.com',
        'Message-ID: <att@x>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=us-ascii',
        '',
        options.text ?? 'See attached.',
        '--b1',
        `Content-Type: ${options.type ?? 'application/pdf'}; name="r.pdf"`,
        'Content-Disposition: attachment;',
        ' filename="r.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        options.encoded ?? content.toString('base64').replace(/.{76}/g, '$&\r\n'),
        '--b1--',
        '',
      ].join('\r\n'),
    );

  it('reports the exact decoded size, whatever the padding', async () => {
    for (const size of [60_000, 60_001, 60_002]) {
      const raw = withAttachment(randomBytes(size));
      expect(cutAttachmentBodies(raw)?.sizes).toEqual([size]);
      const parsed = await parseMessage(raw);
      expect(parsed.attachments).toEqual([
        { filename: 'r.pdf', contentType: 'application/pdf', sizeBytes: size, contentId: null, disposition: 'attachment' },
      ]);
      expect(parsed).toMatchObject({ bodyText: 'See attached.\n', hasAttachments: true, sizeBytes: raw.byteLength, messageKey: 'att@x' });
    }
  });

  it('decodes what it cannot size exactly, and keeps text parts', async () => {
    const content = randomBytes(30_000);
    // A stray character in the base64: the decoder skips it, so the size is the decoder's.
    const odd = content.toString('base64').replace(/.{76}/g, '$&\r\n').replace('\r\n', ' \r\n');
    expect(cutAttachmentBodies(withAttachment(content, { encoded: odd }))).toBeNull();
    expect((await parseMessage(withAttachment(content, { encoded: odd }))).attachments[0]?.sizeBytes).toBe(30_000);
    expect(cutAttachmentBodies(withAttachment(content, { type: 'text/csv' }))).toBeNull();
  });

  it('parses the original when a cut does not come back as an attachment', async () => {
    // A message quoted as plain text, attachment included: its base64 lines are text to keep.
    const inner = withAttachment(randomBytes(30_000)).toString('latin1');
    const raw = Buffer.from(`From: b@x.com\r\nContent-Type: text/plain\r\n\r\n--original\r\n${inner}`, 'latin1');
    expect(cutAttachmentBodies(raw)).not.toBeNull();
    const parsed = await parseMessage(raw);
    expect(parsed.bodyText?.trim()).toBe(`--original\n${inner.replace(/\r\n/g, '\n')}`.trim());
    expect(parsed.attachments).toEqual([]);
  });
});

describe('parseMessage on real Enron mail', () => {
  it('reads the headers and body of a message from the inbox', async () => {
    const [file] = enronFolder('allen-p', 'inbox');
    const raw = fs.readFileSync(file!);
    const parsed = await parseMessage(raw);
    const text = raw.toString('latin1');
    const messageId = text.match(/^Message-ID:\s*<([^>]+)>/im)?.[1];
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.messageKey).toBe(messageId);
    expect(parsed.senderEmail).toMatch(/@/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.bodyText?.length).toBeGreaterThan(0);
    expect(parsed.sizeBytes).toBe(raw.byteLength);
    expect(parsed.parseProblem).toBeNull();
  });

  it('every sent message of allen-p is from one of his addresses', async () => {
    const senders = new Set<string>();
    for (const file of enronFolder('allen-p', 'sent').slice(0, 200))
      senders.add((await parseMessage(fs.readFileSync(file))).senderEmail ?? '');
    expect([...senders].every((s) => s.endsWith('@enron.com'))).toBe(true);
    expect(senders).toContain('phillip.allen@enron.com');
  });
});

describe('message fields', () => {
  const message = (headers: string, body = 'Hello') => Buffer.from(`${headers}\r\n\r\n${body}`);

  it('threads by the oldest reference, then In-Reply-To, then itself', async () => {
    const reply = await parseMessage(message('Message-ID: <c@x>\r\nIn-Reply-To: <b@x>\r\nReferences: <a@x> <b@x>\r\nFrom: A <a@x.com>'));
    expect(reply).toMatchObject({ threadId: 'a@x', inReplyTo: 'b@x', references: ['a@x', 'b@x'] });
    const first = await parseMessage(message('Message-ID: <a@x>\r\nFrom: a@x.com'));
    expect(first.threadId).toBe('a@x');
  });

  it('keys a message with no Message-ID by its content hash', async () => {
    const parsed = await parseMessage(message('From: someone@example.com\r\nSubject: no id'));
    expect(parsed.messageKey).toBe(`sha256:${parsed.contentHash}`);
    expect(parsed.messageId).toBeNull();
  });

  it('normalises addresses and keeps a "Last, First" display name whole', async () => {
    const parsed = await parseMessage(
      message('From: "Allen, Phillip K." <Phillip.Allen@ENRON.com>\r\nTo: a@x.com, "B" <B@X.com>, a@x.com\r\nCc: Team: c@x.com, d@x.com;'),
    );
    expect(parsed.senderEmail).toBe('phillip.allen@enron.com');
    expect(parsed.senderName).toBe('Allen, Phillip K.');
    expect(parsed.recipientEmails).toEqual(['a@x.com', 'b@x.com']);
    expect(parsed.ccEmails).toEqual(['c@x.com', 'd@x.com']);
  });

  it('keeps the display names of To and Cc recipients by address (issue 16: contacts show them)', async () => {
    const parsed = await parseMessage(
      message('From: a@x.com\r\nTo: "Lee, Ann" <Ann@X.com>, b@x.com, "Ann L." <ann@x.com>\r\nCc: Team: Cy Young <c@x.com>, d@x.com;'),
    );
    expect(parsed.recipientNames).toEqual({ 'ann@x.com': 'Lee, Ann', 'c@x.com': 'Cy Young' });
  });

  it('derives text from an HTML-only message and records real attachments', async () => {
    const raw = [
      'From: a@x.com',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=XX',
      '',
      '--XX',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hi&nbsp;there</p><script>alert(1)</script><p>Second &amp; last</p>',
      '--XX',
      'Content-Type: application/pdf; name=report.pdf',
      'Content-Disposition: attachment; filename=report.pdf',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('PDFDATA').toString('base64'),
      '--XX--',
    ].join('\r\n');
    const parsed = await parseMessage(Buffer.from(raw));
    expect(parsed.bodyText).toBe('Hi there\n\nSecond & last');
    expect(parsed.hasAttachments).toBe(true);
    expect(parsed.attachments).toEqual([
      { filename: 'report.pdf', contentType: 'application/pdf', sizeBytes: 7, contentId: null, disposition: 'attachment' },
    ]);
  });

  it('treats impossible dates as missing', async () => {
    expect((await parseMessage(message('From: a@x.com\r\nDate: Thu, 01 Jan 1970 00:00:00 +0000'))).date).toBeNull();
    expect((await parseMessage(message('From: a@x.com\r\nDate: not a date'))).date).toBeNull();
  });

  it('cleans NUL and lone surrogates, normalises Message-IDs', () => {
    expect(cleanText('a\u0000b\ud800c')).toBe('ab\ufffdc');
    expect(normalizeMessageId('  <Abc@Example.COM> ')).toBe('Abc@Example.COM');
    expect(normalizeMessageId('')).toBeNull();
    expect(htmlToText('<style>p{}</style>x&#x41;&#66;&unknown;')).toBe('xAB&unknown;');
  });
});
