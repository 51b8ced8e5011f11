import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, listFiles } from '../../test-support/corpus.ts';
import { headerFields } from './header-fields.ts';
import { parseMessage } from './parse-message.ts';

/**
 * Each class of decoding mistake of issue 23, on messages built for the class (bytes as real
 * mailers write them) and on the MIME torture corpus. Bytes are given as latin1 strings: one char a byte.
 */
const bytes = (latin1: string) => Buffer.from(latin1.replace(/\n/g, '\r\n'), 'latin1');
const message = (headers: string, body: string) => bytes(`Message-ID: <t@x>\nDate: Tue, 1 Oct 2024 10:00:00 +0000\n${headers}\n\n${body}`);
const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('8-bit bytes in headers', () => {
  it('reads a raw byte inside an encoded-word in the charset the word declares', async () => {
    const parsed = await parseMessage(message('From: a@x.com\nSubject: =?iso-8859-1?Q?Fr\xf6sche?= und =?iso-8859-1?Q?K\xe4fer?=', 'x'));
    expect(parsed.subject).toBe('Frösche und Käfer');
  });

  it('reads raw 8-bit header text in the declared charset, else UTF-8 when valid, else windows-1252', async () => {
    const declared = await parseMessage(
      message('From: J\xf6rg <j@x.de>\nSubject: Gr\xfc\xdfe\nContent-Type: text/plain; charset=iso-8859-1', 'x'),
    );
    expect(declared).toMatchObject({ subject: 'Grüße', senderName: 'Jörg' });
    const utf8 = await parseMessage(message(`From: a@x.com\nSubject: ${utf8AsLatin1('Grüße aus Köln')}`, 'x'));
    expect(utf8.subject).toBe('Grüße aus Köln');
    const undeclared = await parseMessage(message('From: a@x.com\nSubject: 10\x80 \x93quoted\x94', 'x'));
    expect(undeclared.subject).toBe('10€ “quoted”');
  });

  it('decodes encoded-words with an empty, unknown or UTF-7 charset', async () => {
    const empty = await parseMessage(message('From: a@x.com\nSubject: =??Q?Grade=20=93A=94_Fares?=', 'x'));
    expect(empty.subject).toBe('Grade “A” Fares');
    const unknown = await parseMessage(message('From: a@x.com\nSubject: =?x-unknown?Q?Envoy=C3=A9?=', 'x'));
    expect(unknown.subject).toBe('Envoyé');
    const utf7 = await parseMessage(message('From: a@x.com\nSubject: =?utf-7?Q?Fr+APY-sche?=', 'x'));
    expect(utf7.subject).toBe('Frösche');
  });
});

