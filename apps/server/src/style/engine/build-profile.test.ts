import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodyOf, ownWords } from '../../mail/engine/own-words.ts';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR, enronFolder } from '../../test-support/corpus.ts';
import { BACKGROUND_MAILS, buildStyleProfile, othersWords } from './build-profile.ts';
import { emailsToPrune } from './prune.ts';
import { hashedOfFeatures, hashedTexts, kthLargest } from './style-match.ts';
import type { IncomingMail, SentMail } from './types.ts';

const at = (iso: string) => new Date(iso);

function sent(id: string, bodyText: string, to: string[], fields: Partial<SentMail> = {}): SentMail {
  return {
    id,
    subject: 'Update',
    bodyText,
    bodyHtml: null,
    toEmails: to,
    ccEmails: [],
    sentAt: at('2024-05-02T12:00:00Z'),
    answers: null,
    ...fields,
  };
}
const answer = (receivedAt: string, subject = 'Question') => ({
  subject,
  bodyText: 'Can you check?',
  senderEmail: 'x@acme.com',
  receivedAt: at(receivedAt),
});

describe('buildStyleProfile on hand-made mail', () => {
  const emails: SentMail[] = [
    // Internal (acme.com), greeting "Hi [Name],", closing "Thanks,", signed "Sam".
    sent('1', 'Hi Ann,\n\nThe report is done. Can you check the totals?\n\nThanks,\nSam', ['ann@acme.com'], {
      sentAt: at('2024-05-02T10:30:00Z'),
      answers: answer('2024-05-02T10:00:00Z'),
    }),
    sent('2', 'Hi Bob,\n\nI will send the numbers today.\n\nThanks,\nSam', ['bob@acme.com'], {
      sentAt: at('2024-05-02T15:00:00Z'),
      answers: answer('2024-05-02T11:00:00Z', 'Urgent: numbers needed asap'),
    }),
    // External, "Dear [Name],", "Best regards,".
    sent(
      '3',
      'Dear Ms. Lee,\n\nThank you for your time yesterday. I would appreciate your comments on the draft.\n\nBest regards,\nSam',
      ['lee@client.com'],
      {
        sentAt: at('2024-05-03T09:00:00Z'),
        answers: answer('2024-05-01T09:00:00Z', 'Meeting on Tuesday'),
      },
    ),
    // Mixed recipients count as external; no greeting, no closing.
    sent('4', 'Please send the contract to legal. Make sure it is signed.', ['bob@acme.com', 'x@client.com']),
    // Only quoted text: no own words, left out.
    sent('5', '-----Original Message-----\nFrom: Bob\nSent: Monday\nTo: Sam\nSubject: x\n\nHello', ['bob@acme.com']),
  ];
  const profile = buildStyleProfile({ emails, ownAddresses: ['sam@acme.com'], ownName: 'Sam Stone', internalDomains: ['acme.com'] });

  it('counts greetings and closings, with their internal and external shares', () => {
    expect(profile.sampleSize).toBe(4);
    expect(profile.greetingPatterns).toEqual([
      { text: 'Hi [Name],', count: 2, share: 0.5, internalShare: 1, externalShare: 0 },
      { text: 'Dear [Name],', count: 1, share: 0.25, internalShare: 0, externalShare: 0.5 },
    ]);
    expect(profile.closingPatterns).toEqual([
      { text: 'Thanks,', count: 2, share: 0.5, internalShare: 1, externalShare: 0 },
      { text: 'Best regards,', count: 1, share: 0.25, internalShare: 0, externalShare: 0.5 },
    ]);
    expect(profile.signatureStyle).toEqual({ kind: 'first_name', example: 'Sam', supportingEmails: 3 });
  });

  it('measures lengths on the own words only', () => {
    // Words: 12, 9, 19, 11 (greeting and closing lines included, signature and quotes not).
    expect(profile.avgEmailLength).toBe(12.8);
    // Sentences (greeting and closing lines apart): 2, 1, 2, 2 with 4+5, 6, 6+8, 6+5 = 40 words.
    expect(profile.avgSentenceLength).toBe(5.7);
    // 7 sentences in 4 paragraphs.
    expect(profile.avgParagraphLength).toBe(1.8);
    expect(profile.questionAskingStyle).toMatchObject({ share: 0.25, perEmail: 0.25, examples: ['Can you check the totals?'] });
  });

  it('splits internal and external mail and finds the superior and subordinate tone', () => {
    // Two internal mails, two external (one of them to a mixed list): too few to describe.
    expect(profile.contextStyles.internal).toBeNull();
    expect(profile.contextStyles.external).toBeNull();
    const contexts = buildStyleProfile({
      emails: [
        sent('i1', 'Please send the draft today.', ['a@acme.com']),
        sent('i2', 'Make sure the numbers are right.', ['b@sales.acme.com']),
        sent('i3', 'Call Bob about the budget.', ['a@acme.com', 'sam@acme.com']),
        sent('e1', 'Dear Ms. Lee,\n\nWould you have time for a call? I was wondering if Tuesday works.\n\nBest regards,', [
          'lee@client.com',
        ]),
        sent('e2', 'Dear Mr. Ray,\n\nThank you for your time. Please let me know if you need anything else.\n\nBest regards,', [
          'ray@client.com',
        ]),
        sent('e3', 'Dear Ms. Lee,\n\nWould it be possible to move our call?\n\nBest regards,', ['lee@client.com', 'a@acme.com']),
      ],
      ownAddresses: ['sam@acme.com'],
      ownName: 'Sam Stone',
      internalDomains: ['acme.com'],
    }).contextStyles;
    expect(contexts.internal).toMatchObject({ supportingEmails: 3, typicalLength: 5 });
    expect(contexts.external).toMatchObject({ supportingEmails: 3, examplePhrases: ['Dear [Name],', 'Best regards,'] });
    expect(contexts.subordinate).toMatchObject({ supportingEmails: 3 });
    expect(contexts.superior).toMatchObject({ supportingEmails: 3 });
    expect(contexts.superior!.tone).toContain('deferential');
  });

  it('takes the response speed from measured reply pairs', () => {
    // 0.5 h, 4 h and 48 h: median 4 h → same day.
    expect(profile.responseSpeedPreference).toBe('same_day');
    expect(profile.medianResponseHours).toBe(4);
    expect(profile.measuredReplies).toBe(3);
    const none = buildStyleProfile({ emails: emails.slice(3), ownAddresses: [], ownName: null, internalDomains: [] });
    expect(none).toMatchObject({ responseSpeedPreference: 'unknown', medianResponseHours: null, measuredReplies: 0 });
  });

  it('reads formality and emoji', () => {
    expect(profile.emojiUsageFrequency).toBe('never');
    expect(profile.formalityLevel).toBe('neutral');
    const casual = buildStyleProfile({
      emails: ['hey!! thx, gonna be late 😀', "yeah ok, i'll call u later lol", 'cool :)'].map((text, i) =>
        sent(String(i), text, ['a@b.com']),
      ),
      ownAddresses: [],
      ownName: null,
      internalDomains: [],
    });
    expect(casual.formalityLevel).toBe('very_casual');
    expect(casual.emojiUsageFrequency).toBe('frequent');
    expect(casual.punctuationStyle.emojiUsage.perEmail).toBe(0.67);
  });

  it('classifies the situation a reply answers', () => {
    const many = [1, 2, 3].flatMap((n) => [
      sent(`u${n}`, 'On it, I will send it within the hour.', ['a@acme.com'], {
        answers: answer('2024-05-02T11:00:00Z', 'URGENT: file needed today'),
      }),
      sent(`m${n}`, 'Tuesday at 3 works for me.', ['a@acme.com'], { subject: 'Re: meeting next week' }),
      sent(`c${n}`, 'Sorry about that, I will fix the invoice.', ['a@acme.com'], {
        answers: answer('2024-05-02T11:00:00Z', 'Wrong amount on the invoice'),
      }),
    ]);
    const situational = buildStyleProfile({
      emails: many,
      ownAddresses: [],
      ownName: null,
      internalDomains: ['acme.com'],
    }).situationalStyles;
    expect(situational.urgent).toMatchObject({ supportingEmails: 3, length: 9 });
    expect(situational.meeting).toMatchObject({ supportingEmails: 3, length: 6, markers: ['works'] });
    expect(situational.complaint).toMatchObject({ supportingEmails: 3, markers: ['sorry', 'fix'] });
    expect(situational.routine).toBeNull();
  });
});

