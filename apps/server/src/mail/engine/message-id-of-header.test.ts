import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, enronFolder, listFiles } from '../../test-support/corpus.ts';
import { messageIdOfHeader } from './message-id-of-header.ts';
import { parseMessage } from './parse-message.ts';

const mimeFiles = listFiles(path.join(CORPUS_DIR, 'mime')).filter(
  (f) => !/\.(json|py|rs|js|ts|md|txt\.expected)$/i.test(f) && !f.endsWith('LICENSE'),
);

/** What an IMAP server answers to HEADER.FIELDS (MESSAGE-ID): those fields, folded lines kept, then an empty line. */
function messageIdFields(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const lines = (end >= 0 ? text.slice(0, end) : text).split(/\r?\n/);
  const kept: string[] = [];
  let keeping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (keeping) kept.push(line);
      continue;
    }
    keeping = /^message-id[ \t]*:/i.test(line);
    if (keeping) kept.push(line);
  }
  return Buffer.from(`${kept.map((l) => `${l}\r\n`).join('')}\r\n`, 'latin1');
}

describe('messageIdOfHeader', () => {
  it('gives the Message-ID parseMessage gives, on the MIME torture corpus and real mail', async () => {
    const files = [...mimeFiles, ...enronFolder('allen-p', 'inbox'), ...enronFolder('kaminski-v', 'inbox').slice(0, 100)];
    expect(files.length).toBeGreaterThan(250);
    let withId = 0;
    for (const file of files) {
      const raw = fs.readFileSync(file);
      const parsed = await parseMessage(raw);
      expect(await messageIdOfHeader(messageIdFields(raw)), file).toBe(parsed.messageId);
      if (parsed.messageId) withId += 1;
    }
    expect(withId).toBeGreaterThan(200);
  });

  it.each([
    ['no Message-ID', '\r\n', null],
    ['angle brackets taken off, case kept', 'Message-ID: <AbC.123@Example.COM>\r\n\r\n', 'AbC.123@Example.COM'],
    ['folded onto a second line', 'Message-Id:\r\n <folded@example.com>\r\n\r\n', 'folded@example.com'],
    ['the first of two', 'Message-ID: <first@example.com>\r\nMessage-ID: <second@example.com>\r\n\r\n', 'first@example.com'],
  ])('%s', async (_name, lines, expected) => {
    expect(await messageIdOfHeader(Buffer.from(lines))).toBe(expected);
  });
});
