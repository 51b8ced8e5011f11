/**
 * Topic analysis of an account's mail (spec part 2, "Training analysis" and "Topic analysis
 * rules"): per email a theme, urgency, sentiment, entities and whether it asks for something; per
 * account the totals. Pure code over plain data: keyword lists, regexes and counting, no model.
 *
 * What is read: the subject and the sender's own words in the body (lines quoted with '>', pasted
 * header lines, and everything from an "-----Original Message-----" line down are dropped;
 * forwarded text is kept, it is what the mail is about). Keywords match whole words and phrases,
 * case-insensitively, any whitespace inside a phrase: 'important' does not match 'importantly',
 * 'quick' not 'quickly', 'convenient' not 'inconvenient'; punctuation and hyphens end a word, so
 * 'non-critical' contains 'critical'. All keyword lists are scanned with one combined regex (the
 * longest keyword wins at a place), so the cost is one pass over the text whatever their size.
 *
 * The rules, per email:
 * - urgency: 5, 4, 3 or 1 for the first level (checked in that order) with a keyword, else 2;
 * - sentiment: +0.2 per positive kind of word and -0.2 per negative kind (a kind counts once
 *   whatever its form or repetitions), net sum clamped to -1..1 and rounded to one decimal;
 * - primary theme: the theme with most keyword occurrences, ties in list order, 'general' without;
 * - secondary themes: 'urgent' (urgency 4 or 5), 'follow-up', 'appreciation';
 * - action required: a request marker; question: a '?' that ends a sentence;
 * - entities: people, products and departments (heuristics documented below). A person is someone
 *   the mailbox knows (a sender or recipient of the analysed mail), never the owner.
 */

import { splitName } from '../../mail/engine/people.ts';

export const THEMES = ['meeting', 'project', 'support', 'sales', 'hr', 'finance', 'announcement', 'general'] as const;
export type Theme = (typeof THEMES)[number];
export const SECONDARY_THEMES = ['urgent', 'follow-up', 'appreciation'] as const;
export type SecondaryTheme = (typeof SECONDARY_THEMES)[number];
export type UrgencyLevel = 1 | 2 | 3 | 4 | 5;

/** In the account's theme totals a primary theme counts 1, each secondary theme this much. */
export const PRIMARY_THEME_WEIGHT = 1;
export const SECONDARY_THEME_WEIGHT = 0.5;
/** One positive or negative word moves the sentiment this much; the score stays in -1..1. */
export const SENTIMENT_STEP = 0.2;
/** Entities kept per email (most mentioned first) and per category in the account's top list. */
export const MAX_KEY_ENTITIES = 10;
export const TOP_ENTITIES = 10;
/** Own text beyond this many characters is not read: a pasted report says no more past 50,000. */
export const MAX_TEXT_CHARS = 50_000;

export type TopicInput = {
  id: string;
  subject: string | null;
  bodyText: string | null;
  senderName: string | null;
  senderEmail: string | null;
  /** To and Cc: the people the mail went to are people the mailbox knows. */
  recipientEmails?: string[];
  /** Display names of those recipients, by lower-cased address. */
  recipientNames?: Readonly<Record<string, string>>;
};

/** Who the mailbox belongs to: never a person among the entities. */
export type TopicOwner = { names: (string | null)[]; addresses: string[] };

export type EmailTopic = {
  emailId: string;
  primaryTheme: Theme;
  secondaryThemes: SecondaryTheme[];
  urgencyLevel: UrgencyLevel;
  sentimentScore: number;
  keyEntities: string[];
  actionRequired: boolean;
  questionPresent: boolean;
};

export type TopicSummary = {
  totalEmails: number;
  /** Theme (primary or secondary) -> weight: 1 per email it is primary in, 0.5 per email it is secondary in. */
  themes: Record<string, number>;
  /** '1'..'5' -> emails at that urgency level (every level present, 0 when none). */
  urgencyDistribution: Record<string, number>;
  averageSentiment: number;
  actionRequiredCount: number;
  questionsCount: number;
  topEntities: { people: string[]; products: string[]; departments: string[] };
  emailAnalyses: EmailTopic[];
};

// ---------------------------------------------------------------------------------------------
// Keyword lists. A space in a phrase matches any run of whitespace.

