import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR } from '../../test-support/corpus.ts';
import { emailsToPrune, type PruneCandidate } from './prune.ts';

let next = 0;
function mail(fields: Partial<PruneCandidate>): PruneCandidate {
  next++;
  return {
    id: `m${next}`,
    subject: 'Budget',
    bodyText: 'Here is the budget for next year.',
    bodyHtml: null,
    toEmails: ['ann@acme.com'],
    sentAt: new Date('2024-03-01T10:00:00Z'),
    headers: {},
    ...fields,
  };
}

describe('emailsToPrune', () => {
  it("gives each reason, and keeps mail in the user's own words", () => {
    const keep = mail({});
    const emails = [
      keep,
      mail({ headers: { autoSubmitted: 'auto-replied' }, bodyText: 'I am away.' }),
      mail({ subject: 'Out of Office: Budget', bodyText: 'I am out of the office until Monday.' }),
      mail({ subject: 'Accepted: Budget review', bodyText: '' }),
      mail({ subject: 'Fw: report', bodyText: 'FYI\n\n---------- Forwarded message ---------\nFrom: Bob\n\nThe report.' }),
      mail({ subject: 'Re: x', bodyText: '\n-----Original Message-----\nFrom: Bob\nSent: Monday\nTo: Me\nSubject: x\n\nText.' }),
      mail({ bodyText: '   \n ', bodyHtml: null }),
    ];
    expect(emailsToPrune(emails)).toEqual([
      { id: emails[1]!.id, reason: 'auto_reply' },
      { id: emails[2]!.id, reason: 'auto_reply' },
      { id: emails[3]!.id, reason: 'calendar_response' },
      { id: emails[4]!.id, reason: 'forward_without_text' },
      { id: emails[5]!.id, reason: 'mostly_quoted' },
      { id: emails[6]!.id, reason: 'empty' },
    ]);
  });

  it('keeps a forward with a real note, and a header no-one can read as automatic alone', () => {
    const note = mail({
      subject: 'Fw: report',
      bodyText: 'Ann, please check the numbers on page 2 before Friday.\n\n---------- Forwarded message ---------\nFrom: Bob',
    });
    const suppressed = mail({ headers: { xAutoResponseSuppress: 'All' } });
    expect(emailsToPrune([note, suppressed])).toEqual([]);
  });

  it('prunes the second copy of one message, not the same words sent on another day or to someone else', () => {
    const first = mail({});
    const copy = mail({ sentAt: new Date('2024-03-01T22:00:00Z'), toEmails: ["'ann'@acme.com"], subject: 'RE: Budget' });
    const nextWeek = mail({ sentAt: new Date('2024-03-08T10:00:00Z') });
    const otherPerson = mail({ toEmails: ['bob@acme.com'] });
    expect(emailsToPrune([first, copy, nextWeek, otherPerson])).toEqual([{ id: copy.id, reason: 'duplicate' }]);
  });

  it("prunes allen-p's _sent_mail copy of a message also in sent", async () => {
    const read = async (file: string) => {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, 'enron/allen-p', file))));
      return {
        id: file,
        subject: parsed.subject,
        bodyText: parsed.bodyText,
        bodyHtml: parsed.bodyHtml,
        toEmails: parsed.recipientEmails,
        sentAt: parsed.date,
        headers: parsed.headers,
      };
    };
    const sent = await read('sent/101.');
    const copy = await read('_sent_mail/394.');
    expect(sent.bodyText).toContain('Please send the latest cost estimates');
    expect(emailsToPrune([sent, copy])).toEqual([{ id: '_sent_mail/394.', reason: 'duplicate' }]);
    // The forward-only original in "sent" and its copy: both say nothing of Phillip's.
    const forward = await read('sent/1.');
    expect(emailsToPrune([forward])).toEqual([{ id: 'sent/1.', reason: 'forward_without_text' }]);
  });
});
