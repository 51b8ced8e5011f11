import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/engine/parse-message.ts';
import { enronFolder } from '../../test-support/corpus.ts';
import {
  ACTION_KEYWORDS,
  APPRECIATION_KEYWORDS,
  analyzeEmailTopic,
  analyzeTopics,
  DEPARTMENTS,
  emailsPerTheme,
  FOLLOW_UP_KEYWORDS,
  MAX_KEY_ENTITIES,
  NEGATIVE_WORDS,
  ownText,
  POSITIVE_WORDS,
  senderPerson,
  THEME_KEYWORDS,
  type TopicInput,
  URGENCY_KEYWORDS,
} from './topic-analysis.ts';

let ids = 0;
const email = (subject: string | null, bodyText: string | null = null, extra: Partial<TopicInput> = {}): TopicInput => ({
  id: `e${++ids}`,
  subject,
  bodyText,
  senderName: null,
  senderEmail: null,
  ...extra,
});
const topic = (subject: string | null, bodyText: string | null = null, extra: Partial<TopicInput> = {}) =>
  analyzeEmailTopic(email(subject, bodyText, extra));

describe('urgency', () => {
  it.each([
    ...URGENCY_KEYWORDS[5].map((keyword) => [keyword, 5] as const),
    ...URGENCY_KEYWORDS[4].map((keyword) => [keyword, 4] as const),
    ...URGENCY_KEYWORDS[3].map((keyword) => [keyword, 3] as const),
    ...URGENCY_KEYWORDS[1].map((keyword) => [keyword, 1] as const),
  ])('every keyword: "%s" is level %i', (keyword, level) => {
    expect(topic(null, `Hello, this is ${keyword} for the desk.`).urgencyLevel).toBe(level);
    expect(topic(null, `${keyword.toUpperCase()}!`).urgencyLevel).toBe(level);
  });

  it.each([
    ['Reply asap, or soon at the latest', 5],
    ['soon is fine, but ASAP is better', 5],
    ['urgent: the pipeline emergency', 5],
    ['Critical and when you can', 5],
    ['important, quick, when you can', 4],
    ['a quick note, answer when you can', 3],
    ['convenient and soon', 3],
    ['priority, not convenient', 4],
    ['Answer when\nyou   can', 1],
    ['Nothing special here', 2],
    ['', 2],
    // Whole words only: a keyword inside a longer word does not count.
    ['Most importantly, the model works', 2],
    ['Please reply quickly', 2],
    ['That is inconvenient', 2],
    ['Answered urgently at the soonest', 2],
    ['asaps and criticality', 2],
    // Punctuation and hyphens are word boundaries.
    ['(ASAP)', 5],
    ['a non-critical fix', 5],
    ['quick-fix', 3],
    // The spec's keywords literally: 'as soon as possible' is 'soon', not 'asap'.
    ['as soon as possible', 3],
  ] as const)('"%s" is level %i (highest level first, whole words)', (text, level) => {
    expect(topic(null, text).urgencyLevel).toBe(level);
  });

  it('reads the subject and the own text, not quoted text', () => {
    expect(topic('URGENT: prices', null).urgencyLevel).toBe(4);
    expect(topic(null, 'Fine by me.\n> This is an emergency\n>> asap').urgencyLevel).toBe(2);
    expect(topic(null, 'Fine by me.\n\n -----Original Message-----\nFrom: Ann\nThis is an emergency').urgencyLevel).toBe(2);
    expect(topic(null, null).urgencyLevel).toBe(2);
  });
});

