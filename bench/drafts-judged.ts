// `npm run bench -- drafts-judged [--label NAME] [--out DIR]` (or `node --import tsx bench/drafts-judged.ts`):
// drafts a person would send (issue 32). Writes the judging packets of ../shared/JUDGING.md part 2
// for one corpus group, and with `--verdicts FILE...` reports the judged figures. No database.
//
// Group: CORPUS_DIR (default ../shared/corpus); its name is CORPUS_DIR's basename.
// Sample (independent of the engine, so every version is judged on the same mail): the incoming
// paths of `enron-pairs/pairs.jsonl` (mail the owner really answered; the real reply is the
// `reply_text_above_quote` of its earliest reply with words above the quote) together with the
// `"needs_reply":true` paths of
// `bench/triage-labels/<group>.jsonl` (human labels), each path once, ordered by
// sha256("penman-drafts-judged:" + path), the first 80 taken (DRAFTS_JUDGED_N overrides).
// Draft: as the product would write it when the mail arrived, built as bench/drafts-quality.ts does
// (style profile of the mail's month, past replies dated before the mail by BM25), composeReply,
// mode full, no knowledge. A body that is empty counts as no draft.
// Output, in --out (default bench/drafts-judged/), --label naming the version (default `current`):
// - `reading/<group>.<label>.jsonl` (ignored by git: the corpus is never copied into the project):
//   what the judge reads, one line per mail:
//   {"id", "path", "incoming", "real_reply", "draft", "no_draft_reason"}. `incoming` is the mail
//   as a person reads it (From, To, Cc, Date, Subject, the whole body with its quoted mail, at most
//   6,000 characters); `real_reply` the owner's reply above the quote, or null. Nothing in it tells
//   the engine or version apart; `id` is the first 10 hex of sha256(group + path + draft), so the
//   same draft from two versions has the same id (and one verdict).
// - `<group>.<label>.packet.jsonl` (committed): the same without `incoming` and `real_reply`.
// - `<group>.<label>.key.jsonl`: {"id", "group", "path", "label", "confidence", "plan", "engine"},
//   for the report only (`plan` and `no_draft_reason` are read from the engine's result when it
//   reports them, else null).
// Also printed: ROUGE-L of the drafts against the real replies where there is one, beside the
// generic-acknowledgement baseline of drafts-quality (a second view; the verdicts are the measure).
// Ends with one line of JSON.
//
// `--verdicts FILE...`: reads judges' JSON lines {"id", "verdict", "intent_match", "voice", "note"}
// and every key file in --out, and prints per group and label the figures of JUDGING.md part 2:
// the count of each verdict, wrong + harmful and send + light_edit + holding_ok and send +
// light_edit as shares of the judged drafts, by confidence band (< 0.5, 0.5-0.8, >= 0.8) and by
// plan; then one JSON line per group and label {"group", "label", "judged", "wrongOrHarmful",
// "sendLightHolding", "sendLight"}.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeReply } from '../apps/server/src/drafts/engine/compose.ts';
import { rougeL } from '../apps/server/src/drafts/engine/rouge.ts';
import { htmlToText } from '../apps/server/src/mail/engine/html-to-text.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { genericReply, inputForPair, loadUser, type Pair, profileCache, readPairs, type UserData } from './drafts-quality.ts';

const SAMPLE = Number(process.env.DRAFTS_JUDGED_N ?? 80);
const SEED = 'penman-drafts-judged:';
const INCOMING_CAP = 6000;
/** Recipients listed in a packet's To / Cc line; the rest are counted. */
const RECIPIENTS_SHOWN = 30;
const VERDICTS = ['send', 'light_edit', 'holding_ok', 'generic_ok', 'no_draft_ok', 'wrong', 'harmful'] as const;
const INTENT = ['yes', 'partly', 'no', 'na'];
const VOICE = ['good', 'fair', 'poor', 'na'];

type Verdict = (typeof VERDICTS)[number];
type PacketLine = {
  id: string;
  path: string;
  incoming: string;
  real_reply: string | null;
  draft: string | null;
  no_draft_reason: string | null;
};
type KeyLine = { id: string; group: string; path: string; label: string; confidence: number; plan: string | null; engine: string };
type Sampled = { path: string; realReply: string | null };

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