describe('body charsets', () => {
  const textPart = (charset: string | null, body: string, encoding = '8bit') =>
    message(
      `From: a@x.com\nMIME-Version: 1.0\nContent-Type: text/plain${charset === null ? '' : `; charset=${charset}`}\nContent-Transfer-Encoding: ${encoding}`,
      body,
    );

  it('reads UTF-8 labelled X-UNKNOWN, or not labelled, as UTF-8', async () => {
    expect((await parseMessage(textPart('X-UNKNOWN', utf8AsLatin1('Envoyé depuis mon iPhone')))).bodyText?.trim()).toBe(
      'Envoyé depuis mon iPhone',
    );
    expect((await parseMessage(textPart(null, utf8AsLatin1('Envoyé')))).bodyText?.trim()).toBe('Envoyé');
  });

  it('reads UTF-8 sent as Latin-1 as UTF-8, and records the guess', async () => {
    const parsed = await parseMessage(textPart('iso-8859-1', utf8AsLatin1('Envoyé à Zürich')));
    expect(parsed.bodyText?.trim()).toBe('Envoyé à Zürich');
    expect(parsed.parseProblem).toContain('bytes are UTF-8');
  });

  it('reads 0x80-0x9f as windows-1252, never as C1 controls', async () => {
    expect((await parseMessage(textPart('iso-8859-1', 'Price: 10\x80 \x96 \x93ok\x94'))).bodyText?.trim()).toBe('Price: 10€ – “ok”');
    expect((await parseMessage(textPart(null, 'Price: 10\x80'))).bodyText?.trim()).toBe('Price: 10€');
    expect((await parseMessage(textPart('us-ascii', 'caf\xe9'))).bodyText?.trim()).toBe('café');
  });

  it('detects a non-Latin charset that is not declared', async () => {
    const big5 = iconv.encode('這是一個測試郵件，用來檢查中文編碼是否正確。我們希望它能被正確地讀取。', 'big5').toString('latin1');
    expect((await parseMessage(textPart('X-UNKNOWN', big5))).bodyText?.trim()).toBe(
      '這是一個測試郵件，用來檢查中文編碼是否正確。我們希望它能被正確地讀取。',
    );
    const cyrillic = iconv.encode('Это тестовое письмо для проверки кодировки сообщения.', 'koi8-r').toString('latin1');
    expect((await parseMessage(textPart(null, cyrillic))).bodyText?.trim()).toBe('Это тестовое письмо для проверки кодировки сообщения.');
  });

  it('decodes UTF-7 bodies', async () => {
    expect((await parseMessage(textPart('utf-7', 'Fr+APY-sche und K+AOQ-fer'))).bodyText?.trim()).toBe('Frösche und Käfer');
  });

  it('decodes UTF-16 bodies (whose bytes look like ASCII)', async () => {
    const utf16 = Buffer.from('Test message', 'utf16le').toString('base64');
    expect((await parseMessage(textPart('utf-16le', utf16, 'base64'))).bodyText?.trim()).toBe('Test message');
  });

  it('keeps the raw text of a text part labelled base64 that is not, and records it', async () => {
    const parsed = await parseMessage(textPart('us-ascii', 'Hello Bob,\nthe numbers are in. See you on Monday!\n', 'base64'));
    expect(parsed.bodyText?.trim()).toBe('Hello Bob,\nthe numbers are in. See you on Monday!');
    expect(parsed.parseProblem).toContain('is not base64');
  });
});

describe('undeclared 8-bit text is windows-1252 (issue 33)', () => {
  const undeclared = (body: string) => message('From: a@x.com\nMIME-Version: 1.0\nContent-Type: text/plain', body);
  const inCharset = (text: string, charset: string) => iconv.encode(text, charset).toString('latin1');

  it('reads many windows-1252 bytes as windows-1252, not as the DOS or Mac code page a detector half-guessed', async () => {
    // jschardet 4 answers cp862 (Hebrew DOS) or MacCyrillic below any useful confidence here.
    const body = await parseMessage(undeclared('Le prix: 10\x80 \x96 \x93vraiment\x94 \x85 bient\xf4t, \xe0 20\x80 et 30\x80.'));
    expect(body.bodyText?.trim()).toBe('Le prix: 10€ – “vraiment” … bientôt, à 20€ et 30€.');
    const subject = await parseMessage(message('From: a@x.com\nSubject: \x93Offre\x94 \x96 10\x80 \x85 20\x80 \x91sp\xe9cial\x92', 'x'));
    expect(subject.subject).toBe('“Offre” – 10€ … 20€ ‘spécial’');
  });

  it('never shows 0x80-0x9f as C1 controls when a detected script is right: its Windows code page reads them', async () => {
    // Scored above windows-1255 by jschardet, ISO-8859-8 has C1 controls at "€" and the curly quotes.
    const hebrew = 'מחר תודה מחר תודה תודה הוא הלקוחות כל רבה הלקוחות רבה שלנו בלבד 41€ “מחר”.';
    expect((await parseMessage(undeclared(inCharset(hebrew, 'windows-1255')))).bodyText?.trim()).toBe(hebrew);
    // MacCyrillic ties with windows-1251 and reads "€" as "И".
    const russian = 'до заказ встречи спасибо цена цена ваш доставка за 84€ “до”.';
    expect((await parseMessage(undeclared(inCharset(russian, 'windows-1251')))).bodyText?.trim()).toBe(russian);
  });

  it('reads the UTF-8 of a C1 control (windows-1252 converted as Latin-1) as the windows-1252 character', async () => {
    expect((await parseMessage(undeclared('10\xc2\x80 \xc2\x93caf\xc3\xa9\xc2\x94'))).bodyText?.trim()).toBe('10€ “café”');
  });

  it('reads raw 8-bit header bytes as windows-1252 in mail the MIME parser gives up on', async () => {
    // Deeper than the parser's nesting limit (64), so only the header block is read.
    const nested = Array.from({ length: 70 }, (_, i) => `--b${i}\nContent-Type: multipart/mixed; boundary="b${i + 1}"\n\n`).join('');
    const parsed = await parseMessage(
      message(
        'From: a@x.com\nSubject: 10\x80 =?utf-8?Q?gr=C3=BC=C3=9Fe?=\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b0"',
        nested,
      ),
    );
    expect(parsed.parseProblem).toContain('MIME parse failed');
    expect(parsed.subject).toBe('10€ grüße');
  });
});

