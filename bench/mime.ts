// `npm run bench -- mime [--details <file>]`: what Penman stores of every message of the MIME
// torture corpus (`shared/corpus/mime`) and of the five mailboxes of each corpus group
// (`shared/corpus`, `corpus-b`, `corpus-c`), field by field, beside a second decoder: Python's
// standard `email` package with `policy.default` (bench/mime-reference.py, run as a child process).
// Fields: subject, sender address and name, recipients (To and Cc), date, body text and attachment
// names. Where the two disagree, bench/mime-expected.json says which value is right and why
// (checked by eye); a field is counted right when it equals that expected value, else Python's.
// Every user-visible field is also scanned for decoding symptoms (U+FFFD, C1 controls, undecoded
// encoded-words, UTF-7, HTML entities, UTF-8 read as Latin-1). The same is done for postal-mime and
// mailparser used as they come, and each decoder's parsing speed is timed in one thread: the
// numbers behind docs/decisions/017-mime-decoding.md.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import PostalMime, { type Address } from 'postal-mime';
import { useConcatBlob } from '../apps/server/src/mail/engine/concat-blob.ts';
import { htmlToText } from '../apps/server/src/mail/engine/html-to-text.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { CORPUS_DIR, listFiles } from '../apps/server/src/test-support/corpus.ts';

// As in the parse worker threads (mail/parse-worker.ts): postal-mime's Blob use, made cheap.
useConcatBlob();

const SHARED = path.resolve(CORPUS_DIR, '..');
const EXPECTED_FILE = path.join(import.meta.dirname, 'mime-expected.json');
const detailsAt = process.argv.indexOf('--details');
const DETAILS_FILE = detailsAt >= 0 ? process.argv[detailsAt + 1] : undefined;
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

const FIELDS = ['subject', 'senderEmail', 'senderName', 'recipients', 'date', 'body', 'attachments'] as const;
type Field = (typeof FIELDS)[number];
type Fields = Record<Field, string | null>;

type Group = { name: string; files: string[] };

function groups(): Group[] {
  const mime = listFiles(path.join(SHARED, 'corpus', 'mime')).filter((f) => !/(COPYING|LICENSE)$/.test(f));
  const enron = (group: string) => listFiles(path.join(SHARED, group, 'enron')).filter((f) => f.endsWith('.'));
  const all = [
    { name: 'corpus/mime', files: mime },
    { name: 'corpus', files: enron('corpus') },
    { name: 'corpus-b', files: enron('corpus-b') },
    { name: 'corpus-c', files: enron('corpus-c') },
  ];
  return ONLY ? all.filter((g) => g.name === ONLY) : all;
}

/** A corpus file's name in reports and in the expected-values file. */
const idOf = (file: string) => path.relative(SHARED, file);

// ---------------------------------------------------------------------------------------------
// Field values, normalized so that two decoders agreeing on the content compare equal.