describe('sentiment', () => {
  it.each([
    ['The report is attached.', 0],
    ['great', 0.2],
    ['Great, great, GREAT', 0.2],
    ['Thanks! Thank you so much, thanks.', 0.2],
    ['great and excellent', 0.4],
    ['great, excellent, good', 0.6],
    ['great excellent good happy', 0.8],
    ['great excellent good happy glad', 1],
    // Six positive words: clamped at 1, not 1.2.
    ['great excellent good happy glad pleased', 1],
    ['great excellent good happy glad pleased wonderful perfect', 1],
    ['sorry', -0.2],
    ['sorry, a problem', -0.4],
    ['Unfortunately, sorry: a problem', -0.6],
    ['sorry problem unfortunately bad wrong error', -1],
    ['sorry problem unfortunately bad wrong error mistake delay', -1],
    ['great but sorry', 0],
    ['great, excellent, but sorry', 0.2],
    // Net steps, then clamped: seven positive and two negative is five steps up.
    ['great excellent good happy glad pleased perfect, sorry about the problem', 1],
    // Whole words: 'goodness', 'greatly' and 'badly' are not sentiment words.
    ['goodness, greatly, badly', 0],
  ] as const)('"%s" scores %d', (text, score) => {
    expect(topic(null, text).sentimentScore).toBe(score);
  });

  it.each([
    ...Object.values(POSITIVE_WORDS)
      .flat()
      .map((word) => [word, 0.2] as const),
    ...Object.values(NEGATIVE_WORDS)
      .flat()
      .map((word) => [word, -0.2] as const),
  ])('every listed form: "%s" scores %d', (word, score) => {
    expect(topic(null, `so: ${word}.`).sentimentScore).toBe(score);
  });

  it('counts each kind once, whatever its form', () => {
    expect(topic(null, 'problem, problems; issue and issues').sentimentScore).toBe(-0.4);
    expect(topic(null, 'appreciate it, appreciated, appreciation').sentimentScore).toBe(0.2);
  });
});

describe('themes', () => {
  it.each(Object.entries(THEME_KEYWORDS).flatMap(([theme, keywords]) => keywords.map((keyword) => [keyword, theme] as const)))(
    'every keyword: "%s" makes the theme %s',
    (keyword, theme) => {
      expect(topic(keyword.toUpperCase(), 'See below.').primaryTheme).toBe(theme);
      expect(topic(null, `About the ${keyword}, see below.`).primaryTheme).toBe(theme);
    },
  );

  it.each([
    ['Agenda for the Tuesday meeting', null, 'meeting'],
    ['Q3 numbers', 'The budget, the invoice and the meeting', 'finance'],
    ['Pricing', 'The customer signed the contract for the new project', 'sales'],
    ['Hello', 'We are hiring: the candidate interview is on Monday, budget approved', 'hr'],
    ['Press release', 'We announce the launch of our newsletter', 'announcement'],
    ['Help!', 'The server is broken, a bug in the error handler', 'support'],
    ['Project kickoff', 'Milestones and deliverables for the roadmap', 'project'],
    // Ties go to the first theme of the list: meeting, project, support, sales, hr, finance, announcement.
    ['meeting about the budget', null, 'meeting'],
    ['budget news', null, 'finance'],
    ['Lunch on Friday', 'See you there.', 'general'],
    [null, null, 'general'],
    // Whole words: 'meetup', 'projector' and 'supported' are no theme keywords.
    ['meetup with the projector', 'it is supported', 'general'],
  ] as const)('"%s" / "%s" is %s', (subject, body, theme) => {
    expect(topic(subject, body).primaryTheme).toBe(theme);
  });
});

describe('secondary themes', () => {
  it.each([
    ['asap', ['urgent']],
    ['This is important', ['urgent']],
    ['soon', []],
    ['Following up on the contract', ['follow-up']],
    ['Thanks for the numbers', ['appreciation']],
    ['Great job on the deal', ['appreciation']],
    ['Urgent follow-up, thanks!', ['urgent', 'follow-up', 'appreciation']],
    ['The report is attached', []],
  ] as const)('"%s" has %j', (text, secondary) => {
    expect(topic(null, text).secondaryThemes).toEqual(secondary);
  });

  it.each(FOLLOW_UP_KEYWORDS)('every follow-up keyword: "%s"', (keyword) => {
    expect(topic(null, `Hi, ${keyword} on the model.`).secondaryThemes).toEqual(['follow-up']);
  });

  it.each(APPRECIATION_KEYWORDS)('every appreciation keyword: "%s"', (keyword) => {
    expect(topic(null, `Hi, ${keyword} on the model.`).secondaryThemes).toEqual(['appreciation']);
  });

  it('a phrase also carries the words inside it: "great job" is appreciation and a positive word', () => {
    expect(topic(null, 'great job')).toMatchObject({ secondaryThemes: ['appreciation'], sentimentScore: 0.2 });
    expect(topic(null, 'help desk')).toMatchObject({ primaryTheme: 'support' });
  });
});