describe('structure', () => {
  const multipart = (type: string, parts: string[]) =>
    message(`From: a@x.com\nMIME-Version: 1.0\nContent-Type: ${type}; boundary="b"`, `${parts.map((p) => `--b\n${p}\n`).join('')}--b--\n`);

  it('takes the HTML of an alternative and the text of its text/plain sibling, never both', async () => {
    const parsed = await parseMessage(
      multipart('multipart/alternative', [
        'Content-Type: text/plain; charset=us-ascii\n\nSection one',
        'Content-Type: text/html; charset=us-ascii\n\n<p>Section one, rich</p>',
      ]),
    );
    expect(parsed.bodyText?.trim()).toBe('Section one');
    expect(parsed.bodyHtml?.trim()).toBe('<p>Section one, rich</p>');
    // postal-mime gathered every text/plain under an alternative: "Section one\nSection two".
    const nested = await parseMessage(
      multipart('multipart/alternative', [
        'Content-Type: text/plain; charset=us-ascii\n\nSection one',
        'Content-Type: multipart/mixed; boundary="m"\n\n--m\nContent-Type: text/plain\n\nSection two\n--m\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--m--',
      ]),
    );
    expect(nested.bodyText?.trim()).toBe('Section two');
    const related = await parseMessage(
      multipart('multipart/alternative', [
        'Content-Type: text/plain; charset=us-ascii\n\nSection one',
        'Content-Type: multipart/related; boundary="r"\n\n--r\nContent-Type: text/html\n\n<p>Section two</p>\n--r\nContent-Type: image/png\nContent-ID: <i>\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--r--',
      ]),
    );
    expect(related.bodyText?.trim()).toBe('Section one');
    expect(related.bodyHtml?.trim()).toBe('<p>Section two</p>');
  });

  it('lists a named inline text part as an attachment, and reads a type without subtype as text/plain', async () => {
    const parsed = await parseMessage(
      multipart('multipart/mixed', [
        'Content-Type: text/plain\n\nSee the notes.',
        'Content-Type: text/plain; name="notes.txt"\nContent-Disposition: inline; filename="notes.txt"\n\nnote one',
      ]),
    );
    expect(parsed.bodyText?.trim()).toBe('See the notes.');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
    const noSubtype = await parseMessage(message('From: a@x.com\nMIME-Version: 1.0\nContent-Type: text', 'Plain words'));
    expect(noSubtype.bodyText?.trim()).toBe('Plain words');
  });

  it('reads a body that follows the headers without an empty line', async () => {
    const parsed = await parseMessage(bytes('From: a@x.com\nSubject: here\nno separating empty line here\nsecond line\n'));
    expect(parsed.subject).toBe('here');
    expect(parsed.bodyText?.trim()).toBe('no separating empty line here\nsecond line');
  });
});

