import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { enronFolder } from '../../../test-support/corpus.ts';
import { type MailConnector, MailError, type RawMessage, type RemoteFolder } from '../types.ts';
import { asStoredInMbox, compressibleMessage, FROM_LINE, mboxRecord, toMbox, writeZip } from './fixtures.ts';
import { IMPORT_LIMITS, type ImportLimits } from './limits.ts';
import { openMailboxFile } from './mbox-connector.ts';
import { MboxScanner, unescapeFromLines } from './mbox-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-mbox-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const inboxFiles = enronFolder('allen-p', 'inbox').slice(0, 40);
const sentFiles = enronFolder('allen-p', 'sent').slice(0, 40);
const read = (file: string) => fs.readFileSync(file);
const isMine = (raw: Buffer) => /^From:\s*phillip\.allen@enron\.com\s*$/im.test(raw.toString('latin1').split(/\r?\n\r?\n/)[0]!);

const INBOX: RemoteFolder = { path: 'INBOX', role: 'inbox', specialUse: null };
const SENT: RemoteFolder = { path: 'Sent', role: 'sent', specialUse: null };

let fileNumber = 0;
function writeFile(bytes: Buffer, ext = 'mbox'): string {
  const file = path.join(dir, `${++fileNumber}.${ext}`);
  fs.writeFileSync(file, bytes);
  return file;
}

async function fetchAll(connector: MailConnector, folder: RemoteFolder) {
  const list = await connector.listMessageIds(folder, {});
  const raws: Buffer[] = [];
  const messages: RawMessage[] = [];
  for await (const message of connector.fetchMessages(folder, list.ids)) {
    raws.push(message.raw);
    messages.push(message);
  }
  return { list, raws, messages };
}

async function readWhole(file: string, options: { sentOnly?: boolean; limits?: ImportLimits } = {}) {
  const connector = await openMailboxFile({ path: file, ...options });
  try {
    const inbox = await fetchAll(connector, INBOX);
    const sent = await fetchAll(connector, SENT);
    return { connector, inbox, sent };
  } finally {
    await connector.close();
  }
}