/** Checked highest first: the first level with a keyword wins; none of them gives 2. */
export const URGENCY_KEYWORDS = {
  5: ['emergency', 'critical', 'asap'],
  4: ['urgent', 'important', 'priority'],
  3: ['soon', 'quick'],
  1: ['when you can', 'convenient'],
} as const;

/**
 * Sentiment words, grouped by kind: each kind found in an email moves the score one step, however
 * often and in whichever form it occurs ('thanks' twice and 'thank you' once is one step).
 */
export const POSITIVE_WORDS: Record<string, string[]> = {
  thanks: ['thanks', 'thank you'],
  appreciate: ['appreciate', 'appreciated', 'appreciation'],
  great: ['great'],
  excellent: ['excellent'],
  good: ['good'],
  happy: ['happy'],
  glad: ['glad'],
  pleased: ['pleased'],
  wonderful: ['wonderful'],
  fantastic: ['fantastic', 'awesome'],
  perfect: ['perfect'],
  congratulations: ['congratulations', 'congrats'],
  helpful: ['helpful'],
  success: ['success', 'successful', 'successfully'],
};
export const NEGATIVE_WORDS: Record<string, string[]> = {
  problem: ['problem', 'problems'],
  issue: ['issue', 'issues'],
  unfortunately: ['unfortunately'],
  sorry: ['sorry'],
  disappointed: ['disappointed', 'disappointing'],
  concern: ['concern', 'concerns', 'concerned'],
  worried: ['worried', 'worry'],
  bad: ['bad'],
  wrong: ['wrong'],
  fail: ['fail', 'failed', 'fails', 'failure'],
  error: ['error', 'errors'],
  delay: ['delay', 'delays', 'delayed'],
  complaint: ['complaint', 'complaints'],
  frustrated: ['frustrated', 'frustrating'],
  upset: ['upset', 'unhappy'],
  mistake: ['mistake', 'mistakes'],
};

/** Each occurrence scores one point for its theme; the best score is the primary theme (ties: list order). */
export const THEME_KEYWORDS: Record<Exclude<Theme, 'general'>, string[]> = {
  meeting: ['meeting', 'meetings', 'meet', 'agenda', 'conference', 'calendar', 'appointment', 'schedule', 'reschedule', 'invitation'],
  project: [
    'project',
    'projects',
    'milestone',
    'milestones',
    'deliverable',
    'deliverables',
    'timeline',
    'roadmap',
    'kickoff',
    'kick-off',
    'phase',
    'scope',
    'requirements',
    'implementation',
    'status report',
  ],
  support: [
    'support',
    'help',
    'issue',
    'issues',
    'problem',
    'problems',
    'bug',
    'bugs',
    'error',
    'errors',
    'fix',
    'troubleshoot',
    'troubleshooting',
    'ticket',
    'outage',
    'broken',
    'not working',
    'assistance',
    'helpdesk',
    'help desk',
  ],
  sales: [
    'sales',
    'sale',
    'customer',
    'customers',
    'client',
    'clients',
    'deal',
    'deals',
    'contract',
    'contracts',
    'quote',
    'quotes',
    'pricing',
    'proposal',
    'proposals',
    'purchase',
    'order',
    'orders',
    'prospect',
    'prospects',
    'discount',
    'rfp',
  ],
  hr: [
    'hr',
    'human resources',
    'hiring',
    'hire',
    'recruiting',
    'recruiter',
    'recruitment',
    'interview',
    'interviews',
    'candidate',
    'candidates',
    'resume',
    'benefits',
    'vacation',
    'payroll',
    'onboarding',
    'employee',
    'employees',
    'job',
    'jobs',
    'offer letter',
    'performance review',
  ],
  finance: [
    'finance',
    'financial',
    'financials',
    'budget',
    'budgets',
    'invoice',
    'invoices',
    'payment',
    'payments',
    'expense',
    'expenses',
    'cost',
    'costs',
    'revenue',
    'revenues',
    'accounting',
    'tax',
    'taxes',
    'audit',
    'forecast',
    'profit',
    'profits',
    'earnings',
    'reimbursement',
    'billing',
  ],
  announcement: [
    'announcement',
    'announcements',
    'announce',
    'announces',
    'announced',
    'announcing',
    'introducing',
    'launch',
    'launches',
    'launched',
    'newsletter',
    'press release',
    'news',
    'welcome',
    'effective immediately',
  ],
};