describe('binary parts are attachments, never the body (issue 33)', () => {
  // A 1x1 PNG and gzip data, as a camera or an archiver writes them.
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const gzip = gzipSync(Buffer.from('quarterly numbers, column by column; '.repeat(40)));
  const base64 = (data: Buffer) => data.toString('base64').replace(/.{76}/g, '$&\n');
  const latin1 = (data: Buffer) => data.toString('latin1');
  const mime = (type: string, body: string) => message(`From: a@x.com\nMIME-Version: 1.0\nContent-Type: ${type}`, body);
  const mixed = (...parts: string[]) => mime('multipart/mixed; boundary="b"', `${parts.map((p) => `--b\n${p}\n`).join('')}--b--\n`);
  const summary = async (raw: Buffer) => {
    const parsed = await parseMessage(raw);
    return { body: parsed.bodyText?.trim() ?? null, attachments: parsed.attachments.map((a) => [a.filename, a.contentType]) };
  };

  it('lists base64 data in a part with no Content-Type (RFC 2045 text/plain by default) as an attachment', async () => {
    expect(await summary(mixed('Content-Type: text/plain\n\nHello Bob', `Content-Transfer-Encoding: base64\n\n${base64(png)}`))).toEqual({
      body: 'Hello Bob',
      attachments: [[null, 'application/octet-stream']],
    });
    // The message's only part, with no type at all: nothing to show as text.
    const only = message('From: a@x.com\nMIME-Version: 1.0\nContent-Transfer-Encoding: base64', base64(gzip));
    expect(await summary(only)).toEqual({ body: null, attachments: [[null, 'application/octet-stream']] });
    // An alternative with no type: the text alternative is the body.
    const alternative = mime(
      'multipart/alternative; boundary="b"',
      `--b\nContent-Type: text/plain\n\nHello Bob\n--b\nContent-Transfer-Encoding: base64\n\n${base64(png)}\n--b--\n`,
    );
    expect(await summary(alternative)).toEqual({ body: 'Hello Bob', attachments: [[null, 'application/octet-stream']] });
  });

  it('lists a text part that holds binary bytes, or a PDF, as an attachment', async () => {
    expect(
      await summary(
        mixed('Content-Type: text/plain\n\nHello Bob', `Content-Type: text/plain\nContent-Transfer-Encoding: 8bit\n\n${latin1(gzip)}`),
      ),
    ).toEqual({
      body: 'Hello Bob',
      attachments: [[null, 'text/plain']],
    });
    // A PDF's first kilobytes may be readable; its signature says what it is.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
    const only = message('From: a@x.com\nMIME-Version: 1.0\nContent-Transfer-Encoding: base64', base64(pdf));
    expect(await summary(only)).toEqual({ body: null, attachments: [[null, 'application/octet-stream']] });
  });

  it('lists a part whose name says an image or an archive as an attachment, even as the only part', async () => {
    expect(await summary(mime('text/plain; name="photo.png"\nContent-Transfer-Encoding: base64', base64(png)))).toEqual({
      body: null,
      attachments: [['photo.png', 'image/png']],
    });
    const attached = message(
      'From: a@x.com\nMIME-Version: 1.0\nContent-Disposition: attachment; filename="q3.zip"\nContent-Transfer-Encoding: base64',
      base64(gzip),
    );
    expect(await summary(attached)).toEqual({ body: null, attachments: [['q3.zip', 'application/zip']] });
  });

  it('reads what a broken Content-Type still says: a type without subtype, a parameter without its ";"', async () => {
    expect(await summary(mime('image; name="a.png"\nContent-Transfer-Encoding: base64', base64(png)))).toEqual({
      body: null,
      attachments: [['a.png', 'image/png']],
    });
    expect(
      await summary(
        mixed(
          'Content-Type: text/plain\n\nHello Bob',
          `Content-Type: image/png name="Scan 1.png"\nContent-Transfer-Encoding: base64\n\n${base64(png)}`,
        ),
      ),
    ).toEqual({
      body: 'Hello Bob',
      attachments: [['Scan 1.png', 'image/png']],
    });
  });

  it('reads the parts of a multipart whose boundary is missing or not the one its parts use', async () => {
    const parts = `This is a multi-part message in MIME format.\n--p\nContent-Type: text/plain\n\nHello Bob\n--p\nContent-Type: application/zip; name="q3.zip"\nContent-Transfer-Encoding: base64\n\n${base64(gzip)}\n--p--\n`;
    for (const type of ['multipart/mixed', 'multipart/mixed; boundary="other"']) {
      const parsed = await parseMessage(mime(type, parts));
      expect({ body: parsed.bodyText?.trim(), attachments: parsed.attachments.map((a) => a.filename) }, type).toEqual({
        body: 'Hello Bob',
        attachments: ['q3.zip'],
      });
      expect(parsed.parseProblem).toContain("read with its parts' boundary");
    }
    // No part at all: the text RFC 2045 reads a broken Content-Type as.
    expect(await summary(mime('multipart/report;', 'The message could not be delivered.'))).toEqual({
      body: 'The message could not be delivered.',
      attachments: [],
    });
  });

  it('keeps text as text: control characters text holds, a UTF-16 byte order mark, a text file name', async () => {
    const text = (body: string) => summary(message('From: a@x.com\nMIME-Version: 1.0\nContent-Type: text/plain', body));
    expect(await text('Page one\fPage two\tend\x00')).toEqual({ body: 'Page one\fPage two\tend', attachments: [] });
    // Outlook wrote "=01" for each character it lost: text with many control bytes of one kind.
    const lost = 'the =01&Daily Midpoint=018 price, as agreed.=01; '.repeat(5).trim();
    expect(await summary(mime('text/plain\nContent-Transfer-Encoding: quoted-printable', lost))).toEqual({
      body: lost.replace(/=01/g, '\x01'),
      attachments: [],
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln', 'utf16le')]);
    expect(await summary(message('From: a@x.com\nMIME-Version: 1.0\nContent-Transfer-Encoding: base64', base64(utf16)))).toEqual({
      body: 'Grüße aus Köln',
      attachments: [],
    });
    expect(await summary(mime('text/plain; name="notes.txt"', 'The notes.'))).toEqual({ body: 'The notes.', attachments: [] });
    // Text mislabelled base64 (words and spaces) keeps its raw text.
    expect(await summary(mime('text/plain\nContent-Transfer-Encoding: base64', 'Hello Bob the numbers are in'))).toEqual({
      body: 'Hello Bob the numbers are in',
      attachments: [],
    });
  });
});

describe('raw UTF-7 in headers (issue 33)', () => {
  const headers = async (lines: string) => parseMessage(message(`From: "J+APY-rg M+APw-ller" <j@x.de>\n${lines}`, 'x'));

  it('decodes UTF-7 an old client wrote into a header without encoded-words', async () => {
    expect(await headers('Subject: Gr+APw-+AN8-e')).toMatchObject({ subject: 'Grüße', senderName: 'Jörg Müller' });
    // Beside encoded-words, and a script beyond Latin (one run of three characters: 日本語).
    expect((await headers('Subject: +AMk-t+AOk- =?utf-8?Q?caf=C3=A9?=')).subject).toBe('Été café');
    expect((await headers('Subject: Re: +ZeVnLIqe-')).subject).toBe('Re: 日本語');
    // A literal "+" is "+-" in UTF-7.
    expect((await headers('Subject: 1+-1 Gr+APw-+AN8-e')).subject).toBe('1+1 Grüße');
  });

  it('leaves plus signs that are not UTF-7 alone', async () => {
    const unchanged = [
      'Call +49-30-1234 or +49 30 1234 about C++ and a+b-c',
      // Well formed but ASCII letters only: an encoder writes those directly.
      'Re: +AGE- test',
      // Well formed but private-use characters: a number, not text.
      'Ref +49301234-5',
      // One malformed run: the header is not UTF-7, so its other run is not decoded either.
      'Gr+APw-e +1-',
      'Price +ABC- only',
    ];
    for (const subject of unchanged) expect((await headers(`Subject: ${subject}`)).subject, subject).toBe(subject);
    // 8-bit text is not UTF-7.
    expect((await headers('Subject: M\xfcller +APw-')).subject).toBe('Müller +APw-');
    // Addresses keep their tags: only names and free text are decoded.
    expect((await parseMessage(message('From: j+APw-@x.de\nSubject: x', 'x'))).senderEmail).toBe('j+apw-@x.de');
  });

  it('decodes it in the header fields "Show original" lists, never in identifiers', () => {
    const block = bytes('Message-ID: <CA+ZeVnLIqe-x@mail.example>\nSubject: Gr+APw-+AN8-e\n');
    expect(headerFields(block)).toEqual([
      { name: 'Message-ID', value: '<CA+ZeVnLIqe-x@mail.example>' },
      { name: 'Subject', value: 'Grüße' },
    ]);
  });

  it('decodes a raw UTF-7 file name', async () => {
    const parsed = await parseMessage(
      message(
        'From: a@x.com\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"',
        '--b\nContent-Type: text/plain\n\nSee attached.\n--b\nContent-Type: application/pdf; name="Pr+APw-fung.pdf"\nContent-Disposition: attachment; filename="Pr+APw-fung.pdf"\nContent-Transfer-Encoding: base64\n\nJVBERi0=\n--b--\n',
      ),
    );
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['Prüfung.pdf']);
  });
});

describe('addresses', () => {
  it('drops comments from addresses and names, and reads quoted local parts', async () => {
    const parsed = await parseMessage(
      message(
        'From: Pete(A wonderful \\) chap) <pete(his account)@silly.test(his host)>\nTo: "munn"."mary"@enron.com, jxd@example.com (John X. Doe)',
        'x',
      ),
    );
    expect(parsed).toMatchObject({ senderEmail: 'pete@silly.test', senderName: 'Pete' });
    expect(parsed.recipientEmails).toEqual(['munn.mary@enron.com', 'jxd@example.com']);
    const bare = await parseMessage(message('From: pete(his account)@silly.test(his host)', 'x'));
    expect(bare).toMatchObject({ senderEmail: 'pete@silly.test', senderName: null });
    const old = await parseMessage(message('From: jxd@example.com (John X. Doe)', 'x'));
    expect(old).toMatchObject({ senderEmail: 'jxd@example.com', senderName: 'John X. Doe' });
  });
});

describe('HTML bodies', () => {
  it('knows every entity, lists, tables and line breaks', async () => {
    const parsed = await parseMessage(
      message(
        'From: a@x.com\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8',
        '<p>Fr&ouml;sche &copy; 2024 &hellip; caf&eacute;&nbsp;au&nbsp;lait</p><ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>line<br>break',
      ),
    );
    expect(parsed.bodyText?.trim()).toBe('Frösche © 2024 … café au lait\n\n * one\n * two\n\na   b\n\nline\nbreak');
  });
});

describe('dates', () => {
  it('marks a message with no Date header as date unknown, and says so', async () => {
    const parsed = await parseMessage(bytes('Message-ID: <n@x>\nFrom: a@x.com\nSubject: no date\n\nbody'));
    expect(parsed.date).toBeNull();
    expect(parsed.dateUnknown).toBe(true);
    expect(parsed.parseProblem).toContain('No Date header');
    expect((await parseMessage(message('From: a@x.com', 'x'))).dateUnknown).toBe(false);
  });
});

describe('the MIME torture corpus', () => {
  const files = listFiles(path.join(CORPUS_DIR, 'mime')).filter((f) => !/(COPYING|LICENSE)$/.test(f));
  // The sources that hold the symptom themselves: a filename written with U+FFFD's bytes.
  const damaged = new Set(['flanker/tests/fixtures/messages/outlook-express.eml']);

  it('shows no U+FFFD, C1 control, undecoded encoded-word or UTF-7 in any field a user sees', async () => {
    const found: string[] = [];
    for (const file of files) {
      if (damaged.has(path.relative(path.join(CORPUS_DIR, 'mime'), file))) continue;
      const m = await parseMessage(fs.readFileSync(file));
      const visible = [m.subject, m.senderName, m.bodyText, ...m.attachments.map((a) => a.filename), ...m.recipientEmails];
      for (const value of visible) {
        const symptom = value && /\ufffd|[\u0080-\u009f]|=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=|\+A[A-Za-z0-9+/]{2,}-/.exec(value);
        if (symptom)
          found.push(
            `${path.relative(CORPUS_DIR, file)}: ${JSON.stringify(value.slice(Math.max(0, symptom.index - 20), symptom.index + 20))}`,
          );
      }
    }
    expect(found).toEqual([]);
  });
});