// --- the sample -----------------------------------------------------------------------------------

function sample(corpusDir: string, labelsDir: string, n = SAMPLE): Sampled[] {
  const group = path.basename(corpusDir);
  const pool = new Map<string, string | null>();
  // A mail answered more than once: its earliest reply with words above the quote.
  const replies = (readPairs(corpusDir) as (Pair & { reply_date?: string })[])
    .filter((pair) => pair.reply_text_above_quote.trim())
    .sort((a, b) => Date.parse(a.reply_date ?? '') - Date.parse(b.reply_date ?? '') || 0);
  for (const pair of replies) if (!pool.has(pair.incoming_path)) pool.set(pair.incoming_path, pair.reply_text_above_quote);
  for (const pair of readPairs(corpusDir)) if (!pool.has(pair.incoming_path)) pool.set(pair.incoming_path, null);
  const labels = path.join(labelsDir, `${group}.jsonl`);
  if (fs.existsSync(labels))
    for (const label of readJsonl<{ path: string; needs_reply: boolean }>(labels))
      if (label.needs_reply && !pool.has(label.path)) pool.set(label.path, null);
  return [...pool]
    .map(([mailPath, realReply]) => ({ path: mailPath, realReply, order: sha256(SEED + mailPath) }))
    .sort((a, b) => (a.order < b.order ? -1 : 1))
    .slice(0, n)
    .map(({ path: mailPath, realReply }) => ({ path: mailPath, realReply }));
}

// --- the incoming mail as a person reads it -------------------------------------------------------

/** A header of the raw message's header block, continuation lines unfolded, or null. */
function rawHeader(raw: string, name: string): string | null {
  const block = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(block)?.[1]?.trim();
  return value || null;
}

/** Enron's X-From / X-To / X-cc names without their Exchange paths ("</O=ENRON/...>") and "@ENRON". */
function names(raw: string, header: string): string | null {
  const value = rawHeader(raw, header)
    ?.replace(/<[^>]*>/g, '')
    .replace(/@ENRON\b/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ,/g, ',')
    .trim();
  if (!value) return null;
  return value.length > 400 ? `${value.slice(0, 400)}…` : value;
}

function recipients(addresses: string[], nameList: string | null): string | null {
  if (addresses.length === 0) return nameList;
  const shown = addresses.slice(0, RECIPIENTS_SHOWN).join(', ');
  const more = addresses.length > RECIPIENTS_SHOWN ? ` … and ${addresses.length - RECIPIENTS_SHOWN} more` : '';
  return `${shown}${more}${nameList ? ` (names: ${nameList})` : ''}`;
}

async function readableIncoming(corpusDir: string, mailPath: string): Promise<{ text: string; date: Date | null }> {
  const bytes = fs.readFileSync(path.join(corpusDir, 'enron', mailPath));
  const raw = bytes.toString('latin1');
  const parsed = await parseMessage(new Uint8Array(bytes));
  const fromName = names(raw, 'X-From') ?? parsed.senderName;
  const lines = [
    `From: ${[parsed.senderEmail, fromName && `(${fromName})`].filter(Boolean).join(' ')}`,
    `To: ${recipients(parsed.recipientEmails, names(raw, 'X-To')) ?? ''}`,
  ];
  const cc = recipients(parsed.ccEmails, names(raw, 'X-cc'));
  if (cc) lines.push(`Cc: ${cc}`);
  lines.push(`Date: ${rawHeader(raw, 'Date') ?? parsed.date?.toISOString() ?? 'unknown'}`, `Subject: ${parsed.subject ?? ''}`);
  const body = parsed.bodyText?.trim() ? parsed.bodyText : parsed.bodyHtml ? htmlToText(parsed.bodyHtml) : '';
  let text = `${lines.join('\n')}\n\n${body.trim()}`;
  if (text.length > INCOMING_CAP) {
    const note = `\n[… ${text.length - INCOMING_CAP} more characters not shown]`;
    text = text.slice(0, INCOMING_CAP - note.length) + note;
  }
  return { text, date: parsed.date };
}

// --- the packet run -------------------------------------------------------------------------------

