import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { CORPUS_DIR, enronFolder } from '../../test-support/corpus.ts';
import { parseSignature, type SignatureDetails } from './signature.ts';

const NONE: SignatureDetails = { name: null, phoneNumber: null, jobTitle: null, companyName: null };
const jane = { name: 'Jane Doe', email: 'jane.doe@acmewidgets.com' };
const lines = (...text: string[]) => text.join('\n');

describe('parseSignature on hand-made mail', () => {
  it('reads a "-- " signature: title, company and the phone, never the fax', () => {
    const body = lines(
      'Hi Bob,',
      '',
      'The contract is attached. Let me know if anything is missing.',
      '',
      '-- ',
      'Jane Doe',
      'Senior Vice President, Sales',
      'Acme Widgets Inc.',
      'Fax: (415) 555-0199',
      'Phone: (415) 555-0123',
      'jane.doe@acmewidgets.com',
    );
    expect(parseSignature(body, jane)).toEqual({
      name: 'Jane Doe',
      phoneNumber: '(415) 555-0123',
      jobTitle: 'Senior Vice President, Sales',
      companyName: 'Acme Widgets Inc.',
    });
  });

  it('finds nothing in a plain sign-off', () => {
    expect(parseSignature('Sounds good, see you at 3.\n\nThanks,\nJane', jane)).toEqual(NONE);
    expect(parseSignature('', jane)).toEqual(NONE);
    expect(parseSignature('Jane', jane)).toEqual(NONE);
  });

  const quotedSignature = lines('Bob Smith', 'Director of Operations', 'Globex Corporation', 'Phone: 713-853-7041');
  const own = 'Sounds good.\n\nThanks,\nJane\n\n';
  it.each([
    ['an Outlook original message', `${own}-----Original Message-----\nFrom: Bob Smith\nSent: Monday\n\nOK?\n\n${quotedSignature}`],
    ['an Outlook header without a marker', `${own}From: Bob Smith [mailto:bob@globex.com]\nSent: Monday\nTo: Jane\n\n${quotedSignature}`],
    ['an "On ... wrote:" line', `${own}On Mon, Oct 1, 2001 at 9:00 AM, Bob Smith <bob@globex.com> wrote:\n${quotedSignature}`],
    [
      'an "On ... wrote:" line wrapped in two',
      `${own}On Mon, Oct 1, 2001 at 9:00 AM, Bob Smith\n<bob@globex.com> wrote:\n${quotedSignature}`,
    ],
    ['">" quoting', `${own}${quotedSignature.replace(/^/gm, '> ')}`],
    ['an underscore separator', `${own}________________________________\n${quotedSignature}`],
    [
      'a forward',
      `${own}---------------------- Forwarded by Jane Doe/HOU/ECT on 10/01/2001 09:00 AM ---------------------------\n\n${quotedSignature}`,
    ],
    ['a Lotus Notes header', `${own}Bob Smith\n10/01/2001 09:00 AM\nTo: Jane Doe/HOU/ECT@ECT\ncc:\nSubject: Plans\n\n${quotedSignature}`],
  ])('ignores the signature quoted below %s', (_, body) => {
    expect(parseSignature(body, jane)).toEqual(NONE);
    expect(parseSignature(body, { name: 'Bob Smith', email: 'bob@globex.com' })).toEqual(NONE);
  });

  it('knows the sender from a "Last, First" name or from the address alone', () => {
    const body = lines('Please see the attached.', '', 'Doe', '', 'Jane A. Doe', 'Director of Operations', 'Example Org', '713.853.7041');
    const expected = { name: 'Jane A. Doe', phoneNumber: '713.853.7041', jobTitle: 'Director of Operations', companyName: 'Example Org' };
    expect(parseSignature(body, { name: 'Doe, Jane A.', email: 'someone@example.org' })).toEqual(expected);
    expect(parseSignature(body, { name: null, email: 'jane.doe@example.org' })).toEqual(expected);
    expect(parseSignature(body, { name: null, email: 'jdoe@example.org' })).toEqual(expected);
    // Someone else's name opens no signature.
    expect(parseSignature(body, { name: 'Bob Smith', email: 'bob@example.org' })).toEqual(NONE);
  });

  it('reads international numbers and a title on the name line', () => {
    const body = lines(
      'I look forward to hearing from you.',
      '',
      'Kind regards,',
      'Philip Annesley, Conference Producer',
      'Risk Waters Group',
      'Tel: +44 20 7946 0958',
      'Fax: +44 20 7946 0900',
    );
    expect(parseSignature(body, { name: 'Philip Annesley', email: 'pannesley@riskwaters.com' })).toEqual({
      name: 'Philip Annesley',
      phoneNumber: '+44 20 7946 0958',
      jobTitle: 'Conference Producer',
      companyName: 'Risk Waters Group',
    });
  });

  it('stops at a legal disclaimer and takes nothing from it', () => {
    const disclaimer = lines(
      'This e-mail and any attachments are confidential and intended solely for the',
      'addressee. If you received it in error, please call 212-555-0100.',
      'Acme Legal Services LLC',
    );
    const signed = lines(
      'Draft attached.',
      '',
      'Jane Doe',
      'Associate General Counsel',
      'Acme Widgets Inc.',
      'Direct: 212-555-0142',
      '',
      disclaimer,
    );
    expect(parseSignature(signed, jane)).toEqual({
      name: 'Jane Doe',
      phoneNumber: '212-555-0142',
      jobTitle: 'Associate General Counsel',
      companyName: 'Acme Widgets Inc.',
    });
    expect(parseSignature(lines('Draft attached.', '', 'Thanks,', 'Jane', '', disclaimer), jane)).toEqual(NONE);
  });

  it('prefers office over mobile over unlabelled, and reads labels after the number', () => {
    const sig = (...rest: string[]) => lines('See you then.', '', 'Jane Doe', ...rest);
    expect(parseSignature(sig('713-555-0101', 'Cell: 713-555-0102', 'Office: 713-555-0103'), jane).phoneNumber).toBe('713-555-0103');
    expect(parseSignature(sig('713-555-0101', 'Mobile 713-555-0102'), jane).phoneNumber).toBe('713-555-0102');
    expect(parseSignature(sig('(713) 646-2551 Fax', '(713) 853-5849 office'), jane).phoneNumber).toBe('(713) 853-5849');
    expect(parseSignature(sig('713-743-4770/713-743-4789 (fax)'), jane).phoneNumber).toBe('713-743-4770');
    expect(parseSignature(sig('713/853-5290'), jane).phoneNumber).toBe('713/853-5290');
    expect(parseSignature(sig('Direct: 650-847-2227  Cell: 650-823-2510 FAX: 650-325-2488'), jane).phoneNumber).toBe('650-847-2227');
  });

  it.each([
    ['a fax only', ['Fax: 713-646-3490']],
    ['a fax after the number', ['(713) 646-2551 (Fax)']],
    ['an extension', ['x3-7041']],
    ['a ZIP+4 code', ['Austin, TX 78704-1194']],
    ['a date', ['10/12/2000']],
    ['a social security number', ['458-37-4132']],
    ['a street address', ['1400 Smith Street', 'Houston, TX 77002']],
    ['a sentence under the name', ['Will call you tomorrow about the deal.']],
    ['a question', ['Manager of what?']],
    ['a greeting', ['Hi Bob,']],
    ['a long line', ['Director of the department that handles everything about regional gas trading']],
    ['a URL and an address', ['www.acmewidgets.com', 'jane.doe@acmewidgets.com']],
  ])('returns null rather than garbage for %s', (_, rest) => {
    expect(parseSignature(lines('Talk soon.', '', 'Jane Doe', ...rest), jane)).toEqual({ ...NONE, name: 'Jane Doe' });
  });

  it('takes no phone from the prose above the signature', () => {
    expect(parseSignature('Call me at 713-853-7041 tomorrow.\n\nThanks,\nJane', jane)).toEqual(NONE);
  });

  it('ignores a list of people that happens to hold the sender', () => {
    const body = lines(
      'Please review the list below.',
      '',
      'Thank you,',
      '',
      'Kim',
      'x30681',
      '',
      'Michael Swerzbin VP',
      'Kimberly Ward  Manager',
      'John Malowney  Manager',
    );
    expect(parseSignature(body, { name: 'Kimberly Hillis', email: 'kimberly.hillis@enron.com' })).toEqual(NONE);
  });

  it('joins a title wrapped over two lines', () => {
    const body = lines('Many Thanks,', '', 'Liz Taylor', 'Executive Assistant to', 'Greg Whalley, President & COO', 'Enron Corp.');
    expect(parseSignature(body, { name: 'Taylor, Liz', email: 'liz.taylor@enron.com' })).toEqual({
      name: 'Liz Taylor',
      phoneNumber: null,
      jobTitle: 'Executive Assistant to Greg Whalley, President & COO',
      companyName: 'Enron Corp.',
    });
  });

  it('stays fast on large and hostile bodies', () => {
    const hostile = `${'-'.repeat(5000)}\n${'1 '.repeat(4000)}\nOn ${'x'.repeat(3000)}\n${'Jane '.repeat(2000)}`;
    const started = performance.now();
    for (let i = 0; i < 200; i++) parseSignature(hostile, jane);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

/** A message of the Enron corpus: its body, and the sender as the archive names them (X-From). */
async function enronMail(file: string) {
  const raw = fs.readFileSync(file);
  const parsed = await parseMessage(raw);
  const xFrom = raw.toString('latin1').match(/^X-From:[ \t]*(.*)$/m)?.[1] ?? '';
  const name = xFrom
    .replace(/\s*<[^>]*>.*$/, '')
    .replace(/@ENRON$/i, '')
    .replaceAll('"', '')
    .trim();
  return { body: parsed.bodyText ?? '', sender: { name: name || null, email: parsed.senderEmail ?? '' } };
}

const corpusFile = (relative: string) => path.join(CORPUS_DIR, 'enron', relative);

describe('parseSignature on real Enron mail', () => {
  it.each([
    [
      'allen-p/inbox/24.',
      { name: 'Richard Morgan', phoneNumber: '512.505.3709', jobTitle: 'Manager, Green Building Program', companyName: 'Austin Energy' },
    ],
    [
      'kaminski-v/inbox/17.',
      {
        name: 'Victoria Kerridge',
        phoneNumber: '+44 20 7484 9875',
        jobTitle: 'Senior Conference Producer',
        companyName: 'Risk Waters Group',
      },
    ],
    [
      'kaminski-v/inbox/510.',
      {
        name: 'Thomas J. Murphy',
        phoneNumber: '703.375.0408',
        jobTitle: 'Vice President - Business Strategies',
        companyName: 'Toshiba America Information Systems, Inc.',
      },
    ],
    [
      'kaminski-v/inbox/492.',
      { name: 'David C. Shimko', phoneNumber: '212-508-5735', jobTitle: 'President', companyName: 'Risk Capital Management Partners, LLC' },
    ],
    // The sender is only pkumar@uh.edu: the name line gives his full name.
    [
      'kaminski-v/inbox/120.',
      { name: 'Praveen Kumar', phoneNumber: '713-743-4770', jobTitle: 'Chair and Professor of Finance', companyName: null },
    ],
    [
      'lavorato-j/inbox/147.',
      { name: 'Kate B. Cole', phoneNumber: '(713) 853-1624', jobTitle: 'Director, Corporate Services', companyName: 'Enron Corp.' },
    ],
    ['steffes-j/inbox/129.', { name: 'Carol Gosain', phoneNumber: '(202) 429-6461', jobTitle: null, companyName: 'Steptoe & Johnson LLP' }],
    [
      'allen-p/inbox/22.',
      { name: 'Michelle L. Simpkins', phoneNumber: '(512) 370-2836', jobTitle: null, companyName: 'Winstead Sechrest & Minick P.C.' },
    ],
    ['allen-p/_sent_mail/333.', { name: 'Phillip Allen', phoneNumber: '713-853-7041', jobTitle: null, companyName: 'Enron' }],
    // A full signature above a lone "Vince"; the Outlook history below it is cut off.
    [
      'kaminski-v/sent_items/1510.',
      { name: 'Vincent Kaminski', phoneNumber: '(713) 853 3848', jobTitle: 'Managing Director', companyName: 'Enron Corp.' },
    ],
    // "Kim Watson / Director / EB4150F / 458-37-4132": a social security number is no phone, and the
    // quoted mail below carries another person's signature and phone.
    ['watson-k/sent_items/315.', { name: 'Kim Watson', phoneNumber: null, jobTitle: 'Director', companyName: null }],
    // The signature sits above a Lotus Notes forward whose header holds the company name.
    ['lavorato-j/_sent_mail/197.', { ...NONE, name: 'Kim Hillis' }],
  ])('%s', async (file, expected) => {
    const { body, sender } = await enronMail(corpusFile(file));
    expect(parseSignature(body, sender)).toEqual(expected);
  });

  it('returns only plausible values over hundreds of real bodies', async () => {
    const files = [
      ...enronFolder('kaminski-v', 'inbox'),
      ...enronFolder('steffes-j', 'inbox'),
      ...enronFolder('watson-k', 'inbox').slice(0, 200),
      ...enronFolder('lavorato-j', 'inbox'),
    ];
    const found: SignatureDetails[] = [];
    for (const file of files) {
      const { body, sender } = await enronMail(file);
      // Both as the archive names the sender and as the bare address a mail server gives.
      found.push(parseSignature(body, sender), parseSignature(body, { name: null, email: sender.email }));
    }
    expect(files.length).toBeGreaterThan(1000);
    for (const { name, phoneNumber, jobTitle, companyName } of found) {
      // Letters, initials and the punctuation of names ('?' stands for a letter the archive lost: "H?lyette Geman").
      if (name) expect(name).toMatch(/^[\p{L}?][\p{L}?.,' -]{2,39}$/u);
      if (name) expect(name).not.toMatch(/^(thanks|regards|cheers|mr|dr)\b|\b(ph\.?d|inc|corp|manager|sent by)\b/i);
      if (phoneNumber) expect(phoneNumber.replace(/\D/g, '').length).toBeGreaterThanOrEqual(7);
      for (const field of [jobTitle, companyName]) {
        if (!field) continue;
        expect(field.length).toBeLessThanOrEqual(60);
        expect(field).not.toMatch(/[?!]|@|https?:|www\./);
      }
      if (jobTitle) expect(jobTitle).not.toMatch(/\.$/);
    }
    // Signatures are the exception in this corpus, but there are dozens of them.
    expect(found.filter((d) => d.phoneNumber).length).toBeGreaterThan(100);
    expect(found.filter((d) => d.jobTitle).length).toBeGreaterThan(40);
    expect(found.filter((d) => d.companyName).length).toBeGreaterThan(40);
    expect(found.filter((d) => d.name).length).toBeGreaterThan(100);
  });
});