describe('buildStyleProfile on a real mailbox (allen-p)', async () => {
  const mails: SentMail[] = [];
  const candidates = [];
  for (const file of [...enronFolder('allen-p', 'sent'), ...enronFolder('allen-p', '_sent_mail')]) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    const mail = {
      id: file,
      subject: parsed.subject,
      bodyText: parsed.bodyText,
      bodyHtml: null,
      toEmails: parsed.recipientEmails,
      ccEmails: parsed.ccEmails,
      sentAt: parsed.date,
      answers: null,
    };
    mails.push(mail);
    candidates.push({ ...mail, headers: parsed.headers });
  }
  const pruned = new Set(emailsToPrune(candidates).map((p) => p.id));
  const input = {
    emails: mails.filter((mail) => !pruned.has(mail.id)).sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0)),
    ownAddresses: ['phillip.allen@enron.com', 'k..allen@enron.com'],
    ownName: 'Phillip K Allen',
    internalDomains: ['enron.com'],
  };
  const profile = buildStyleProfile(input);

  it('finds how Phillip writes: "[Name]," openings, signed "Phillip", short mail', () => {
    expect(profile.sampleSize).toBeGreaterThan(350);
    expect(profile.greetingPatterns[0]).toMatchObject({ text: '[Name],' });
    expect(profile.greetingPatterns[0]!.share).toBeGreaterThan(0.5);
    expect(profile.closingPatterns[0]!.text).toBe('Thank you,');
    expect(profile.signatureStyle).toMatchObject({ kind: 'first_name', example: 'Phillip' });
    expect(profile.avgEmailLength).toBeGreaterThan(30);
    expect(profile.avgEmailLength).toBeLessThan(120);
    expect(profile.emojiUsageFrequency).toBe('never');
    expect(profile.contextStyles.internal!.supportingEmails).toBeGreaterThan(100);
    expect(profile.contextStyles.external!.supportingEmails).toBeGreaterThan(100);
    expect(profile.commonPhrases.map((phrase) => phrase.text)).toContain('call me');
    // Names are whom he writes to, not how: "mike grigsby", "keith holst" are left out.
    expect(profile.commonPhrases.filter((phrase) => /grigsby|holst|phillip|allen/.test(phrase.text))).toEqual([]);
    expect(Buffer.byteLength(JSON.stringify(profile.fingerprint))).toBeLessThan(200_000);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildStyleProfile(input))).toBe(JSON.stringify(profile));
  });
});