describe('action required and questions', () => {
  it.each(ACTION_KEYWORDS)('every action marker: "%s"', (keyword) => {
    expect(topic(null, `Ann, ${keyword} the model.`).actionRequired).toBe(true);
  });

  it.each([
    ['Please send the file', true],
    ['Could you check the curve', true],
    ['I need you to sign by Friday', true],
    ['Send it by\nend of day', true],
    ['ACTION REQUIRED: badge renewal', true],
    ['The deadline moved', true],
    ['I was pleased with it', false],
    ['We met by chance on the day', false],
    ['The deadlines moved', false],
    ['FYI, the report is attached.', false],
    [null, false],
  ] as const)('"%s" asks for action: %s', (text, action) => {
    expect(topic(null, text).actionRequired).toBe(action);
  });

  it.each([
    ['Lunch?', null, true],
    [null, 'Are you coming?', true],
    [null, 'Really?!', true],
    [null, 'Is it "done"? Yes.', true],
    [null, 'I don?t know (mis-decoded apostrophe).', false],
    [null, 'See http://example.com/page?id=3&x=1 for details.', false],
    [null, 'Fine.\n> Are you coming?', false],
    [null, 'No questions here.', false],
  ] as const)('"%s" / "%s" has a question: %s', (subject, body, question) => {
    expect(topic(subject, body).questionPresent).toBe(question);
  });
});

describe('own text', () => {
  it('drops quoted lines, the reply history and pasted header lines', () => {
    expect(
      ownText(
        'Yes.\n> quoted\n  >> deeper\nStill mine\nX-MimeOLE: Produced By Microsoft MimeOLE\n<Embedded StdOleLink>\n -----Original Message-----\nFrom: Ann',
      ),
    ).toBe('Yes.\nStill mine\n\n\n');
  });
});