const squash = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;
/** A body's words (letters and digits), so layout (wrapping, list marks, table cells) does not count. */
const words = (value: string | null | undefined) => (value ? (value.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ') || null : null);
const addressList = (list: (string | null | undefined)[]) =>
  [...new Set(list.filter(Boolean).map((a) => a!.trim().toLowerCase()))].sort().join(', ') || null;
const nameList = (list: (string | null | undefined)[]) =>
  list
    .map((n) => squash(n))
    .filter(Boolean)
    .sort()
    .join(' | ') || null;
const isoDate = (value: string | Date | null | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

function normalize(raw: {
  subject?: string | null;
  senderEmail?: string | null;
  senderName?: string | null;
  recipients: (string | null | undefined)[];
  date?: string | Date | null;
  body?: string | null;
  attachments: (string | null | undefined)[];
}): Fields {
  return {
    subject: squash(raw.subject),
    senderEmail: squash(raw.senderEmail)?.toLowerCase() ?? null,
    senderName: squash(raw.senderName?.replace(/^"(.*)"$/, '$1')),
    recipients: addressList(raw.recipients),
    date: isoDate(raw.date),
    body: words(raw.body),
    attachments: nameList(raw.attachments),
  };
}

/** The text a user sees of each field (not normalized), for the symptom scan. */
type Visible = { subject: string | null; senderName: string | null; body: string | null; attachments: string[] };

// ---------------------------------------------------------------------------------------------
// The decoders.

type Decoded = { fields: Fields; visible: Visible };
type Decoder = { name: string; decode: (raw: Buffer) => Promise<Decoded> };

const penman: Decoder = {
  name: 'Penman',
  async decode(raw) {
    const m = await parseMessage(raw);
    const names = m.attachments.map((a) => a.filename);
    return {
      fields: normalize({
        subject: m.subject,
        senderEmail: m.senderEmail,
        senderName: m.senderName,
        recipients: [...m.recipientEmails, ...m.ccEmails],
        date: m.date,
        body: m.bodyText,
        attachments: names,
      }),
      visible: { subject: m.subject, senderName: m.senderName, body: m.bodyText, attachments: names.filter((n): n is string => !!n) },
    };
  },
};

const mailboxes = (list: Address[] | Address | undefined) =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) => (a.group ? a.group : [a]));

const postalMime: Decoder = {
  name: 'postal-mime 4.0.0 as it comes',
  async decode(raw) {
    const m = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
    const from = mailboxes(m.from)[0];
    const body = m.text ?? (m.html ? htmlToText(m.html) : null);
    const names = m.attachments.map((a) => a.filename);
    return {
      fields: normalize({
        subject: m.subject,
        senderEmail: from?.address,
        senderName: from?.name,
        recipients: [...mailboxes(m.to), ...mailboxes(m.cc)].map((a) => a.address),
        date: m.date,
        body,
        attachments: names,
      }),
      visible: { subject: m.subject ?? null, senderName: from?.name ?? null, body, attachments: names.filter((n): n is string => !!n) },
    };
  },
};

type MailparserAddress = { value: { name: string; address?: string; group?: { name: string; address?: string }[] }[] };
const mailparserList = (list: MailparserAddress | MailparserAddress[] | undefined) =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) => a.value).flatMap((a) => (a.group ? a.group : [a]));

const mailparser: Decoder = {
  name: 'mailparser 3.14.2 as it comes',
  async decode(raw) {
    const m = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
    const from = mailparserList(m.from as MailparserAddress | undefined)[0];
    const names = m.attachments.map((a) => a.filename ?? null);
    const body = m.text ?? null;
    return {
      fields: normalize({
        subject: m.subject,
        senderEmail: from?.address,
        senderName: from?.name,
        recipients: [
          ...mailparserList(m.to as MailparserAddress | MailparserAddress[] | undefined),
          ...mailparserList(m.cc as MailparserAddress | MailparserAddress[] | undefined),
        ].map((a) => a.address),
        // mailparser gives today's date for a missing or broken Date header: not a date of the message.
        date: m.headers.has('date') && !Number.isNaN(m.date?.getTime()) ? m.date : null,
        body,
        attachments: names,
      }),
      visible: { subject: m.subject ?? null, senderName: from?.name ?? null, body, attachments: names.filter((n): n is string => !!n) },
    };
  },
};

const DECODERS = [penman, postalMime, mailparser];

// ---------------------------------------------------------------------------------------------
// The reference: Python's email package, one child process for all files.

type Reference = {
  path: string;
  error?: string;
  subject: string | null;
  senderEmail: string | null;
  senderName: string | null;
  recipients: string[];
  date: string | null;
  body: string | null;
  attachments: string[];
};

