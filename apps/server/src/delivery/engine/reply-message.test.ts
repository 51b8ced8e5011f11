import { describe, expect, it } from 'vitest';
import { MAX_REFERENCES, newMessageId, replyMessage, replyReferences, replySubject, textToHtml, withSignature } from './reply-message.ts';

describe('replySubject', () => {
  it.each([
    ['Budget', 'Re: Budget'],
    ['Re: Budget', 'Re: Budget'],
    ['RE: Re: Budget', 'Re: Budget'],
    ['Aw: Budget', 'Re: Budget'],
    ['AW: Re: Budget', 'Re: Budget'],
    ['Sv: Budget', 'Re: Budget'],
    ['Re[2]: Budget', 'Re: Budget'],
    ['  re :  Budget  ', 'Re: Budget'],
    ['Fwd: Budget', 'Re: Fwd: Budget'],
    ['', 'Re:'],
    [null, 'Re:'],
  ])('%j -> %j', (subject, expected) => {
    expect(replySubject(subject)).toBe(expected);
  });
});

describe('replyReferences', () => {
  it("the mail's References, then its Message-ID, without brackets or repeats", () => {
    expect(replyReferences({ messageId: '<c@x>', references: ['<a@x>', 'b@x', 'a@x'] })).toEqual(['a@x', 'b@x', 'c@x']);
    expect(replyReferences({ messageId: null, references: [] })).toEqual([]);
  });

  it('a long thread keeps its first message and the newest ones', () => {
    const references = Array.from({ length: 50 }, (_, i) => `m${i}@x`);
    const result = replyReferences({ messageId: 'last@x', references });
    expect(result).toHaveLength(MAX_REFERENCES);
    expect(result[0]).toBe('m0@x');
    expect(result.at(-1)).toBe('last@x');
    expect(result.at(-2)).toBe('m49@x');
  });
});

describe('withSignature', () => {
  it('adds the signature once', () => {
    expect(withSignature('Thanks, that works.', 'Alice Smith\nPenman Ltd')).toBe('Thanks, that works.\n\nAlice Smith\nPenman Ltd');
  });
  it('never twice: a body that already ends with it (spacing and line endings aside) is kept', () => {
    expect(withSignature('Thanks.\r\n\r\nAlice Smith\r\nPenman Ltd  \r\n', 'Alice Smith\nPenman Ltd')).toBe(
      'Thanks.\n\nAlice Smith\nPenman Ltd',
    );
    expect(withSignature('Thanks.\n\nBest,\nAlice', 'Alice')).toBe('Thanks.\n\nBest,\nAlice');
  });
  it('no signature: the body as written', () => {
    expect(withSignature('Thanks.\n', null)).toBe('Thanks.');
  });
});

describe('textToHtml', () => {
  it('escapes the text and makes paragraphs, keeping line breaks', () => {
    const html = textToHtml('Hi <Bob> & co,\n\nline one\nline "two"');
    expect(html).toContain('<p>Hi &lt;Bob&gt; &amp; co,</p>');
    expect(html).toContain('<p>line one<br>\nline &quot;two&quot;</p>');
  });
});

describe('replyMessage', () => {
  it('puts the pieces together: recipients, display name, threading, one Message-ID on the account domain', () => {
    const messageId = newMessageId('Alice@Penman.Test');
    expect(messageId).toMatch(/^[0-9a-f-]{36}@penman\.test$/);
    const message = replyMessage({
      draft: { subject: 'Re: AW: Budget', body: 'Yes.\n\nAlice', recipients: { to: ['carol@x.test'], cc: ['dan@x.test'] } },
      mail: { subject: 'AW: Budget', messageId: 'q@x.test', references: ['first@x.test'] },
      account: { address: 'alice@penman.test', displayName: 'Alice Smith' },
      signature: 'Alice',
      messageId,
      date: new Date('2026-11-25T06:00:00Z'),
    });
    expect(message).toMatchObject({
      from: { name: 'Alice Smith', address: 'alice@penman.test' },
      to: ['carol@x.test'],
      cc: ['dan@x.test'],
      subject: 'Re: Budget',
      messageId,
      inReplyTo: 'q@x.test',
      references: ['first@x.test', 'q@x.test'],
      text: 'Yes.\n\nAlice\n',
    });
  });
});