/** Secondary theme 'follow-up'. ('urgent' is urgency level 4 or 5; 'appreciation' is below.) */
export const FOLLOW_UP_KEYWORDS = [
  'follow up',
  'follow-up',
  'followup',
  'following up',
  'checking in',
  'reminder',
  'as discussed',
  'per our conversation',
  'circling back',
  'touching base',
  'any update',
  'any updates',
];
export const APPRECIATION_KEYWORDS = [
  'thanks',
  'thank you',
  'appreciate',
  'appreciated',
  'grateful',
  'gratitude',
  'kudos',
  'well done',
  'great job',
  'great work',
  'good job',
  'nice work',
];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Requests and imperatives: any one of them means the email asks the reader to act. */
export const ACTION_KEYWORDS = [
  'please',
  'kindly',
  'could you',
  'can you',
  'would you',
  'will you',
  'need you to',
  'let me know',
  'make sure',
  'action required',
  'action item',
  'action items',
  'deadline',
  'no later than',
  ...[...WEEKDAYS, 'tomorrow', 'today', 'tonight', 'noon', 'eod', 'cob', 'end of day', 'end of the day', 'close of business'].map(
    (when) => `by ${when}`,
  ),
  'by the end of the day',
  'by the end of the week',
  'by end of week',
];

// ---------------------------------------------------------------------------------------------
// The lexicon: every keyword -> what it signals, compiled into one regex.

type Signal =
  | { kind: 'urgency'; level: 5 | 4 | 3 | 1 }
  | { kind: 'sentiment'; sign: 1 | -1; word: string }
  | { kind: 'theme'; theme: number }
  | { kind: 'follow-up' }
  | { kind: 'appreciation' }
  | { kind: 'action' };

const normalizeKeyword = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

function buildLexicon(): Map<string, Signal[]> {
  const lexicon = new Map<string, Signal[]>();
  const add = (keywords: readonly string[], signal: Signal) => {
    for (const keyword of keywords) {
      const key = normalizeKeyword(keyword);
      lexicon.set(key, [...(lexicon.get(key) ?? []), signal]);
    }
  };
  for (const level of [5, 4, 3, 1] as const) add(URGENCY_KEYWORDS[level], { kind: 'urgency', level });
  for (const [word, forms] of Object.entries(POSITIVE_WORDS)) add(forms, { kind: 'sentiment', sign: 1, word });
  for (const [word, forms] of Object.entries(NEGATIVE_WORDS)) add(forms, { kind: 'sentiment', sign: -1, word });
  THEMES.forEach((theme, index) => {
    if (theme !== 'general') add(THEME_KEYWORDS[theme], { kind: 'theme', theme: index });
  });
  add(FOLLOW_UP_KEYWORDS, { kind: 'follow-up' });
  add(APPRECIATION_KEYWORDS, { kind: 'appreciation' });
  add(ACTION_KEYWORDS, { kind: 'action' });
  // The regex takes the longest keyword at a place, so a phrase also carries what the keywords
  // inside it signal: 'great job' is appreciation and the positive word 'great'.
  const merged = new Map<string, Signal[]>();
  for (const [phrase, signals] of lexicon) {
    const all = [...signals];
    if (phrase.includes(' ')) {
      for (const [inner, innerSignals] of lexicon) {
        if (inner !== phrase && ` ${phrase} `.includes(` ${inner} `)) all.push(...innerSignals.filter((s) => !all.includes(s)));
      }
    }
    merged.set(phrase, all);
  }
  return merged;
}

const LEXICON = buildLexicon();
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not inside a word: no letter or digit on either side (Unicode-aware, unlike \b). */
const WORD_START = '(?<![\\p{L}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{N}])';
const KEYWORD_RE = new RegExp(
  `${WORD_START}(?:${[...LEXICON.keys()]
    .sort((a, b) => b.length - a.length)
    .map((keyword) => escapeRegex(keyword).replace(/ /g, '\\s+'))
    .join('|')})${WORD_END}`,
  'giu',
);

// ---------------------------------------------------------------------------------------------
// Entities.