describe('entities', () => {
  const body = [
    'Dear Vince J. Kaminski,',
    '',
    'Shirley Crenshaw and I met the Enron North America desk on Monday. We still run Excel 5.0 and',
    'EnronOnline; NYMEX closed at 5.32 and Henry Hub at 2.45. PLEASE READ THIS before Section 2.1.',
    'Talk to Human Resources, the Legal team and IT, or do it yourself. Ann Lee/HOU/ECT@ECT knows.',
    'Mr McMahon and Ms DeLay agree. The Weekly Gas Market Update is out.',
    '',
    'Ann Lee',
  ].join('\n');
  // Vince and Shirley are on the To line: people the mailbox knows.
  const result = topic('Meeting notes', body, {
    senderName: 'Lee, Ann',
    recipientEmails: ['vince.kaminski@enron.com', 'scrensh@enron.com'],
    recipientNames: { 'scrensh@enron.com': 'Crenshaw, Shirley' },
  });

  it('finds people, products and departments, the most mentioned first', () => {
    expect(result.keyEntities).toEqual([
      // The sender plus two mentions in the text.
      'Ann Lee',
      'Vince Kaminski',
      'Shirley Crenshaw',
      'Excel',
      'EnronOnline',
      'NYMEX',
      'HR',
      'Legal',
      'IT',
    ]);
  });

  it('keeps at most 10 entities an email', () => {
    const names = [
      'Ann Lee',
      'Bob Stone',
      'Cora Diaz',
      'Dan Eng',
      'Eva Ford',
      'Finn Gale',
      'Gus Hale',
      'Hana Ito',
      'Ida Jones',
      'Jon Kim',
      'Kai Lund',
    ];
    const many = topic(null, `${names.join(', ')}.\nKai Lund again; Jon Kim again.`, {
      recipientEmails: names.map((name) => `${name.toLowerCase().replace(' ', '.')}@example.com`),
    });
    expect(many.keyEntities).toHaveLength(MAX_KEY_ENTITIES);
    expect(many.keyEntities.slice(0, 3)).toEqual(['Jon Kim', 'Kai Lund', 'Ann Lee']);
  });

  it.each(
    Object.entries(DEPARTMENTS).flatMap(([department, forms]) =>
      forms.flatMap((form) => [
        [form, department],
        [form.toUpperCase(), department],
      ]),
    ),
  )('department "%s" is %s', (form, department) => {
    expect(topic(null, `Ask ${form} first.`).keyEntities).toEqual([department]);
  });

  it.each([
    ['Kaminski, Vince J </O=ENRON/OU=NA/CN=RECIPIENTS/CN=VKAMINS>', null, 'Vince Kaminski'],
    ['"Elena Demianenko" <Elena@daiter.com>@ENRON', null, 'Elena Demianenko'],
    ['Vince J Kaminski', 'vince.kaminski@enron.com', 'Vince Kaminski'],
    [null, 'shirley.crenshaw@enron.com', 'Shirley Crenshaw'],
    [null, 'j.kaminski@enron.com', null],
    // Issue 16: an address whose parts are no name is no person.
    [null, 'no.address@enron.com', null],
    [null, 'enron.announcements@enron.com', null],
    [null, 'sloanconsulting@aol.com', null],
    ['ann@example.com', null, null],
    [null, null, null],
  ] as const)('the sender %s <%s> is %s', (name, address, person) => {
    expect(senderPerson(name, address)).toBe(person);
  });

  it('finds nothing in plain text', () => {
    expect(topic('hello', 'see you at lunch.').keyEntities).toEqual([]);
  });

  // Issue 16: "Knowledge Area", "Santa Fe" and "No Address" were people, and the owner a top one.
  describe('the people rule', () => {
    const known = { senderEmail: 'ann@example.com', recipientEmails: ['bob.stone@example.com'] };
    it.each([
      ['CERA Knowledge Area(s): Western Energy', ['CERA']],
      ['We have confirmed 9:30 a.m. with Prediction Co. in Santa Fe on Sep 5.', []],
      ['Greetings from Georgia Tech and the Jones Graduate School.', []],
      // A capitalised pair is a person when its surname is someone the mail went from or to.
      ['Bob Stone and Santa Fe.', ['Bob Stone']],
      ['Robert Stone will call.', ['Robert Stone']],
    ] as const)('"%s" names %j', (body, people) => {
      expect(topic(null, body, known).keyEntities).toEqual(people);
    });

    it('drops the sender "No Address"', () => {
      expect(topic('Newsletter', 'Hello all.', { senderEmail: 'no.address@enron.com' }).keyEntities).toEqual([]);
    });

    it('never counts the owner, under any of his first names', () => {
      const owner = { names: ['Vince Kaminski'], addresses: ['vince.kaminski@enron.com', 'vkaminski@aol.com'] };
      const mailbox = [
        email('Model', 'Vince Kaminski and Vincent Kaminski agree with Shirley Crenshaw.', { senderEmail: 'shirley.crenshaw@enron.com' }),
        email('Re: Model', 'Shirley, fine.\n\nVince', {
          senderEmail: 'vince.kaminski@enron.com',
          recipientEmails: ['shirley.crenshaw@enron.com'],
        }),
        email('Home', 'Wincenty Kaminski here.', { senderName: 'Wincenty Kaminski', senderEmail: 'vkaminski@aol.com' }),
      ];
      expect(analyzeTopics(mailbox, owner).topEntities.people).toEqual(['Shirley Crenshaw']);
      // Without knowing the owner, he is a person like any other.
      expect(analyzeTopics(mailbox).topEntities.people).toEqual([
        'Vince Kaminski',
        'Shirley Crenshaw',
        'Vincent Kaminski',
        'Wincenty Kaminski',
      ]);
    });
  });
});