describe("other people's writing for styleMatch's voice model (a real inbox, kaminski-v)", async () => {
  const incoming: IncomingMail[] = [];
  for (const file of enronFolder('kaminski-v', 'inbox')) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    incoming.push({ bodyText: parsed.bodyText, bodyHtml: parsed.bodyHtml, senderEmail: parsed.senderEmail, headers: parsed.headers });
  }
  const fromMachines = incoming.filter((mail) => /^(info|announcements|subscriptions)[@.]/i.test(mail.senderEmail ?? ''));

  it("reads people's own words only: no machine senders, no lists, not the user's own mail, no quoted text", () => {
    expect(incoming.length).toBeGreaterThan(BACKGROUND_MAILS);
    expect(fromMachines.length).toBeGreaterThanOrEqual(3);
    const list = { ...incoming[0]!, headers: { listId: '<energy.lists.example>' } };
    const own = { ...incoming[1]!, senderEmail: 'Vince.Kaminski@enron.com' };
    // Only machine, list and own mail: nothing of theirs is other people's writing.
    expect(othersWords([...fromMachines, list, own], ['vince.kaminski@enron.com'])).toEqual([]);

    const texts = othersWords(incoming, ['vince.kaminski@enron.com']);
    expect(texts.length).toBe(BACKGROUND_MAILS);
    expect(texts.some((text) => /-----Original Message-----|^>/m.test(text))).toBe(false);
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThanOrEqual(1500);
  });

  it('stores the voice model with the profile, small, and none without incoming mail', () => {
    const mails = incoming.slice(0, 40).map((mail, index) => sent(`m${index}`, mail.bodyText ?? '', ['a@enron.com']));
    const withVoice = buildStyleProfile({ emails: mails, ownAddresses: [], ownName: null, internalDomains: [], incoming });
    expect(withVoice.fingerprint.voice!.mails).toBe(BACKGROUND_MAILS);
    // Only the strongest weights are kept: 3 bytes of bucket and 2 of weight each, in base64.
    expect(Buffer.byteLength(JSON.stringify(withVoice.fingerprint.voice))).toBeLessThan(25_000);
    const without = buildStyleProfile({ emails: mails, ownAddresses: [], ownName: null, internalDomains: [] });
    expect(without.fingerprint.voice).toBeNull();
  });
});