/**
 * Capitalised words that are not names: sentence openers, greetings, titles, places and
 * organisation words, calendar words. A two-word candidate with one of them is not a person.
 */
const NOT_NAMES = new Set(
  `a about above after again all also although am an and another any are as at attached based be because been before being best both
   but by call can cc could dear did do does done during each either enclosed even every fax for from further good had has have he her
   here hers hi his how however i if in into is it its just kind let many may me meanwhile more most much must my no nor not now of
   off on once only or other our out over per please re regards fw fwd sent subject thanks thank the their them then there these they
   this those though through thus to too under until up upon us very was we were what when where whether which while who whom why will
   with within without would yes yet you your yours sincerely cheers hello hey morning afternoon evening happy new year christmas
   holiday holidays merry welcome congratulations original message forwarded note notes attachment attachments importance
   monday tuesday wednesday thursday friday saturday sunday january february march april june july august september october november december
   mr mrs ms miss dr prof professor sir madam president vice chairman chief executive officer director managing manager senior junior
   associate analyst assistant head lead principal partner staff team group department division office desk unit committee board
   council corp corporation inc incorporated ltd llc company co services service solutions systems system international global
   national american america north south east west central new york san los las city county state states united university
   college school institute center centre street avenue road suite room building floor plaza tower houston london texas
   energy power gas oil natural electric trading markets market capital finance financial legal sales marketing engineering
   operations support accounting research compliance treasury procurement risk management customer public relations human resources
   information technology business global weekly daily monthly annual quarterly report update meeting conference project review
   agenda summary draft final total news press release announcement memo policy program programs plan general
   question questions issue issues problem action required important urgent reminder follow fyi confidential private street
   internet online web email mail phone mobile cell standard time number info information technology technologies access request
   works net travel tickets vacation discussion coordinator administrative credit ratings rating modelling modeling house content
   embedded data date create hub resource name type model models analysis price prices rate rates value contact contacts list lists free offer click order register
   address addresses admin administrator webmaster postmaster mailer daemon enquiries`
    .split(/\s+/)
    .filter(Boolean),
);

/** Endings of nouns rather than names: 'Credit Information', 'Risk Analytics', 'Access Management'. */
const NOT_NAME_ENDING = /(tion|tions|sion|sions|ment|ments|ness|ity|ities|ogy|ogies|ism|isms|ics|ical|ware)$/;
const NAME_WORD = "(?:Mc|Mac|O')?\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?";
/** A run of capitalised words on one line, with middle initials ('Vince J. Kaminski'). */
const CAPITALISED_RUN_RE = new RegExp(`(?<![\\p{L}\\p{N}'])${NAME_WORD}(?:[ \\t]+(?:\\p{Lu}\\.?[ \\t]+)?${NAME_WORD})*${WORD_END}`, 'gu');
const INITIAL = /^\p{Lu}\.?$/u;

/**
 * People named in a run of capitalised words: the run is cut at every word that is no name
 * (NOT_NAMES, noun endings) and each piece of exactly two words is a 'First Last' (middle initials
 * dropped). Longer pieces are headings or organisations ('Enron Net Works Questionnaires').
 */
function peopleInRun(run: string, found: (person: string) => void): void {
  let piece: string[] = [];
  const flush = () => {
    if (piece.length === 2) found(`${piece[0]} ${piece[1]}`);
    piece = [];
  };
  for (const word of run.split(/[ \t]+/)) {
    if (INITIAL.test(word)) continue;
    const lower = word.toLowerCase();
    if (NOT_NAMES.has(lower) || NOT_NAME_ENDING.test(lower)) flush();
    else piece.push(word);
  }
  flush();
}

