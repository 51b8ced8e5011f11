import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR, enronFolder, listFiles } from '../../test-support/corpus.ts';
import {
  answeredIncoming,
  automatedReason,
  DEFAULT_WEIGHTS,
  FEATURE_NAMES,
  learnReplyHistory,
  needsReply,
  needsReview,
  type ReplyHistory,
  type TriageMail,
  threadSubject,
  triageMailOfParsed,
} from './triage.ts';

async function read(file: string): Promise<TriageMail> {
  return triageMailOfParsed(
    await parseMessage(new Uint8Array(fs.readFileSync(path.isAbsolute(file) ? file : path.join(CORPUS_DIR, file)))),
  );
}

const readAll = (files: string[]) => Promise.all(files.map(read));

const ALLEN = { addresses: ['phillip.allen@enron.com', 'k..allen@enron.com'] };

describe('threadSubject', () => {
  it('drops reply and forward prefixes, however stacked', () => {
    expect(threadSubject('RE: Fw: RE:  Huntley/question')).toBe('huntley/question');
    expect(threadSubject('AW: Budget')).toBe('budget');
  });
});

describe('automatedReason on real mail', () => {
  it('names a mailing list by its List-Id', async () => {
    const mail = await read('mime/cpython-email-testdata/Lib/email/test/data/msg_16.txt');
    expect(automatedReason(mail)).toBe('Sent to a mailing list (List-Id)');
  });

  it('names an auto-replied bounce', async () => {
    const mail = await read('mime/postal-mime/test/fixtures/bounce.eml');
    expect(automatedReason(mail)).toBe('Sent automatically (Auto-Submitted)');
  });

  it('names a calendar invitation', async () => {
    const mail = await read('mime/postal-mime/test/fixtures/calendar-event.eml');
    expect(automatedReason(mail)).toBe('A calendar notification');
  });

  it('lets a person’s mail through', async () => {
    expect(automatedReason(await read('enron/allen-p/inbox/36.'))).toBeNull();
  });
});

describe('answeredIncoming', () => {
  it('finds the real reply of enron-pairs by subject threading (Lotus Notes mail has no In-Reply-To)', async () => {
    const incoming = await readAll(enronFolder('allen-p', 'inbox'));
    const sent = [await read('enron/allen-p/sent_items/2.')];
    const answered = answeredIncoming(incoming, sent);
    const index = enronFolder('allen-p', 'inbox').indexOf(path.join(CORPUS_DIR, 'enron/allen-p/inbox/36.'));
    expect([...answered]).toEqual([index]);
  });

  it('does not count a reply sent before the mail arrived', async () => {
    const incoming = [await read('enron/allen-p/inbox/36.')];
    const reply = await read('enron/allen-p/sent_items/2.');
    const early = { ...reply, receivedDate: new Date(incoming[0]!.receivedDate!.getTime() - 60_000) };
    expect(answeredIncoming(incoming, [early]).size).toBe(0);
  });
});

describe('needsReply', () => {
  it('never asks to answer the owner’s own mail, nor a list', async () => {
    const history = learnReplyHistory({ incoming: [], sent: [], owner: ALLEN });
    const own = await read('enron/allen-p/sent_items/2.');
    expect(needsReply(own, { owner: ALLEN, history })).toEqual({ needsReply: false, score: 0, reasons: ['Sent by you'] });
    const list = await read('mime/cpython-email-testdata/Lib/email/test/data/msg_16.txt');
    expect(needsReply(list, { owner: ALLEN, history }).reasons).toEqual(['Sent to a mailing list (List-Id)']);
  });

  it('skips ignored senders and mail not addressed to the user', async () => {
    const history = learnReplyHistory({ incoming: [], sent: [], owner: ALLEN });
    const mail = await read('enron/allen-p/inbox/36.');
    expect(needsReply(mail, { owner: ALLEN, history, ignoredSenders: ['lpl.com'] }).reasons).toEqual(['From a sender you ignore']);
    expect(needsReply(mail, { owner: { addresses: ['someone.else@enron.com'] }, history }).reasons).toEqual(['Not addressed to you']);
  });

  it('with nothing learned, asks to answer a person writing to the user', async () => {
    const history = learnReplyHistory({ incoming: [], sent: [], owner: ALLEN });
    const decision = needsReply(await read('enron/allen-p/inbox/36.'), { owner: ALLEN, history });
    expect(decision.needsReply).toBe(true);
    expect(decision.reasons).toContain('Written to you by a person');
  });

  it('learns from the user’s history and says what it learned', async () => {
    const incoming = await readAll(enronFolder('allen-p', 'inbox'));
    const sent = await readAll([...enronFolder('allen-p', 'sent_items'), ...enronFolder('allen-p', 'sent')]);
    const history = learnReplyHistory({ incoming, sent, owner: ALLEN });
    expect(history.weights).toHaveLength(FEATURE_NAMES.length);
    expect(history.bySender.get('wise.counsel@lpl.com')).toEqual({ seen: 2, answered: 1 });
    const decision = needsReply(await read('enron/allen-p/inbox/36.'), { owner: ALLEN, history });
    expect(decision.reasons[0]).toBe('You answered 1 of 2 emails from this sender');
    expect(decision.score).toBeGreaterThan(0);
  });
});