async function packets(corpusDir: string, label: string, outDir: string, log: (line: string) => void) {
  const group = path.basename(corpusDir);
  const chosen = sample(corpusDir, path.join(import.meta.dirname, 'triage-labels'));
  const userNames = [...new Set(chosen.map((mail) => mail.path.split('/')[0]!))].sort();
  const users = new Map<string, UserData>();
  for (const user of userNames) users.set(user, await loadUser(corpusDir, user));
  const profileOf = profileCache(users);

  const packet: PacketLine[] = [];
  const key: KeyLine[] = [];
  const rouge = { replies: 0, draft: 0, generic: 0 };
  for (const mail of chosen) {
    const user = mail.path.split('/')[0]!;
    const incoming = await readableIncoming(corpusDir, mail.path);
    if (!incoming.date) throw new Error(`${mail.path}: no Date header`);
    const pair: Pair = {
      user,
      incoming_path: mail.path,
      reply_text_above_quote: mail.realReply ?? '',
      incoming_date: incoming.date.toISOString(),
    };
    const { input, profile } = await inputForPair(corpusDir, pair, users.get(user)!, profileOf);
    const result = composeReply(input);
    // A later engine names its plan and why it wrote no draft; the current one reports neither.
    const extra = result as { plan?: string | null; noDraftReason?: string | null };
    const draft = result.body.trim() ? result.body : null;
    const id = sha256(group + mail.path + (draft ?? '')).slice(0, 10);
    packet.push({
      id,
      path: mail.path,
      incoming: incoming.text,
      real_reply: mail.realReply,
      draft,
      no_draft_reason: extra.noDraftReason ?? null,
    });
    key.push({ id, group, path: mail.path, label, confidence: result.confidence, plan: extra.plan ?? null, engine: result.engine });
    if (mail.realReply !== null) {
      rouge.replies++;
      rouge.draft += rougeL(draft ?? '', mail.realReply);
      rouge.generic += rougeL(genericReply(profile), mail.realReply);
    }
  }

  fs.mkdirSync(outDir, { recursive: true });
  const write = (kind: string, lines: object[]) => {
    const file = path.join(outDir, `${group}.${label}.${kind}.jsonl`);
    fs.writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return file;
  };
  // The corpus is never copied into the project: the committed packet holds the drafts and the
  // paths; the judge's reading copy, with the mail and the real reply, goes to reading/ (ignored by git).
  const packetFile = write(
    'packet',
    packet.map(({ incoming: _incoming, real_reply: _real, ...rest }) => rest),
  );
  const readingDir = path.join(outDir, 'reading');
  fs.mkdirSync(readingDir, { recursive: true });
  const readingFile = path.join(readingDir, `${group}.${label}.jsonl`);
  fs.writeFileSync(readingFile, packet.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const keyFile = write('key', key);
  const noDraft = packet.filter((line) => line.draft === null).length;
  const n = Math.max(1, rouge.replies);
  log(`Drafts to judge on ${corpusDir} (${label}): ${packet.length} mails, ${noDraft} without a draft`);
  log(`  ${packetFile}\n  ${keyFile}\n  ${readingFile} (the judge's reading copy; not committed)`);
  log(
    `  ROUGE-L against the ${rouge.replies} real replies: drafts ${(rouge.draft / n).toFixed(3)}, generic acknowledgement ${(rouge.generic / n).toFixed(3)}`,
  );
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    group,
    label,
    mails: packet.length,
    noDraft,
    realReplies: rouge.replies,
    rougeL: round(rouge.draft / n),
    baselineGeneric: round(rouge.generic / n),
  };
}

// --- the verdicts ---------------------------------------------------------------------------------

type Judged = KeyLine & { verdict: Verdict };

function readVerdicts(files: string[]): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (const file of files) {
    readJsonl<{ id?: unknown; verdict?: unknown; intent_match?: unknown; voice?: unknown }>(file).forEach((line, index) => {
      const where = `${file} line ${index + 1}`;
      if (typeof line.id !== 'string') throw new Error(`${where}: no id`);
      if (!VERDICTS.includes(line.verdict as Verdict)) throw new Error(`${where}: verdict ${String(line.verdict)}`);
      if (line.intent_match !== undefined && !INTENT.includes(String(line.intent_match)))
        throw new Error(`${where}: intent_match ${String(line.intent_match)}`);
      if (line.voice !== undefined && !VOICE.includes(String(line.voice))) throw new Error(`${where}: voice ${String(line.voice)}`);
      const before = verdicts.get(line.id);
      if (before && before !== line.verdict) throw new Error(`${where}: ${line.id} judged ${before} elsewhere`);
      verdicts.set(line.id, line.verdict as Verdict);
    });
  }
  return verdicts;
}