/** Capitalised words that are no product even with a number after them ('Section 2.1', 'Room 3.5'). */
const NOT_PRODUCTS = new Set(
  `section page room version release figure table item rule article chapter step phase exhibit appendix note level tier class part
   paragraph line option question grade size unit building floor suite schedule attachment number no volume issue revision rev
   fyi asap eod cob tbd tba eta fw fwd re cc bcc am pm est edt cst cdt pst pdt mst mdt gmt utc bst cet usa uk eu us ceo cfo coo cto
   cio vp svp evp md hr it llc inc ltd corp co plc ps pps nb ok faq pdf doc xls ppt txt zip htm html http https www com net org
   edu gov the and for you not are all new but our now any can was has get see use may one two its per via rsvp dear note please
   urgent important thanks free url smtp esmtp mime mba phd cpa cfa id ip tcp pc cd dvd tv ii iii iv vi vii viii ix xi xii mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct
   nov dec`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Products, a small heuristic with three shapes:
 * - a capitalised name followed by a version: 'Excel 5.0', 'Outlook v2' (the version is one or
 *   two digits with one-digit minor parts, so prices like 'Henry Hub 2.45' are not versions);
 * - an inner capital: 'EnronOnline', 'PowerPoint', 'eSpeed' (not 'McMahon', 'DeLay', ...);
 * - an all-caps word of 3 to 10 characters: 'EOL', 'NYMEX', 'PG&E', unless it is a common
 *   abbreviation, part of an address or path ('HOU/ECT@ECT'), or next to another all-caps word
 *   (shouting and headings: 'PLEASE READ THIS').
 * The product is the name without its version.
 */
const PRODUCT_RE = new RegExp(
  [
    `${WORD_START}(\\p{Lu}[\\p{L}\\p{N}]*)[ \\t]+(?:v\\d+(?:\\.\\d+)*|\\d{1,2}(?:\\.\\d)+)(?![\\p{L}\\p{N}]|\\.\\d)`,
    `${WORD_START}((?:\\p{Ll}\\p{Lu}|\\p{Lu}\\p{Ll}+\\p{Lu})[\\p{L}\\p{N}]*)${WORD_END}`,
    `(?<![\\p{L}\\p{N}/@.&-])(\\p{Lu}[\\p{Lu}&]{2,9})(?![\\p{L}\\p{N}/@&-]|\\.\\p{L})`,
  ].join('|'),
  'gu',
);
const SURNAME_PREFIX = /^(Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|St)\p{Lu}\p{Ll}+$/u;
const CAPS_BEFORE = /\p{Lu}{2,}[ \t]+$/u;
const CAPS_AFTER = /^[ \t]+\p{Lu}{2,}(?![\p{Ll}])/u;

/** Department -> how it is written (title case or all caps; 'HR' and 'IT' only in capitals). */
export const DEPARTMENTS: Record<string, string[]> = {
  HR: ['HR', 'Human Resources'],
  Finance: ['Finance'],
  Legal: ['Legal'],
  Sales: ['Sales'],
  Marketing: ['Marketing'],
  Engineering: ['Engineering'],
  IT: ['IT', 'Information Technology'],
  Operations: ['Operations'],
  Support: ['Support'],
  Accounting: ['Accounting'],
  Research: ['Research'],
  Trading: ['Trading'],
  Compliance: ['Compliance'],
  Treasury: ['Treasury'],
  Procurement: ['Procurement'],
  'Risk Management': ['Risk Management'],
  'Customer Service': ['Customer Service'],
  'Public Relations': ['Public Relations'],
};
const DEPARTMENT_OF = new Map<string, string>();
for (const [department, forms] of Object.entries(DEPARTMENTS)) {
  for (const form of forms) {
    DEPARTMENT_OF.set(form, department);
    DEPARTMENT_OF.set(form.toUpperCase(), department);
  }
}
const DEPARTMENT_RE = new RegExp(
  `${WORD_START}(?:${[...DEPARTMENT_OF.keys()]
    .sort((a, b) => b.length - a.length)
    .map((form) => escapeRegex(form).replace(/ /g, '[ \\t]+'))
    .join('|')})${WORD_END}`,
  'gu',
);

type Entities = { people: Map<string, number>; products: Map<string, number>; departments: Map<string, number> };

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A word that may be part of a name: not one of NOT_NAMES ('no', 'address'), not a noun ending ('-tion'). */
const mayBeName = (word: string) => !NOT_NAMES.has(word) && !NOT_NAME_ENDING.test(word);

/**
 * The sender as 'First Last': from the display name ('Kaminski, Vince J' -> 'Vince Kaminski'),
 * else from a 'first.last@' address whose parts may be names ('vince.kaminski@enron.com' -> 'Vince
 * Kaminski'; 'no.address@enron.com' is no one), else null.
 */
export function senderPerson(senderName: string | null, senderEmail: string | null): string | null {
  const { firstName, lastName } = splitName(senderName);
  if (firstName && /\p{L}/u.test(firstName)) return lastName ? `${firstName} ${lastName}` : firstName;
  const local = /^([\p{L}]{2,})[._]([\p{L}]{2,})@/u.exec(senderEmail?.trim() ?? '');
  if (!local) return null;
  const [first, last] = [local[1]!.toLowerCase(), local[2]!.toLowerCase()];
  return mayBeName(first) && mayBeName(last) ? `${capitalise(first)} ${capitalise(last)}` : null;
}

/** Lower-case name words of one correspondent: the display name's first and last name, the address's parts. */
function correspondentWords(name: string | null | undefined, address: string | null | undefined, into: Set<string>): void {
  const { firstName, lastName } = splitName(name ?? null);
  for (const part of [firstName, lastName]) if (part) into.add(part.toLowerCase());
  // 'first.last' or one word: 'enron.messaging.administration' names no one.
  const parts = (address?.split('@')[0] ?? '').toLowerCase().split(/[._-]+/);
  if (parts.length > 2) return;
  for (const part of parts) {
    if (!/^\p{L}{2,}$/u.test(part) || !mayBeName(part)) continue;
    into.add(part);
    // 'pkumar', 'vkerridge': an initial and the surname.
    if (parts.length === 1 && part.length >= 5) into.add(part.slice(1));
  }
}

/**
 * What the people rule knows: the name words of everyone the mail went from or to, and the owner's.
 * A capitalised pair in the text is a person only when its last word names a correspondent ('Santa
 * Fe', 'Knowledge Area' and 'Georgia Tech' name no one who wrote or was written to).
 */
type PeopleContext = { known: Set<string>; ownerSurnames: Set<string> };

function peopleContext(emails: TopicInput[], owner: TopicOwner | undefined): PeopleContext {
  const known = new Set<string>();
  for (const email of emails) {
    correspondentWords(email.senderName, email.senderEmail, known);
    for (const address of email.recipientEmails ?? []) correspondentWords(email.recipientNames?.[address], address, known);
  }
  const ownAddresses = new Set((owner?.addresses ?? []).map((address) => address.toLowerCase()));
  // The display names the owner's own mail carries are the owner's names too.
  const ownNames = emails
    .filter((email) => email.senderEmail && ownAddresses.has(email.senderEmail.toLowerCase()))
    .map((e) => e.senderName);
  const ownerSurnames = new Set<string>();
  for (const name of [...(owner?.names ?? []), ...ownNames]) {
    const { lastName } = splitName(name);
    if (lastName) ownerSurnames.add(lastName.toLowerCase());
  }
  for (const address of ownAddresses) {
    const parts = (address.split('@')[0] ?? '').split(/[._-]+/);
    if (parts.length >= 2 && /^\p{L}{2,}$/u.test(parts[parts.length - 1]!)) ownerSurnames.add(parts[parts.length - 1]!);
  }
  return { known, ownerSurnames };
}

/**
 * The owner under any first name: 'Vince Kaminski', 'Vincent Kaminski', 'Wincenty Kaminski' for
 * vince.kaminski@ (a relative of the same name is dropped too: rare, and no topic either way).
 */
function isOwner(person: string, ownerSurnames: Set<string>): boolean {
  return ownerSurnames.has(person.slice(person.lastIndexOf(' ') + 1).toLowerCase());
}

function extractEntities(text: string, sender: string | null, context: PeopleContext): Entities {
  const entities: Entities = { people: new Map(), products: new Map(), departments: new Map() };
  if (sender && !isOwner(sender, context.ownerSurnames)) bump(entities.people, sender);

  const person = (name: string) => {
    const last = name.slice(name.lastIndexOf(' ') + 1).toLowerCase();
    if (context.known.has(last) && !isOwner(name, context.ownerSurnames)) bump(entities.people, name);
  };
  CAPITALISED_RUN_RE.lastIndex = 0;
  for (let m = CAPITALISED_RUN_RE.exec(text); m; m = CAPITALISED_RUN_RE.exec(text)) {
    if (m[0].includes(' ') || m[0].includes('\t')) peopleInRun(m[0], person);
  }

  PRODUCT_RE.lastIndex = 0;
  for (let m = PRODUCT_RE.exec(text); m; m = PRODUCT_RE.exec(text)) {
    const [, versioned, camel, caps] = m;
    if (versioned) {
      if (!NOT_PRODUCTS.has(versioned.toLowerCase()) && !NOT_NAMES.has(versioned.toLowerCase())) bump(entities.products, versioned);
    } else if (camel) {
      if (!SURNAME_PREFIX.test(camel)) bump(entities.products, camel);
    } else if (caps && !NOT_PRODUCTS.has(caps.toLowerCase()) && !DEPARTMENT_OF.has(caps)) {
      const end = m.index + caps.length;
      const shouting = CAPS_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) || CAPS_AFTER.test(text.slice(end, end + 40));
      if (!shouting) bump(entities.products, caps);
    }
  }

  DEPARTMENT_RE.lastIndex = 0;
  for (let m = DEPARTMENT_RE.exec(text); m; m = DEPARTMENT_RE.exec(text)) {
    bump(entities.departments, DEPARTMENT_OF.get(m[0].replace(/[ \t]+/g, ' '))!);
  }
  return entities;
}

