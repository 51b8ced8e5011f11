import { describe, expect, it } from 'vitest';
import { bodyOf, ownWords, splitOwnWords } from './own-words.ts';

const lines = (...text: string[]) => text.join('\n');

// Snippets of real sent mail from the Enron corpus (../shared/corpus/enron), shortened.
describe('ownWords on each quoting style', () => {
  it('cuts an Outlook "-----Original Message-----" block, indented, and the first-name signature', () => {
    const body = lines(
      'Sam,',
      ' ',
      'Looks great. Plz, go ahead as soon as the equations are in.',
      ' ',
      'Vince',
      '',
      ' -----Original Message-----',
      'From: \tSmith, William ',
      'Sent:\tMonday, August 20, 2001 7:36 AM',
      'To:\tKaminski, Vince J',
      "Subject:\tMartin's Technical Corner",
      '',
      "Have you had a chance to look over Martin's article?",
    );
    expect(ownWords(body, 'Vince J Kaminski')).toBe('Sam,\n\nLooks great. Plz, go ahead as soon as the equations are in.');
  });

  it('finds nothing of the user\'s in a Lotus Notes "Forwarded by" chain', () => {
    const body = lines(
      '---------------------- Forwarded by Phillip K Allen/HOU/ECT on 10/30/2000 ',
      '09:14 AM ---------------------------',
      '   ',
      '\tEnron Technology',
      '\tFrom:  Stephen Stock                           10/27/2000 12:49 PM',
      '',
      'To: Phillip K Allen/HOU/ECT@ECT',
      'cc:  ',
      'Subject: ERMS / RMS Databases',
      '',
      'Phillip,',
      'It looks as though we have most of the interim hardware upgrades in the building now.',
    );
    expect(ownWords(body, 'Phillip K Allen')).toBe('');
  });

  it('cuts a Lotus Notes reply header ("Name <address> on date" / To: / cc: / Subject:)', () => {
    const body = lines(
      'Sheridan,',
      '',
      'The approach makes sense. Let us talk next week.',
      '',
      'Vince',
      '',
      '',
      'Sheridan Titman <titman@mail.utexas.edu> on 03/28/2001 05:22:22 PM',
      'To:\tVince.J.Kaminski@enron.com, Shirley.Crenshaw@enron.com',
      'cc:\t ',
      'Subject:\tconsulting project',
      '',
      'Dear Vince:',
      '\tI have now spent 16 hours on the valuation project.',
    );
    expect(ownWords(body, 'Vince J Kaminski')).toBe('Sheridan,\n\nThe approach makes sense. Let us talk next week.');
  });

  it('cuts a Lotus Notes header whose To: list wraps over many lines', () => {
    const body = lines(
      'Please take care of this before Friday.',
      '',
      'Outlook Migration Team@ENRON',
      '05/11/2001 01:49 PM',
      'To: Cheryl Wilchynski/HR/Corp/Enron@ENRON, Cindy R Ward/NA/Enron@ENRON, Jo',
      'Ann Hill/Corp/Enron@ENRON, Sonja Galloway/Corp/Enron@Enron, Bilal',
      'Bajwa/NA/Enron@Enron, Binh Pham/HOU/ECT@ECT, Bradley Jones/ENRON@enronXgate,',
      'Bruce Mills/Corp/Enron@ENRON, Chance Rabon/ENRON@enronXgate, Chuck',
      'Ames/NA/Enron@Enron, David Baumbach/HOU/ECT@ECT',
      'cc: ',
      'Subject: Outlook 2000 Migration',
    );
    expect(ownWords(body)).toBe('Please take care of this before Friday.');
  });

  it('drops ">" quoted lines, keeps inline answers, and cuts at "On ... wrote:"', () => {
    const body = lines(
      'Attached is the joint proposal of the UDCs. We must file comments on',
      'November 28th',
      '> -----Original Message-----',
      '> From:\tMolina, Rachel [mailto:RMolina@Sempra.com]',
      "> This filing was made today at the CPUC's San Diego Office.",
    );
    expect(ownWords(body)).toBe('Attached is the joint proposal of the UDCs. We must file comments on\nNovember 28th');
    const inline = lines(
      '> Can you make Tuesday?',
      'Yes, 10am works.',
      '> And the budget?',
      'Approved.',
      '',
      'On Mon, 3 Jan 2022 at 10:00, Ann Lee <ann@acme.com> wrote:',
      '> old text',
    );
    expect(ownWords(inline)).toBe('Yes, 10am works.\nApproved.');
  });

  it('cuts a GroupWise ">>>" header and attachment lines', () => {
    const body = lines(
      'Tom,',
      '',
      'Good note - I agree.',
      ' - memo.doc',
      '',
      '>>> "Shelk, John" <John.Shelk@ENRON.com> 8/27/01 4:44:17 PM >>>',
      'This note follows up',
    );
    expect(ownWords(body)).toBe('Tom,\n\nGood note - I agree.');
  });

  it('keeps the sign-off line and cuts the signature block under it', () => {
    const body = lines(
      'Jeff --',
      '',
      'Please send the invoice to my assistant - Linda Noske - to have her take it through the system.',
      '',
      'Thanks,',
      '',
      'Jim',
    );
    expect(splitOwnWords(body, 'James D. Steffes')).toEqual({
      text: 'Jeff --\n\nPlease send the invoice to my assistant - Linda Noske - to have her take it through the system.\n\nThanks,',
      signature: 'Jim',
    });
    const block = lines('See you at 3.', '', 'Best regards,', 'Jane Doe', 'Senior Analyst, Acme Inc.', '(415) 555-0123');
    expect(splitOwnWords(block, 'Jane Doe')).toEqual({
      text: 'See you at 3.\n\nBest regards,',
      signature: 'Jane Doe\nSenior Analyst, Acme Inc.\n(415) 555-0123',
    });
    expect(splitOwnWords(lines('Call me.', '', '-- ', 'Ann', 'acme.com'), null)).toEqual({ text: 'Call me.', signature: 'Ann\nacme.com' });
  });

  it('keeps a short last line that is a reply, not a name', () => {
    expect(ownWords(lines('Can we move it to Friday?', '', 'Sounds good'))).toBe('Can we move it to Friday?\n\nSounds good');
    expect(ownWords('Thanks.')).toBe('Thanks.');
  });

  it('reads an HTML body without its blockquote when there is no text part', () => {
    const html = '<div>Works for me.<br>See you then.</div><blockquote><p>Can we meet at 4?</p></blockquote>';
    expect(ownWords(bodyOf(null, html))).toBe('Works for me.\nSee you then.');
  });
});