const crlf = (raw: Buffer) => Buffer.from(raw.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
const sorted = (buffers: Buffer[]) => buffers.map((b) => createHash('sha256').update(b).digest('hex')).sort();

describe('mbox connector', () => {
  it('reads real mail byte for byte; without labels nothing is in Sent, whoever the From is (the sync tells sent mail by its From)', async () => {
    const raws = [...inboxFiles, ...sentFiles].map(read);
    const { inbox, sent } = await readWhole(writeFile(toMbox(raws)));
    expect(raws.filter(isMine).length).toBeGreaterThan(30);
    expect(sent.raws).toEqual([]);
    expect(sorted(inbox.raws)).toEqual(sorted(raws.map(asStoredInMbox)));
    // Ids are the byte offsets of the From_ lines, ascending.
    expect(inbox.list.ids[0]).toBe('0');
    expect(new Set(inbox.list.ids.map(Number)).size).toBe(raws.length);
  });

  it('files every message of a file imported as a Sent folder in Sent, whoever its From is', async () => {
    // Thunderbird exports one mbox per folder: Allen's Sent folder alone, with mail his assistant sent for him.
    const raws = enronFolder('allen-p', 'sent').map(read);
    expect(raws.filter((raw) => !isMine(raw)).length).toBeGreaterThan(0);
    const { inbox, sent } = await readWhole(writeFile(toMbox(raws)), { sentOnly: true });
    expect(inbox.list.ids).toEqual([]);
    expect(sorted(sent.raws)).toEqual(sorted(raws.map(asStoredInMbox)));
  });

  it('reads CRLF files the same way', async () => {
    const raws = inboxFiles.slice(0, 10).map((f) => crlf(read(f)));
    const { inbox, sent } = await readWhole(writeFile(toMbox(raws, '\r\n')));
    expect(sorted([...inbox.raws, ...sent.raws])).toEqual(sorted(raws));
  });

  it("undoes mboxrd's >From escaping and never splits on an escaped or unlikely From line", async () => {
    const tricky = Buffer.from(
      [
        'From: someone@example.com',
        'Subject: quoting',
        'Message-ID: <tricky@example.com>',
        '',
        'From the desk of someone: not a separator (escaped on write).',
        '>From an already quoted line',
        '>>From deeper',
        'From here to there, at 10:00 on Mon Jan 1 2001, after a text line (escaped too)',
        '',
        'end',
        '',
      ].join('\n'),
    );
    const { inbox } = await readWhole(writeFile(toMbox([read(inboxFiles[0]!), tricky, read(inboxFiles[1]!)])));
    expect(inbox.raws).toHaveLength(3);
    expect(inbox.raws[1]!.equals(tricky)).toBe(true);

    // An mboxo writer that did not escape: a body 'From ' line that is no From_ line stays in the body.
    const unescaped = Buffer.concat([
      Buffer.from(`${FROM_LINE}\nFrom: a@example.com\nSubject: x\n\nhello\n\nFrom the team, thanks\nFrom 10:00 to 12:00\n\n`),
      Buffer.from(`${FROM_LINE}\nFrom: b@example.com\nSubject: y\n\nbye\n`),
    ]);
    const second = await readWhole(writeFile(unescaped));
    expect(second.inbox.raws.map((r) => r.toString())).toEqual([
      'From: a@example.com\nSubject: x\n\nhello\n\nFrom the team, thanks\nFrom 10:00 to 12:00\n',
      'From: b@example.com\nSubject: y\n\nbye\n',
    ]);
  });

  it('keeps a last message that has no final newline', async () => {
    const last = Buffer.from('From: c@example.com\nSubject: no newline\n\nthe end');
    const file = writeFile(Buffer.concat([mboxRecord(read(inboxFiles[0]!)), Buffer.from(`${FROM_LINE}\n`), last]));
    const { inbox } = await readWhole(file);
    expect(inbox.raws).toHaveLength(2);
    expect(inbox.raws[1]!.equals(last)).toBe(true);
  });

  it('indexes the same whatever the chunk boundaries (scanner fed in small random pieces)', () => {
    // Takeout-labelled sent mail, so the folders depend on headers read across chunk boundaries too.
    const labelled = (file: string) => Buffer.concat([Buffer.from('X-Gmail-Labels: Sent,Opened\n'), read(file)]);
    const bytes = Buffer.concat([toMbox(inboxFiles.slice(0, 5).map(read), '\r\n'), toMbox(sentFiles.slice(0, 5).map(labelled))]);
    const whole = new MboxScanner();
    whole.push(bytes);
    const expected = whole.end();
    const pieces = new MboxScanner();
    let at = 0;
    let seed = 7;
    while (at < bytes.length) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const size = 1 + (seed % 97);
      pieces.push(bytes.subarray(at, at + size));
      at += size;
    }
    const actual = pieces.end();
    expect(actual.count).toBe(10);
    expect(Array.from(actual.ids)).toEqual(Array.from(expected.ids));
    expect(Array.from(actual.lengths)).toEqual(Array.from(expected.lengths));
    expect(Array.from(actual.folders)).toEqual(Array.from(expected.folders));
    expect(Array.from(actual.folders).filter((f) => f === 1)).toHaveLength(5);
  });

  it('handles giant messages: a 12 MB line and a 24 MB message read whole, a 30 MB one as its header block only', async () => {
    const giantLine = Buffer.concat([
      Buffer.from('From: big@example.com\nSubject: one long line\nMessage-ID: <line@example.com>\n\n'),
      Buffer.alloc(12 * 1024 * 1024, 'A'),
      Buffer.from('\n'),
    ]);
    const line = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODk=\n';
    const manyLines = (id: string, megabytes: number) =>
      Buffer.concat([
        Buffer.from(`From: big@example.com\nSubject: many lines\nMessage-ID: <${id}@example.com>\n\n`),
        Buffer.from(line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length))),
      ]);
    const underLimit = manyLines('under', 24);
    const overLimit = manyLines('over', 30);
    const small = read(inboxFiles[2]!);
    const { inbox } = await readWhole(writeFile(toMbox([small, giantLine, small, underLimit, small, overLimit, small])));
    expect(inbox.raws.map((r) => r.length)).toEqual([
      small.length,
      giantLine.length,
      small.length,
      underLimit.length,
      small.length,
      Buffer.byteLength('From: big@example.com\nSubject: many lines\nMessage-ID: <over@example.com>\n\n'),
      small.length,
    ]);
    expect(inbox.raws[1]!.equals(giantLine)).toBe(true);
    expect(inbox.raws[3]!.equals(underLimit)).toBe(true);
    expect(inbox.messages.map((m) => m.bodyOmitted ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      { sizeBytes: overLimit.length, note: 'Body not stored: the message is larger than 25 MB (30 MB).' },
      null,
    ]);
    expect(inbox.raws[5]!.toString()).toBe('From: big@example.com\nSubject: many lines\nMessage-ID: <over@example.com>\n\n');
    // The sync learns from the listing what each message weighs once fetched.
    const stored = asStoredInMbox(small).length;
    expect(inbox.list.sizes).toEqual([stored, giantLine.length, stored, underLimit.length, stored, 64 * 1024, stored]);
  });

  it("follows Google Takeout's X-Gmail-Labels: 'Sent' goes to Sent whoever the From is, and only that", async () => {
    const takeout = (labels: string, from: string, n: number) =>
      Buffer.from(`X-GM-THRID: 1\nX-Gmail-Labels: ${labels}\nFrom: ${from}\nSubject: ${n}\nMessage-ID: <t${n}@x>\n\nbody\n`);
    const raws = [
      takeout('Inbox,Important', 'other@example.com', 1),
      takeout('Sent,Opened', 'alias@example.com', 2),
      takeout('Archived,Category Personal', 'Me <ME@Example.com>', 3),
      takeout('Inbox', 'other@example.com', 4),
    ];
    const file = writeFile(Buffer.concat(raws.map((raw, i) => mboxRecord(raw, '\n', `From 16${i}@xxx Mon Jan 01 00:00:00 +0000 2024`))));
    const { inbox, sent } = await readWhole(file);
    expect(inbox.raws.map((r) => r.toString())).toEqual([raws[0]!.toString(), raws[2]!.toString(), raws[3]!.toString()]);
    expect(sent.raws.map((r) => r.toString())).toEqual([raws[1]!.toString()]);
  });

  it('resumes from a cursor, reports an unchanged file without scanning, and lists everything again after a change', async () => {
    const file = writeFile(toMbox(inboxFiles.slice(0, 12).map(read)));
    const connector = await openMailboxFile({ path: file });
    const first = await connector.listMessageIds(INBOX, {});
    expect(first.ids).toHaveLength(12);
    expect(first.cursor).toMatchObject({ lastId: first.ids[11], messageCount: 12, uidNext: String(fs.statSync(file).size) });
    // A batch stored, then a crash: the engine saved {validity, lastId} only.
    const partial = await connector.listMessageIds(INBOX, { cursor: { validity: first.cursor.validity, lastId: first.ids[4] } });
    expect(partial.ids).toEqual(first.ids.slice(5));
    const again = await connector.listMessageIds(INBOX, { cursor: first.cursor });
    expect(again).toMatchObject({ ids: [], unchanged: true, reset: false });
    await connector.close();

    const reset = await openMailboxFile({ path: file });
    const changed = await reset.listMessageIds(INBOX, { cursor: { ...first.cursor, validity: '1' } });
    expect(changed).toMatchObject({ reset: true, unchanged: false });
    expect(changed.ids).toEqual(first.ids);
    // Date-ranged listings (training downloads) filter by the Date header.
    const dates = inboxFiles.slice(0, 12).map((f) => Date.parse(/^Date: (.*)$/m.exec(read(f).toString())![1]!));
    const since = new Date(dates.slice().sort((a, b) => a - b)[6]!);
    const ranged = await reset.listMessageIds(INBOX, { since });
    expect(ranged.ids).toHaveLength(dates.filter((d) => d >= since.getTime()).length);
    await reset.close();
  });

  it('refuses a file that is neither mbox nor zip, and a missing file', async () => {
    const notMail = writeFile(Buffer.from('%PDF-1.4 not a mailbox'), 'pdf');
    await expect(openMailboxFile({ path: notMail })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const missing = openMailboxFile({ path: path.join(dir, 'gone.mbox') });
    await expect(missing).rejects.toBeInstanceOf(MailError);
    await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('un-escapes only lines that are >...From', () => {
    const raw = Buffer.from('>From a\n>>From b\n>Fro c\nx>From d\n>From');
    expect(unescapeFromLines(raw).toString()).toBe('From a\n>From b\n>Fro c\nx>From d\n>From');
  });
});

describe('zip of .eml connector', () => {
  it('reads .eml entries in place and skips folders, other files and resource forks; a bomb entry gives its header block only', async () => {
    const raws = [...inboxFiles.slice(0, 6), ...sentFiles.slice(0, 6)].map(read);
    const file = path.join(dir, 'mail.zip');
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('mail/');
    raws.forEach((raw, i) => {
      zip.addBuffer(raw, `mail/${i}.EML`, { compress: i % 2 === 0 });
    });
    zip.addBuffer(Buffer.from('not mail'), 'mail/readme.txt');
    zip.addBuffer(raws[0]!, '__MACOSX/mail/._0.eml');
    // 101 MB deflates to about 100 KB: declared bigger than the message limit, so never inflated past its headers.
    const bombHeaders = 'From: bomb@example.com\nSubject: all of it\nMessage-ID: <bomb@example.com>';
    zip.addReadStream(compressibleMessage(bombHeaders, 101 * 1024 * 1024), 'mail/bomb.eml');
    zip.end();
    await new Promise<void>((resolve, reject) =>
      zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject),
    );
    expect(fs.statSync(file).size).toBeLessThan(2 * 1024 * 1024);

    const { inbox, sent } = await readWhole(file);
    const bomb = inbox.messages.find((m) => m.bodyOmitted);
    expect(bomb).toMatchObject({
      raw: Buffer.from(`${bombHeaders}\n\n`),
      bodyOmitted: {
        sizeBytes: bombHeaders.length + 2 + 101 * 1024 * 1024,
        note: 'Body not stored: the message is larger than 25 MB (101 MB).',
      },
    });
    const whole = [...inbox.messages, ...sent.messages].filter((m) => !m.bodyOmitted).map((m) => m.raw);
    expect(sorted(whole)).toEqual(sorted(raws));
    expect(sent.raws).toEqual([]);
    // Ids are positions in the central directory: the folder entry is 0, the bomb 15.
    expect([...inbox.list.ids, ...sent.list.ids].map(Number).sort((a, b) => a - b)).toEqual([...raws.map((_, i) => i + 1), 15]);
  });

  it('reads only the headers of an entry compressed like a bomb, and of the entries past the total budget', async () => {
    const file = path.join(dir, 'ratios.zip');
    const headers = (n: number) => `From: someone@example.com\nSubject: entry ${n}\nMessage-ID: <entry${n}@example.com>`;
    const real = inboxFiles.slice(0, 10).map(read);
    await writeZip(file, [
      // Over 1 MB and compressed ~1,000 times: a bomb's ratio. 900 KB compressed as much is below the size judged.
      { name: 'ratio.eml', data: compressibleMessage(headers(1), 2 * 1024 * 1024) },
      { name: 'small.eml', data: compressibleMessage(headers(2), 900 * 1024) },
      ...real.map((data, i) => ({ name: `real/${i}.eml`, data })),
    ]);
    const ratio = await readWhole(file);
    expect(ratio.inbox.messages.map((m) => m.bodyOmitted?.note ?? m.raw.length)).toEqual([
      'Body not stored: the message is compressed more than 100 times in the zip file, as in a zip bomb.',
      headers(2).length + 2 + 900 * 1024,
      ...real.map((raw) => raw.length),
    ]);
    expect(ratio.inbox.messages[0]!.raw.toString()).toBe(`${headers(1)}\n\n`);

    // With a budget of once the file's size, the entries read whole stop there, in central directory order.
    const realFile = path.join(dir, 'real.zip');
    await writeZip(
      realFile,
      real.map((data, i) => ({ name: `real/${i}.eml`, data })),
    );
    const tight = { ...IMPORT_LIMITS, maxTotalInflateRatio: 1, minTotalInflateBytes: 0 };
    const { inbox } = await readWhole(realFile, { limits: tight });
    const budget = fs.statSync(realFile).size;
    const wholeSizes = inbox.messages.filter((m) => !m.bodyOmitted).map((m) => m.raw.length);
    expect(wholeSizes.length).toBeGreaterThan(0);
    const total = wholeSizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(budget);
    const cut = inbox.messages.filter((m) => m.bodyOmitted?.note.includes('inflates to more than 1 times its size'));
    expect(cut.length).toBeGreaterThan(0);
    // Each later entry would have gone past the budget; each cut one is its message's header block.
    const firstCut = inbox.messages.indexOf(cut[0]!);
    expect(inbox.messages.slice(firstCut).every((m) => m.bodyOmitted)).toBe(true);
    for (const message of cut) {
      const original = real[Number(message.id)]!;
      expect(message.raw.equals(original.subarray(0, message.raw.length))).toBe(true);
      expect(message.raw.toString('latin1')).toMatch(/\r?\n\r?\n$/);
      expect(message.bodyOmitted!.sizeBytes).toBe(original.length);
    }
  });

  it('needs no scan when nothing changed, like the mbox', async () => {
    const file = path.join(dir, 'small.zip');
    await writeZip(
      file,
      inboxFiles.slice(0, 3).map((f, i) => ({ name: `${i}.eml`, data: read(f) })),
    );
    const connector = await openMailboxFile({ path: file });
    const first = await connector.listMessageIds(INBOX, {});
    expect(first.ids).toEqual(['0', '1', '2']);
    expect(await connector.listMessageIds(INBOX, { cursor: first.cursor })).toMatchObject({ unchanged: true });
    await connector.close();
  });
});