// ---------------------------------------------------------------------------------------------
// One email.

const ORIGINAL_MESSAGE = /^[ \t]*-{2,}[ \t]*Original Message[ \t]*-{2,}/im;
const QUOTED_LINE = /^[ \t]*>/;
/** Machine lines some clients paste into bodies: raw header fields and Outlook's '<Embedded ...>' placeholders. */
const MACHINE_LINE = /^[ \t]*(?:(?:x-[\w-]+|received|content-[\w-]+|mime-version|message-id|return-path):|<embedded [^>\n]*>).*$/gim;

/**
 * The sender's own words: no '>' quoted lines, nothing from "-----Original Message-----" down,
 * no pasted header lines.
 */
export function ownText(body: string): string {
  const cut = body.search(ORIGINAL_MESSAGE);
  const head = (cut >= 0 ? body.slice(0, cut) : body).replace(MACHINE_LINE, '');
  if (!head.includes('>')) return head;
  return head
    .split('\n')
    .filter((line) => !QUOTED_LINE.test(line))
    .join('\n');
}

/** A question mark, but not one followed by a letter or digit: URLs' '?a=1' and mis-decoded apostrophes ('don?t'). */
const QUESTION_MARK = /\?(?![\p{L}\p{N}])/u;

type Analysis = { topic: EmailTopic; entities: Entities };

