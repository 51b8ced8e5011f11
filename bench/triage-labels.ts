// `npm run bench -- triage-labels` (issue 31): triage judged against mail a person read.
//
// Corpus: CORPUS_DIR (default ../shared/corpus). Labels: TRIAGE_LABELS when set, else
// bench/triage-labels/<basename of CORPUS_DIR>.jsonl (JUDGING.md part 1; paths relative to
// CORPUS_DIR/enron; see bench/triage-labels/README.md for how they were drawn and read).
//
// For each labelled email, as the product would decide it when the email arrived:
// - the reader: the owner's addresses (every From address of their sent folders) and names (the
//   display name their sent mail carries, the names they sign with, the names mail written to them
//   alone greets them by: readerNames), learnt only from mail older than the email;
// - the history (whom the owner answers): learnReplyHistory over the owner's mail older than it;
// - understandEmail + needsReply + needsReview.
// Prints per group and user: needs_reply precision and recall, needs_review recall (of the emails
// labelled needs_review), the disagreements with VERBOSE=1; ends with one JSON line:
// {"labelled":N,"needsReplyPrecision":x,"needsReplyRecall":x,"needsReviewRecall":x}.
//
// `--sample [N]` prints the fixed-seed sample of inbox paths the labels were drawn from (README).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { learnReplyHistory, needsReply, needsReview } from '../apps/server/src/understanding/engine/triage.ts';
import { understandEmail } from '../apps/server/src/understanding/engine/understand.ts';
import { readerAt, readMailbox, time } from './corpus-mailbox.ts';

const corpusDir = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const group = path.basename(corpusDir);
const enron = path.join(corpusDir, 'enron');

export type Label = { path: string; needs_reply: boolean; needs_review: boolean; kind: string; confidence: 'high' | 'low'; why: string };

// --- the sample ---------------------------------------------------------------------------------

function sample(count: number): string[] {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const user of fs
    .readdirSync(enron)
    .filter((u) => fs.statSync(path.join(enron, u)).isDirectory())
    .sort()) {
    const inbox = path.join(enron, user, 'inbox');
    for (const file of fs.readdirSync(inbox).sort()) {
      const text = fs.readFileSync(path.join(inbox, file), 'latin1');
      const id = /^message-id:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? `${user}/${file}`;
      if (seen.has(id)) continue;
      seen.add(id);
      all.push(`${user}/inbox/${file}`);
    }
  }
  const key = (p: string) => crypto.createHash('sha256').update(`penman-triage-labels:${p}`).digest('hex');
  return all.sort((a, b) => key(a).localeCompare(key(b))).slice(0, count);
}

/**
 * `--asks FILE`: writes a fixed-seed sample of ASKS_SAMPLE asks of the reader (one per email at most,
 * from the labelled emails) for a judge to read: {id, path, sentence, thing, type, deadline}.
 */
const ASKS_SAMPLE = 50;
const asksFile = process.argv.includes('--asks') ? process.argv[process.argv.indexOf('--asks') + 1] : undefined;

if (process.argv.includes('--sample')) {
  const at = process.argv.indexOf('--sample');
  for (const p of sample(Number(process.argv[at + 1] ?? 300) || 300)) console.log(p);
  process.exit(0);
}

// --- the run ------------------------------------------------------------------------------------

type Counts = { tp: number; fp: number; fn: number; tn: number; review: number; reviewFound: number };
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0, tn: 0, review: 0, reviewFound: 0 });
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

const labelsFile = process.env.TRIAGE_LABELS
  ? path.resolve(process.env.TRIAGE_LABELS)
  : path.join(import.meta.dirname, 'triage-labels', `${group}.jsonl`);
const labels: Label[] = fs
  .readFileSync(labelsFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Label);
const verbose = process.env.VERBOSE === '1';