describe('analyzeTopics on a hand-made mailbox', () => {
  const emails = [
    // meeting, urgent (4), 0.2, action, question; Ann Lee (sender), Bob Stone, HR.
    email('Urgent: meeting tomorrow?', 'Please come. Bob Stone and HR will be there. Great.', { senderName: 'Ann Lee' }),
    // finance, follow-up + appreciation, 2, 0.2 (thanks); Ann Lee, Legal.
    email('Following up on the budget', 'Thanks, the invoice is with Legal.', { senderEmail: 'ann.lee@acme.com' }),
    // support, 5 (asap), -0.4, action; Bob Stone.
    email('Server problem', 'Sorry, the outage needs a fix asap. Can you look?', { senderName: 'Stone, Bob' }),
    // general, 1, 0.
    email('Lunch', 'Whenever: when you can.'),
    // general, 2, 0; Cora Diaz (sender), Excel.
    email(null, 'Cora Diaz uses Excel 5.0.', { senderName: 'Cora Diaz' }),
  ];
  const summary = analyzeTopics(emails);

  it('analyses every email, in order', () => {
    expect(summary.totalEmails).toBe(5);
    expect(summary.emailAnalyses.map((a) => a.emailId)).toEqual(emails.map((e) => e.id));
    expect(summary.emailAnalyses[0]).toEqual({
      emailId: emails[0]!.id,
      primaryTheme: 'meeting',
      secondaryThemes: ['urgent'],
      urgencyLevel: 4,
      sentimentScore: 0.2,
      keyEntities: ['Ann Lee', 'Bob Stone', 'HR'],
      actionRequired: true,
      questionPresent: true,
    });
    expect(summary.emailAnalyses.map((a) => [a.primaryTheme, a.urgencyLevel, a.sentimentScore])).toEqual([
      ['meeting', 4, 0.2],
      ['finance', 2, 0.2],
      ['support', 5, -0.4],
      ['general', 1, 0],
      ['general', 2, 0],
    ]);
  });

  it('weighs a primary theme 1 and each secondary theme 0.5, heaviest first', () => {
    expect(summary.themes).toEqual({ general: 2, finance: 1, meeting: 1, support: 1, urgent: 1, appreciation: 0.5, 'follow-up': 0.5 });
    expect(Object.keys(summary.themes)).toEqual(['general', 'finance', 'meeting', 'support', 'urgent', 'appreciation', 'follow-up']);
  });

  it('counts urgency levels, actions and questions, and averages the sentiment', () => {
    expect(summary.urgencyDistribution).toEqual({ 1: 1, 2: 2, 3: 0, 4: 1, 5: 1 });
    expect(summary.actionRequiredCount).toBe(2);
    expect(summary.questionsCount).toBe(2);
    // (0.2 + 0.2 - 0.4 + 0 + 0) / 5
    expect(summary.averageSentiment).toBe(0);
  });

  it('ranks entities by the emails that mention them, ties alphabetical', () => {
    expect(summary.topEntities).toEqual({
      people: ['Ann Lee', 'Bob Stone', 'Cora Diaz'],
      products: ['Excel'],
      departments: ['HR', 'Legal'],
    });
  });

  it('keeps the top 10 of each kind', () => {
    const many = analyzeTopics(
      Array.from({ length: 12 }, (_, i) =>
        email(null, `Ask ${Object.keys(DEPARTMENTS)[i]} and Research.`, { senderName: `Person${String.fromCharCode(65 + i)} Smith` }),
      ),
    );
    expect(many.topEntities.departments).toHaveLength(10);
    expect(many.topEntities.departments[0]).toBe('Research');
    expect(many.topEntities.people).toEqual([
      'PersonA Smith',
      'PersonB Smith',
      'PersonC Smith',
      'PersonD Smith',
      'PersonE Smith',
      'PersonF Smith',
      'PersonG Smith',
      'PersonH Smith',
      'PersonI Smith',
      'PersonJ Smith',
    ]);
  });

  it('rounds the average to 3 decimals, and is empty without mail', () => {
    expect(analyzeTopics([email(null, 'great'), email(null, 'great'), email(null, 'sorry')]).averageSentiment).toBe(0.067);
    expect(analyzeTopics([])).toEqual({
      totalEmails: 0,
      themes: {},
      urgencyDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      averageSentiment: 0,
      actionRequiredCount: 0,
      questionsCount: 0,
      topEntities: { people: [], products: [], departments: [] },
      emailAnalyses: [],
    });
  });
});