async function pythonReference(files: string[]): Promise<Map<string, Fields>> {
  const child = spawn('python3', [path.join(import.meta.dirname, 'mime-reference.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<number>((resolve) => child.on('close', resolve));
  child.stdin.end(files.map((f) => `${f}\n`).join(''));
  const code = await done;
  if (code !== 0) throw new Error(`mime-reference.py exited with ${code}`);
  const results = new Map<string, Fields>();
  for (const line of Buffer.concat(out).toString('utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as Reference;
    if (r.error) throw new Error(`Python could not read ${r.path}: ${r.error}`);
    results.set(
      r.path,
      normalize({
        subject: r.subject,
        senderEmail: r.senderEmail,
        senderName: r.senderName,
        recipients: r.recipients,
        date: r.date,
        body: r.body,
        attachments: r.attachments,
      }),
    );
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Symptoms of a decoding mistake in what a user sees.

const SYMPTOMS = {
  'U+FFFD': /\ufffd/,
  'C1 control': /[\u0080-\u009f]/,
  'encoded-word': /=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=/,
  // A UTF-7 shift sequence for U+0000-U+0FFF (Latin, Greek, Cyrillic, ...): "+APY-" is "ö".
  'UTF-7': /\+A[A-Za-z0-9+/]{2,}-/,
  'HTML entity': /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/,
  'UTF-8 read as Latin-1': /[ÃÂ][\u0080-\u00bf]|ï¿½|â€[™œ\u009d“”]/,
} as const;
type Symptom = keyof typeof SYMPTOMS;

function symptomsOf(visible: Visible): { field: string; symptom: Symptom; excerpt: string }[] {
  const found: { field: string; symptom: Symptom; excerpt: string }[] = [];
  const check = (field: string, value: string | null) => {
    if (!value) return;
    for (const [symptom, pattern] of Object.entries(SYMPTOMS) as [Symptom, RegExp][]) {
      const match = pattern.exec(value);
      if (match) found.push({ field, symptom, excerpt: value.slice(Math.max(0, match.index - 20), match.index + 30) });
    }
  };
  check('subject', visible.subject);
  check('senderName', visible.senderName);
  check('body', visible.body);
  for (const name of visible.attachments) check('attachments', name);
  return found;
}

// ---------------------------------------------------------------------------------------------
// The expected values where Penman and Python disagree, checked by eye.

type ExpectedEntry = {
  file: string;
  field: Field;
  /** Which value is right: Penman's, Python's, or neither (then `value` is the right one). */
  right: 'penman' | 'python' | 'value';
  /** sha256 (first 16 hex) of the normalized right value, so an entry goes stale when the value changes. */
  hash: string;
  value?: string | null;
  class: string;
  reason: string;
};

/** Long values shown around where they first differ. */
function excerpts(a: string | null, b: string | null): [string, string] {
  if (a === null || b === null || (a.length < 300 && b.length < 300)) return [String(a), String(b)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const cut = (v: string) =>
    `${at > 80 ? '…' : ''}${v.slice(Math.max(0, at - 80), at + 160)}${v.length > at + 160 ? '…' : ''} (${v.length} chars)`;
  return [cut(a), cut(b)];
}

const hashOf = (value: string | null) =>
  createHash('sha256')
    .update(value ?? '\u0000null')
    .digest('hex')
    .slice(0, 16);

/** A symptom checked by eye and found in the source itself (the sender's text, or damaged bytes). */
type SymptomEntry = { file: string; field: string; symptom: Symptom; reason: string };

function readExpected(): { fields: Map<string, ExpectedEntry>; symptoms: Map<string, SymptomEntry> } {
  const file = fs.existsSync(EXPECTED_FILE)
    ? (JSON.parse(fs.readFileSync(EXPECTED_FILE, 'utf8')) as { fields: ExpectedEntry[]; symptoms: SymptomEntry[] })
    : { fields: [], symptoms: [] };
  return {
    fields: new Map(file.fields.map((e) => [`${e.file}#${e.field}`, e])),
    symptoms: new Map(file.symptoms.map((e) => [`${e.file}#${e.field}#${e.symptom}`, e])),
  };
}

// ---------------------------------------------------------------------------------------------

type Tally = {
  fields: number;
  right: number;
  wrongByField: Record<string, number>;
  wrongByClass: Record<string, number>;
  messagesWithSymptoms: number;
  /** Messages whose only symptoms are in their source (reviewed in mime-expected.json). */
  inSource: number;
  symptoms: Record<string, number>;
  seconds: number;
};
const newTally = (): Tally => ({
  fields: 0,
  right: 0,
  wrongByField: {},
  wrongByClass: {},
  messagesWithSymptoms: 0,
  inSource: 0,
  symptoms: {},
  seconds: 0,
});
const bump = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};

const { fields: expected, symptoms: sourceSymptoms } = readExpected();
const details: string[] = [];
const unreviewed: (ExpectedEntry & { penman: string | null; penmanHash: string; python: string | null })[] = [];
const results: { group: string; messages: number; tallies: Map<string, Tally> }[] = [];

for (const group of groups()) {
  const reference = await pythonReference(group.files);
  const tallies = new Map(DECODERS.map((d) => [d.name, newTally()]));
  for (const decoder of DECODERS) {
    const tally = tallies.get(decoder.name)!;
    for (const file of group.files) {
      const raw = fs.readFileSync(file);
      const started = performance.now();
      let decoded: Decoded;
      try {
        decoded = await decoder.decode(raw);
      } catch (error) {
        tally.seconds += (performance.now() - started) / 1000;
        bump(tally.wrongByClass, 'parser threw');
        tally.fields += FIELDS.length;
        for (const field of FIELDS) bump(tally.wrongByField, field);
        details.push(`${decoder.name} | ${idOf(file)} | threw ${(error as Error).message}`);
        continue;
      }
      tally.seconds += (performance.now() - started) / 1000;
      const python = reference.get(file)!;
      const id = idOf(file);
      for (const field of FIELDS) {
        tally.fields++;
        const ours = decoded.fields[field];
        const theirs = python[field];
        const entry = expected.get(`${id}#${field}`);
        const right = entry ? (entry.right === 'penman' || entry.right === 'value' ? entry.hash : hashOf(theirs)) : hashOf(theirs);
        if (hashOf(ours) === right) {
          tally.right++;
          continue;
        }
        bump(tally.wrongByField, field);
        bump(tally.wrongByClass, entry?.class ?? 'not reviewed');
        if (decoder === penman) {
          const [a, b] = excerpts(ours, theirs);
          details.push(
            `${id} | ${field} | expected ${entry ? `(${entry.right}: ${entry.reason})` : '(Python)'}\n  penman: ${a}\n  python: ${b}`,
          );
          if (!entry && ours !== theirs) {
            unreviewed.push({
              file: id,
              field,
              right: 'python',
              hash: hashOf(theirs),
              class: '?',
              reason: '?',
              penman: ours,
              penmanHash: hashOf(ours),
              python: theirs,
            });
          }
        }
      }
      const all = symptomsOf(decoded.visible);
      // Symptoms found in the source itself (reviewed) are counted apart: nothing to decode there.
      const symptoms = all.filter((x) => !sourceSymptoms.has(`${idOf(file)}#${x.field}#${x.symptom}`));
      tally.inSource += new Set(all.filter((x) => !symptoms.includes(x)).map((x) => x.field)).size > 0 ? 1 : 0;
      if (symptoms.length > 0) {
        tally.messagesWithSymptoms++;
        for (const s of new Set(symptoms.map((x) => `${x.field}: ${x.symptom}`))) bump(tally.symptoms, s);
        if (decoder === penman)
          for (const s of symptoms) details.push(`${id} | symptom ${s.field}: ${s.symptom} | ${JSON.stringify(s.excerpt)}`);
      }
    }
  }
  results.push({ group: group.name, messages: group.files.length, tallies });
}

// ---------------------------------------------------------------------------------------------

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)} %`;
const list = (record: Record<string, number>) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join('; ') || '—';

for (const { group, messages, tallies } of results) {
  console.log(`\n### ${group}: ${messages} messages, ${messages * FIELDS.length} fields`);
  console.log(
    '| decoder | fields equal to the expected value | wrong, by field | wrong, by class | messages with a symptom | symptoms (field: kind) | parse time (1 thread) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, t] of tallies) {
    console.log(
      `| ${name} | ${t.right} of ${t.fields} (${pct(t.right, t.fields)}) | ${list(t.wrongByField)} | ${list(t.wrongByClass)} | ${t.messagesWithSymptoms} (+${t.inSource}) | ${list(t.symptoms)} | ${t.seconds.toFixed(2)} s (${(messages / t.seconds).toFixed(0)} msg/s) |`,
    );
  }
}
const totals = new Map(DECODERS.map((d) => [d.name, newTally()]));
for (const { tallies } of results) {
  for (const [name, t] of tallies) {
    const total = totals.get(name)!;
    total.fields += t.fields;
    total.right += t.right;
    total.messagesWithSymptoms += t.messagesWithSymptoms;
    total.seconds += t.seconds;
  }
}
console.log('\n### All groups');
for (const [name, t] of totals) {
  console.log(
    `- ${name}: ${pct(t.right, t.fields)} of ${t.fields} fields right (target ≥ 99 %), ${t.messagesWithSymptoms} messages with a symptom (target 0), ${t.seconds.toFixed(1)} s`,
  );
}
console.log(`Penman disagreements with Python not in bench/mime-expected.json: ${unreviewed.length}`);
if (DETAILS_FILE) {
  fs.writeFileSync(DETAILS_FILE, `${details.join('\n')}\n`);
  fs.writeFileSync(`${DETAILS_FILE}.unreviewed.json`, `${JSON.stringify(unreviewed, null, 1)}\n`);
  console.log(`Details: ${DETAILS_FILE}`);
}