describe('needsReply with a learned history', () => {
  const allenHistory = async () => {
    const incoming = await readAll(enronFolder('allen-p', 'inbox'));
    const sent = await readAll([...enronFolder('allen-p', 'sent_items'), ...enronFolder('allen-p', 'sent')]);
    return learnReplyHistory({ incoming, sent, owner: ALLEN });
  };

  it('knows a reply to the user’s own email in the thread, and scores it higher', async () => {
    const history = await allenHistory();
    // wise.counsel@lpl.com answers "Huntley/question", which Phillip had written to them before.
    const mail = await read('enron/allen-p/inbox/36.');
    const earlier = [await read('enron/allen-p/sent_items/212.')];
    const alone = needsReply(mail, { owner: ALLEN, history });
    const inThread = needsReply(mail, { owner: ALLEN, history, earlier });
    expect(inThread.reasons[0]).toBe('Answers your email');
    expect(alone.reasons).not.toContain('Answers your email');
    expect(inThread.score).toBeGreaterThan(alone.score);
  });

  it('leaves mail to an address not (yet) known as the user’s to the learned score', async () => {
    // Sent to pallen@enron.com, an address Phillip never sends from, and answered by him.
    const mail = await read('enron/allen-p/inbox/22.');
    const empty = learnReplyHistory({ incoming: [], sent: [], owner: ALLEN });
    expect(needsReply(mail, { owner: ALLEN, history: empty }).reasons).toEqual(['Not addressed to you']);
    const decision = needsReply(mail, { owner: ALLEN, history: await allenHistory() });
    expect(decision.reasons).toContain('Not addressed to you directly (Bcc, a list or another address)');
    expect(decision.score).toBeGreaterThan(0);
  });

  it('with few answered mails, uses the default weights and flags about as much as the user answers', async () => {
    // John Lavorato answered 6 of 277 inbox mails: too few to learn weights of his own from.
    const owner = { addresses: ['john.lavorato@enron.com', 'lavorato@enron.com'] };
    const incoming = await readAll(enronFolder('lavorato-j', 'inbox'));
    const sent = await readAll([...enronFolder('lavorato-j', 'sent_items'), ...enronFolder('lavorato-j', 'sent')]);
    const history = learnReplyHistory({ incoming, sent, owner });
    expect(history.weights).toEqual([...DEFAULT_WEIGHTS]);
    const flagged = incoming.filter((mail) => needsReply(mail, { owner, history }).needsReply).length;
    const answered = answeredIncoming(incoming, sent).size;
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThanOrEqual(3 * answered);
  });

  it('flags about the share the user answers, not nearly everything, when the history shows no pattern', async () => {
    // Michelle Cash (the third corpus group) answered 25 of 342 inbox mails in no pattern the
    // features catch out of fold: the best F1 was "flag all" (325 of 342 flagged by the first threshold).
    const mailbox = path.join(CORPUS_DIR, '..', 'corpus-c', 'enron', 'cash-m');
    const owner = { addresses: ['michelle.cash@enron.com', 'twanda.sweet@enron.com', 'carol.coats@enron.com'] };
    const incoming = await readAll(listFiles(path.join(mailbox, 'inbox')));
    const sent = await readAll([...listFiles(path.join(mailbox, 'sent')), ...listFiles(path.join(mailbox, 'sent_items'))]);
    const history = learnReplyHistory({ incoming, sent, owner });
    expect(history.weights).toHaveLength(FEATURE_NAMES.length);
    const flagged = incoming.filter((mail) => needsReply(mail, { owner, history }).needsReply).length;
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThanOrEqual(2 * answeredIncoming(incoming, sent).size);
  });

  it('learns the same model from the same mail in any order', async () => {
    const incoming = await readAll(enronFolder('allen-p', 'inbox'));
    const sent = await readAll([...enronFolder('allen-p', 'sent_items'), ...enronFolder('allen-p', 'sent')]);
    const forward = learnReplyHistory({ incoming, sent, owner: ALLEN });
    const rotated = learnReplyHistory({ incoming: [...incoming.slice(7), ...incoming.slice(0, 7)], sent, owner: ALLEN });
    expect(rotated.threshold).toBeCloseTo(forward.threshold, 9);
    for (const [j, weight] of rotated.weights.entries()) expect(weight).toBeCloseTo(forward.weights[j]!, 9);
  });

  it('decides the same after the history goes through JSON (plain data: the server stores it so)', async () => {
    const history = await allenHistory();
    const encode = (_: string, value: unknown) => (value instanceof Map ? { $map: [...value] } : value);
    const decode = (_: string, value: unknown) =>
      value && typeof value === 'object' && Object.hasOwn(value, '$map') ? new Map((value as { $map: [string, unknown][] }).$map) : value;
    const stored = JSON.parse(JSON.stringify(history, encode), decode) as ReplyHistory;
    const mail = await read('enron/allen-p/inbox/36.');
    expect(needsReply(mail, { owner: ALLEN, history: stored })).toEqual(needsReply(mail, { owner: ALLEN, history }));
  });
});

describe('needsReview', () => {
  it('flags contract language and a sender never written to, with reasons', async () => {
    const mail = await read('enron/allen-p/inbox/22.');
    const review = needsReview(mail, { history: { writtenTo: new Map() } });
    expect(review.needsReview).toBe(true);
    expect(review.reasons).toContain('About prices or a contract');
    expect(review.reasons).toContain('You have never written to this sender');
  });

  it('applies the user’s own review rules (words and domains)', async () => {
    const mail = await read('enron/allen-p/inbox/36.');
    const history = { writtenTo: new Map([['wise.counsel@lpl.com', 3]]) };
    const review = needsReview(mail, { history, rules: { words: ['Huntley'], senders: ['@lpl.com'] } });
    expect(review.reasons).toEqual(['Matches your review rule "Huntley"', 'From a sender in your review rules (@lpl.com)']);
  });
});