const users = [...new Set(labels.map((label) => label.path.split('/')[0]!))].sort();
const askPool: { id: string; path: string; sentence: string; thing: string; type: string; deadline: string | null }[] = [];
const total = zero();
/** The same counts over the labels the labeller marked high confidence (where reasonable people agree). */
const sure = zero();
let flaggedForReview = 0;
let flaggedReplyReview = 0;
let flaggedReply = 0;
let reviewFoundWithReply = 0;
const byUser = new Map<string, Counts>();
const started = performance.now();
let decided = 0;
let decideMs = 0;
const decideTimes: number[] = [];
for (const user of users) {
  const mail = await readMailbox(enron, user);
  const byRel = new Map(mail.map((m) => [m.rel, m]));
  const counts = zero();
  for (const label of labels.filter((l) => l.path.startsWith(`${user}/`))) {
    const email = byRel.get(label.path);
    if (!email) throw new Error(`Labelled mail not found: ${label.path}`);
    const at = time(email);
    const reader = readerAt(mail, at);
    const older = mail.filter((m) => time(m) < at);
    const history = learnReplyHistory({ incoming: older.filter((m) => !m.outgoing), sent: older.filter((m) => m.outgoing) });
    const t0 = performance.now();
    const understanding = understandEmail(email, reader);
    const reply = needsReply(email, understanding, { history });
    const review = needsReview(email, understanding, reply);
    const ms = performance.now() - t0;
    decideTimes.push(ms);
    decideMs += ms;
    decided++;
    if (asksFile && reply.asks.length) {
      const ask = reply.asks[0]!;
      askPool.push({
        id: crypto.createHash('sha256').update(`penman-asks:${label.path}`).digest('hex').slice(0, 10),
        path: label.path,
        sentence: ask.sentence,
        thing: ask.thing,
        type: ask.type,
        deadline: ask.deadline?.text ?? null,
      });
    }
    const key = reply.needsReply ? (label.needs_reply ? 'tp' : 'fp') : label.needs_reply ? 'fn' : 'tn';
    if (process.env.TRIAGE_DUMP) fs.appendFileSync(process.env.TRIAGE_DUMP, `${label.path}\t${key}\t${reply.reasons.join(' | ')}\n`);
    counts[key]++;
    if (label.confidence === 'high') sure[key]++;
    if (review.needsReview) flaggedForReview++;
    if (review.needsReview && reply.needsReply) flaggedReplyReview++;
    if (reply.needsReply) flaggedReply++;
    if (label.needs_review && review.needsReview && reply.needsReply) reviewFoundWithReply++;
    if (label.needs_review) {
      counts.review++;
      if (review.needsReview) counts.reviewFound++;
    }
    if (verbose && (key === 'fp' || key === 'fn' || (label.needs_review && !review.needsReview))) {
      const what = key === 'fp' || key === 'fn' ? key.toUpperCase() : 'REVIEW-MISSED';
      process.stdout.write(
        `${what} ${label.path} [${label.kind}/${label.confidence}] "${label.why}"\n   -> ${reply.reasons.join(' | ')}\n`,
      );
      if (process.env.VERBOSE_ASKS === '1')
        for (const ask of understanding.asks)
          process.stdout.write(
            `      ask ${ask.type}/${ask.of}${ask.who ? `(${ask.who})` : ''}/${ask.strength}: ${ask.thing} <= ${ask.sentence}\n`,
          );
    }
  }
  byUser.set(user, counts);
  for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];
}

const line = (name: string, c: Counts) =>
  `${name.padEnd(14)} labelled ${String(c.tp + c.fp + c.fn + c.tn).padStart(4)}  needs_reply P ${ratio(c.tp, c.tp + c.fp).toFixed(3)} R ${ratio(c.tp, c.tp + c.fn).toFixed(3)} (tp ${c.tp} fp ${c.fp} fn ${c.fn} tn ${c.tn})  needs_review R ${ratio(c.reviewFound, c.review).toFixed(3)} (${c.reviewFound}/${c.review})`;
process.stderr.write(`Triage against labels: ${group} (${labelsFile})\n`);
for (const [user, counts] of byUser) process.stderr.write(`${line(user, counts)}\n`);
process.stderr.write(`${line('all', total)}\n`);
process.stderr.write(`${line('high-conf.', sure).replace(/\s+needs_review R.*$/, '')}\n`);
process.stderr.write(
  `flagged needs_review: ${flaggedForReview} of ${labels.length} emails (labelled: ${total.review}); of the ${flaggedReply} flagged needs_reply, ${flaggedReplyReview} also needs_review; review recall counting only mail flagged needs_reply: ${ratio(reviewFoundWithReply, total.review).toFixed(3)}\n`,
);
decideTimes.sort((a, b) => a - b);
process.stderr.write(
  `understanding + triage per email: mean ${(decideMs / Math.max(decided, 1)).toFixed(2)} ms, p95 ${(decideTimes[Math.floor(0.95 * (decideTimes.length - 1))] ?? 0).toFixed(2)} ms; run ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
if (asksFile) {
  const sampled = askPool.sort((a, b) => a.id.localeCompare(b.id)).slice(0, ASKS_SAMPLE);
  fs.writeFileSync(asksFile, sampled.map((ask) => `${JSON.stringify(ask)}\n`).join(''));
  process.stderr.write(`${sampled.length} asks of ${askPool.length} written to ${asksFile}\n`);
}
console.log(
  JSON.stringify({
    labelled: total.tp + total.fp + total.fn + total.tn,
    needsReplyPrecision: Number(ratio(total.tp, total.tp + total.fp).toFixed(3)),
    needsReplyRecall: Number(ratio(total.tp, total.tp + total.fn).toFixed(3)),
    needsReviewRecall: Number(ratio(total.reviewFound, total.review).toFixed(3)),
  }),
);