describe("the voice model's reading of real mail, hashed straight from the characters", async () => {
  // Own words of sent mail and other people's own words from the inboxes of the five mailboxes, as
  // the profile build reads them, and texts at the edges (empty, astral characters, the reserved
  // markers, runs of capitals, long texts that outgrow the first scratch space).
  const texts: string[] = [];
  for (const user of ['allen-p', 'kaminski-v', 'lavorato-j', 'steffes-j', 'watson-k']) {
    const sentFolder = ['sent', 'sent_items', '_sent_mail'].find((folder) => fs.existsSync(`${CORPUS_DIR}/enron/${user}/${folder}`))!;
    for (const file of enronFolder(user, sentFolder).slice(0, 150)) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      texts.push(ownWords(bodyOf(parsed.bodyText, parsed.bodyHtml), null));
    }
    const incoming: IncomingMail[] = [];
    for (const file of enronFolder(user, 'inbox').slice(0, 150)) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      incoming.push({ bodyText: parsed.bodyText, bodyHtml: parsed.bodyHtml, senderEmail: parsed.senderEmail, headers: parsed.headers });
      texts.push(parsed.bodyText ?? '');
    }
    texts.push(...othersWords(incoming, []));
  }
  texts.push(
    '',
    'x',
    'OK',
    'Ünïcödé STRASSE straße 😀😀 𝐁𝐨𝐥𝐝 123,456\n\n\nÄ',
    'a\u2402b\u2403c\u007fd',
    'I. WILL. NOT.\r\n\r\n  -- k',
    texts.join('\n\n'),
  );

  it('gives the same buckets, norm and word count as hashing the feature strings (the way styleEvidence reads a draft)', () => {
    expect(texts.length).toBeGreaterThan(1500);
    expect(Math.max(...texts.map((text) => text.length))).toBeGreaterThan(100_000);
    const fast = hashedTexts(texts);
    const mismatches = texts.filter((text, index) => {
      const slow = hashedOfFeatures(text);
      const quick = fast[index]!;
      return (
        quick.value !== slow.value ||
        quick.words !== slow.words ||
        Buffer.compare(Buffer.from(quick.buckets.buffer), Buffer.from(slow.buckets.buffer)) !== 0
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('keeps the strongest weights by the same floor as sorting them', () => {
    // Magnitudes with many ties, as the voice model's weights have (int counts times the same ratios).
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    for (const [length, distinct] of [
      [1, 1],
      [2, 2],
      [50, 3],
      [5000, 40],
      [100_000, 100_000],
    ] as const) {
      const values = Float64Array.from({ length }, () => Math.floor(random() * distinct) / 7 + 1e-3);
      const sorted = [...values].sort((a, b) => b - a);
      const ks = [1, 2, 3000, length, ...Array.from({ length: 30 }, () => 1 + Math.floor(random() * length))];
      for (const k of ks.filter((k) => k <= length)) expect(kthLargest(values.slice(), k)).toBe(sorted[k - 1]);
    }
  });
});