describe('real Enron mail (kaminski-v)', async () => {
  const files = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('kaminski-v', 'sent_items')];
  const inputs: TopicInput[] = [];
  for (const file of files) {
    const p = await parseMessage(fs.readFileSync(file));
    inputs.push({
      id: file.split('/enron/')[1]!,
      subject: p.subject,
      bodyText: p.bodyText,
      senderName: p.senderName,
      senderEmail: p.senderEmail,
      recipientEmails: [...p.recipientEmails, ...p.ccEmails],
      recipientNames: p.recipientNames,
    });
  }
  const byId = new Map(inputs.map((input) => [input.id, input]));

  it.each([
    // A reply: the own text is one line, the quoted request ("could you assist me", "Most importantly") is not read.
    [
      'kaminski-v/sent_items/1.',
      {
        primaryTheme: 'hr',
        secondaryThemes: [],
        urgencyLevel: 2,
        sentimentScore: 0,
        keyEntities: [],
        actionRequired: false,
        questionPresent: false,
      },
    ],
    // "as soon as he can" is 'soon'; "Please let me know" asks for action.
    [
      'kaminski-v/inbox/106.',
      {
        primaryTheme: 'general',
        secondaryThemes: [],
        urgencyLevel: 3,
        sentimentScore: 0,
        // Alone, this copy knows Shirley and Angelika only: 'Vince Kaminski' in the subject is nobody it went to.
        keyEntities: ['Shirley Crenshaw', 'Research'],
        actionRequired: true,
        questionPresent: false,
      },
    ],
  ] as const)('%s', (id, expected) => {
    expect(analyzeEmailTopic(byId.get(id)!)).toEqual({ emailId: id, ...expected });
  });

  it('adds up over the whole mailbox', () => {
    const summary = analyzeTopics(inputs);
    expect(summary.totalEmails).toBe(files.length);
    expect(Object.values(summary.urgencyDistribution).reduce((a, b) => a + b, 0)).toBe(files.length);
    const secondary = summary.emailAnalyses.reduce((n, a) => n + a.secondaryThemes.length, 0);
    expect(Object.values(summary.themes).reduce((a, b) => a + b, 0)).toBe(files.length + secondary * 0.5);
    for (const a of summary.emailAnalyses) {
      expect(a.sentimentScore).toBeGreaterThanOrEqual(-1);
      expect(a.sentimentScore).toBeLessThanOrEqual(1);
      expect(Math.round(a.sentimentScore * 5)).toBeCloseTo(a.sentimentScore * 5, 9);
    }
    // The owner and his assistant; his Research group; EnronOnline (EOL) and the regulator (FERC).
    expect(summary.topEntities.people.slice(0, 2)).toEqual(['Vince Kaminski', 'Shirley Crenshaw']);
    // Issue 16: places, headings and machine senders are no people; the owner is none when known.
    const people = new Set(summary.emailAnalyses.flatMap((a) => a.keyEntities));
    for (const notAPerson of ['Knowledge Area', 'Santa Fe', 'No Address', 'Georgia Tech']) expect(people).not.toContain(notAPerson);
    const owned = analyzeTopics(inputs, { names: [], addresses: ['vince.kaminski@enron.com'] });
    expect(owned.topEntities.people[0]).toBe('Shirley Crenshaw');
    expect(owned.topEntities.people.filter((person) => person.endsWith('Kaminski'))).toEqual([]);
    expect(summary.topEntities.departments[0]).toBe('Research');
    expect(summary.topEntities.products).toEqual(expect.arrayContaining(['EOL', 'FERC']));
    // Lotus Notes routing ('Shirley Crenshaw/HOU/ECT@ECT') is no product.
    expect(summary.topEntities.products).not.toContain('ECT');
    expect(summary.topEntities.products).not.toContain('HOU');
  });

  it('counts the emails of each theme in whole emails: a secondary theme weighs 0.5 but is one email', () => {
    const summary = analyzeTopics(inputs);
    const counted = new Map<string, number>();
    for (const a of summary.emailAnalyses) {
      for (const theme of [a.primaryTheme, ...a.secondaryThemes]) counted.set(theme, (counted.get(theme) ?? 0) + 1);
    }
    expect(emailsPerTheme(summary.themes)).toEqual(Object.fromEntries(counted));
    // The reporter's 'Appreciation 170.5' was 341 emails: a secondary theme's weight is half its emails.
    expect(emailsPerTheme(summary.themes).appreciation).toBe(summary.themes.appreciation! * 2);
  });
});