function analyze(email: TopicInput, context: PeopleContext): Analysis {
  const body = email.bodyText ? ownText(email.bodyText) : '';
  const text = `${email.subject ?? ''}\n${body.length > MAX_TEXT_CHARS ? body.slice(0, MAX_TEXT_CHARS) : body}`;

  let urgencyLevels = 0; // bit per level found
  const positive = new Set<string>();
  const negative = new Set<string>();
  const themeScores = new Array<number>(THEMES.length).fill(0);
  let followUp = false;
  let appreciation = false;
  let actionRequired = false;
  KEYWORD_RE.lastIndex = 0;
  for (let m = KEYWORD_RE.exec(text); m; m = KEYWORD_RE.exec(text)) {
    // (?? []: a few characters match a keyword only under Unicode case folding, like 'ſ' for 's'.)
    for (const signal of LEXICON.get(normalizeKeyword(m[0])) ?? []) {
      switch (signal.kind) {
        case 'urgency':
          urgencyLevels |= 1 << signal.level;
          break;
        case 'sentiment':
          (signal.sign > 0 ? positive : negative).add(signal.word);
          break;
        case 'theme':
          themeScores[signal.theme]! += 1;
          break;
        case 'follow-up':
          followUp = true;
          break;
        case 'appreciation':
          appreciation = true;
          break;
        case 'action':
          actionRequired = true;
          break;
      }
    }
  }

  const urgencyLevel = ([5, 4, 3, 1] as const).find((level) => urgencyLevels & (1 << level)) ?? 2;
  let best = THEMES.indexOf('general');
  for (let i = 0; i < themeScores.length; i++) if (themeScores[i]! > (themeScores[best] ?? 0)) best = i;
  const secondaryThemes: SecondaryTheme[] = [];
  if (urgencyLevel >= 4) secondaryThemes.push('urgent');
  if (followUp) secondaryThemes.push('follow-up');
  if (appreciation) secondaryThemes.push('appreciation');

  // Steps of 0.2 from 0, clamped to -1..1 (five steps), then rounded to one decimal.
  const steps = Math.max(-5, Math.min(5, positive.size - negative.size));
  const sentimentScore = Math.round(steps * SENTIMENT_STEP * 10) / 10 || 0;

  const entities = extractEntities(text, senderPerson(email.senderName, email.senderEmail), context);
  const order = new Map<string, number>();
  for (const map of [entities.people, entities.products, entities.departments]) {
    for (const [entity, count] of map) if (!order.has(entity)) order.set(entity, count);
  }
  // Most mentioned first; ties keep the order found (sender, people, products, departments).
  const keyEntities = [...order.entries()]
    .map(([entity, count], index) => ({ entity, count, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, MAX_KEY_ENTITIES)
    .map(({ entity }) => entity);

  return {
    topic: {
      emailId: email.id,
      primaryTheme: THEMES[best]!,
      secondaryThemes,
      urgencyLevel,
      sentimentScore,
      keyEntities,
      actionRequired,
      questionPresent: QUESTION_MARK.test(text),
    },
    entities,
  };
}

/** One email alone: its people are those it went from or to. */
export function analyzeEmailTopic(email: TopicInput, owner?: TopicOwner): EmailTopic {
  return analyze(email, peopleContext([email], owner)).topic;
}

// ---------------------------------------------------------------------------------------------
// The account.

/** The most frequent first (each email counts once per entity), ties alphabetical. */
function top(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_ENTITIES)
    .map(([entity]) => entity);
}

/**
 * Emails per theme from the spec's theme weights: every email adds its primary theme's weight once
 * and each of its secondary themes' once, and the two sets of themes never meet, so a theme's
 * weight divided by its kind's weight is how many emails have it ('appreciation' 170.5 is 341
 * emails, not half a one).
 */
export function emailsPerTheme(themes: Record<string, number>): Record<string, number> {
  const secondary: readonly string[] = SECONDARY_THEMES;
  return Object.fromEntries(
    Object.entries(themes).map(([theme, weight]) => [
      theme,
      Math.round(weight / (secondary.includes(theme) ? SECONDARY_THEME_WEIGHT : PRIMARY_THEME_WEIGHT)),
    ]),
  );
}

/** The account's mail: its people are everyone the analysed mail went from or to, less the owner. */
export function analyzeTopics(emails: TopicInput[], owner?: TopicOwner): TopicSummary {
  const context = peopleContext(emails, owner);
  const themes = new Map<string, number>();
  const urgencyDistribution: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const people = new Map<string, number>();
  const products = new Map<string, number>();
  const departments = new Map<string, number>();
  const emailAnalyses: EmailTopic[] = [];
  let sentimentSum = 0;
  let actionRequiredCount = 0;
  let questionsCount = 0;
  for (const email of emails) {
    const { topic, entities } = analyze(email, context);
    emailAnalyses.push(topic);
    themes.set(topic.primaryTheme, (themes.get(topic.primaryTheme) ?? 0) + PRIMARY_THEME_WEIGHT);
    for (const theme of topic.secondaryThemes) themes.set(theme, (themes.get(theme) ?? 0) + SECONDARY_THEME_WEIGHT);
    urgencyDistribution[topic.urgencyLevel] = urgencyDistribution[topic.urgencyLevel]! + 1;
    sentimentSum += topic.sentimentScore;
    if (topic.actionRequired) actionRequiredCount += 1;
    if (topic.questionPresent) questionsCount += 1;
    for (const entity of entities.people.keys()) bump(people, entity);
    for (const entity of entities.products.keys()) bump(products, entity);
    for (const entity of entities.departments.keys()) bump(departments, entity);
  }
  return {
    totalEmails: emails.length,
    // Heaviest first, ties alphabetical.
    themes: Object.fromEntries([...themes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    urgencyDistribution,
    averageSentiment: emails.length ? Math.round((sentimentSum / emails.length) * 1000) / 1000 : 0,
    actionRequiredCount,
    questionsCount,
    topEntities: { people: top(people), products: top(products), departments: top(departments) },
    emailAnalyses,
  };
}