function band(confidence: number): string {
  return confidence < 0.5 ? 'confidence < 0.5' : confidence < 0.8 ? 'confidence 0.5-0.8' : 'confidence >= 0.8';
}

function shares(judged: Judged[]) {
  const count = (...kinds: Verdict[]) => judged.filter((item) => kinds.includes(item.verdict)).length;
  const n = Math.max(1, judged.length);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    judged: judged.length,
    wrongOrHarmful: round(count('wrong', 'harmful') / n),
    sendLightHolding: round(count('send', 'light_edit', 'holding_ok') / n),
    sendLight: round(count('send', 'light_edit') / n),
    counts: Object.fromEntries(VERDICTS.map((verdict) => [verdict, count(verdict)])) as Record<Verdict, number>,
  };
}

function report(outDir: string, verdictFiles: string[], log: (line: string) => void) {
  const verdicts = readVerdicts(verdictFiles);
  const keyFiles = fs
    .readdirSync(outDir)
    .filter((file) => file.endsWith('.key.jsonl'))
    .sort();
  const results = [];
  for (const file of keyFiles) {
    const keys = readJsonl<KeyLine>(path.join(outDir, file));
    const judged: Judged[] = keys.flatMap((key) => {
      const verdict = verdicts.get(key.id);
      return verdict ? [{ ...key, verdict }] : [];
    });
    if (judged.length === 0) continue;
    const [group, label] = file.replace(/\.key\.jsonl$/, '').split(/\.(?=[^.]+$)/) as [string, string];
    const line = (name: string, items: Judged[]) => {
      const s = shares(items);
      const counts = VERDICTS.map((verdict) => `${verdict} ${s.counts[verdict]}`).join(', ');
      log(
        `  ${name.padEnd(22)} ${String(s.judged).padStart(3)} judged  wrong+harmful ${s.wrongOrHarmful.toFixed(2)}  send+light+holding ${s.sendLightHolding.toFixed(2)}  send+light ${s.sendLight.toFixed(2)}  (${counts})`,
      );
      return s;
    };
    log(`Verdicts on ${group} (${label}): ${judged.length} of ${keys.length} drafts judged`);
    const all = line('all', judged);
    for (const name of ['confidence < 0.5', 'confidence 0.5-0.8', 'confidence >= 0.8']) {
      const items = judged.filter((item) => band(item.confidence) === name);
      if (items.length) line(name, items);
    }
    for (const plan of [...new Set(judged.map((item) => item.plan ?? '(no plan)'))].sort())
      line(
        `plan ${plan}`,
        judged.filter((item) => (item.plan ?? '(no plan)') === plan),
      );
    results.push({
      group,
      label,
      judged: all.judged,
      wrongOrHarmful: all.wrongOrHarmful,
      sendLightHolding: all.sendLightHolding,
      sendLight: all.sendLight,
    });
  }
  if (results.length === 0) log(`No verdict matches a key in ${outDir}`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: {
      label: { type: 'string', default: 'current' },
      out: { type: 'string', default: path.join(import.meta.dirname, 'drafts-judged') },
      verdicts: { type: 'string', multiple: true },
    },
    allowPositionals: true,
  });
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const outDir = path.resolve(values.out);
  if (values.verdicts) {
    // `--verdicts a.jsonl b.jsonl` as well as `--verdicts a.jsonl --verdicts b.jsonl`.
    for (const result of report(outDir, [...values.verdicts, ...positionals], log)) console.log(JSON.stringify(result));
  } else {
    if (!/^[\w-]+$/.test(values.label)) throw new Error(`--label ${values.label}: letters, digits, - and _ only`);
    const corpus = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
    console.log(JSON.stringify(await packets(corpus, values.label, outDir, log)));
  }
}
