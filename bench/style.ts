// `npm run bench -- style` (or `node --import tsx bench/style.ts`): the style engine on a group of
// real Enron mailboxes, no database. The group is the folder CORPUS_DIR (default ../shared/corpus;
// also ../shared/corpus-b and ../shared/corpus-c), its users every mailbox with sent mail. For each user: their sent mail (sent, sent_items, _sent_mail) and
// the mail in their inbox (what styleMatch's voice model is trained against, as the product builds it),
// pruned with emailsToPrune (which drops the sent/_sent_mail copies of one message), split 80/20 by
// a hash of the Message-ID (stable across runs), a profile built from the 80% (newest first, capped
// at 1,500), then every held-out mail's own words attributed to the profile with the highest
// styleMatch. Verification: every held-out mail scored against its own profile and against the
// other users' profiles gives the AUC and the equal error rate of styleMatch as a "sounds like this
// user" test. Also times building one profile from 1,500 sent emails. Ends with one JSON line.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bodyOf, ownWords } from '../apps/server/src/mail/engine/own-words.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { buildStyleProfile } from '../apps/server/src/style/engine/build-profile.ts';
import { emailsToPrune, type PruneCandidate } from '../apps/server/src/style/engine/prune.ts';
import { styleEvidence, styleMatch } from '../apps/server/src/style/engine/style-match.ts';
import type { IncomingMail, SentMail, StyleProfile, StyleProfileInput } from '../apps/server/src/style/engine/types.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';

const CORPUS_DIR = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];
/** The mail others sent the user, as the product reads it: what the user's voice model is trained against. */
const INBOX_FOLDERS = ['inbox'];
/** Incoming mail handed to the engine, newest first, as the style service caps it. */
const INCOMING_CAP = 600;
const HELD_OUT = 0.2;
const CAP = 1500;
const INTERNAL_DOMAINS = ['enron.com'];

type Mail = SentMail & PruneCandidate & { messageId: string | null };
type UserMail = { user: string; ownName: string | null; ownAddresses: string[]; mails: Mail[]; incoming: IncomingMail[] };

/** "Kaminski, Vince J </O=ENRON/...>" or "Phillip K Allen" → "Vince J Kaminski" / "Phillip K Allen". */
function displayName(xFrom: string | undefined): string | null {
  const name = xFrom?.replace(/<[^>]*>/g, '').trim();
  if (!name) return null;
  const [last, first] = name.split(',').map((part) => part.trim());
  return first ? `${first} ${last}` : name;
}

function folderFiles(group: string, user: string, folder: string): string[] {
  const dir = path.join(group, 'enron', user, folder);
  return fs.existsSync(dir) ? listFiles(dir) : [];
}

/** Every mailbox of a group (a corpus folder) with at least one sent folder. */
function usersOf(group: string): string[] {
  return fs
    .readdirSync(path.join(group, 'enron'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && SENT_FOLDERS.some((folder) => fs.existsSync(path.join(group, 'enron', entry.name, folder))))
    .map((entry) => entry.name)
    .sort();
}
const USERS = usersOf(CORPUS_DIR);

/** The incoming mail each known reply answers (enron-pairs), by the reply's Message-ID. */
async function answersByReply(): Promise<Map<string, SentMail['answers']>> {
  const answers = new Map<string, SentMail['answers']>();
  const lines = fs
    .readFileSync(path.join(CORPUS_DIR, 'enron-pairs', 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  for (const line of lines) {
    const pair = JSON.parse(line) as { incoming_path: string; reply_message_id: string };
    const incoming = await parseMessage(new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, 'enron', pair.incoming_path))));
    answers.set(pair.reply_message_id.replace(/^<|>$/g, ''), {
      subject: incoming.subject,
      bodyText: incoming.bodyText,
      senderEmail: incoming.senderEmail,
      receivedAt: incoming.date,
    });
  }
  return answers;
}

async function loadUser(group: string, user: string, answers: Map<string, SentMail['answers']>): Promise<UserMail> {
  const mails: Mail[] = [];
  const senders = new Map<string, number>();
  const names = new Map<string, number>();
  for (const folder of SENT_FOLDERS) {
    for (const file of folderFiles(group, user, folder)) {
      const raw = fs.readFileSync(file);
      const parsed = await parseMessage(new Uint8Array(raw));
      const name = displayName(/^X-From: (.*)$/m.exec(raw.toString('latin1'))?.[1]);
      if (name) names.set(name, (names.get(name) ?? 0) + 1);
      if (parsed.senderEmail) senders.set(parsed.senderEmail, (senders.get(parsed.senderEmail) ?? 0) + 1);
      mails.push({
        id: path.relative(path.join(group, 'enron'), file),
        messageId: parsed.messageId,
        subject: parsed.subject,
        bodyText: parsed.bodyText,
        bodyHtml: parsed.bodyHtml,
        toEmails: parsed.recipientEmails,
        ccEmails: parsed.ccEmails,
        sentAt: parsed.date,
        headers: parsed.headers,
        answers: (parsed.messageId && answers.get(parsed.messageId)) || null,
      });
    }
  }
  const received: (IncomingMail & { date: number })[] = [];
  for (const folder of INBOX_FOLDERS) {
    for (const file of folderFiles(group, user, folder)) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      received.push({
        bodyText: parsed.bodyText,
        bodyHtml: parsed.bodyHtml,
        senderEmail: parsed.senderEmail,
        headers: parsed.headers,
        date: parsed.date?.getTime() ?? 0,
      });
    }
  }
  const incoming = received
    .sort((a, b) => b.date - a.date)
    .slice(0, INCOMING_CAP)
    .map(({ date: _date, ...mail }) => mail);
  const most = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  // The account's addresses: every From address of the sent folders (allen-p sends as two).
  return { user, ownName: most(names), ownAddresses: [...senders.keys()], mails, incoming };
}

function heldOut(mail: Mail): boolean {
  return (
    createHash('sha1')
      .update(mail.messageId ?? mail.id)
      .digest()[0]! <
    256 * HELD_OUT
  );
}

function newestFirst(a: Mail, b: Mail): number {
  return (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1);
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** Time one stage over the same input: one warm-up run (the JIT), then the median of `runs`. */
function timeStage<T>(run: () => T, runs = 3): { ms: number; result: T } {
  let result = run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1]!, result };
}

const started = performance.now();
const answers = await answersByReply();
const users: UserMail[] = [];
for (const user of USERS) users.push(await loadUser(CORPUS_DIR, user, answers));
process.stdout.write(
  `${CORPUS_DIR}: ${USERS.length} users. Loaded ${users.reduce((n, u) => n + u.mails.length, 0).toLocaleString('en')} sent emails in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

/** A user's sent mail without the copies emailsToPrune drops, newest first, and the profile built from the part not held out. */
function profileOf({ ownName, ownAddresses, mails, incoming }: UserMail) {
  const pruned = emailsToPrune(mails);
  const dropped = new Set(pruned.map((p) => p.id));
  const kept = mails.filter((mail) => !dropped.has(mail.id)).sort(newestFirst);
  const input: StyleProfileInput = {
    emails: kept.filter((mail) => !heldOut(mail)).slice(0, CAP),
    ownAddresses,
    ownName,
    internalDomains: INTERNAL_DOMAINS,
    incoming,
  };
  return { pruned, kept, profile: buildStyleProfile(input) };
}

const profiles = new Map<string, StyleProfile>();
const tests = new Map<string, string[]>();
const pruneCounts = new Map<string, Record<string, number>>();
const skipped = new Map<string, number>();
let pool: Mail[] = [];
for (const userMail of users) {
  const { user, ownName } = userMail;
  const { pruned, kept, profile } = profileOf(userMail);
  const reasons: Record<string, number> = {};
  for (const { reason } of pruned) reasons[reason] = (reasons[reason] ?? 0) + 1;
  pruneCounts.set(user, reasons);
  pool = pool.concat(kept);
  profiles.set(user, profile);
  const texts: string[] = [];
  let none = 0;
  for (const mail of kept.filter(heldOut)) {
    const text = ownWords(bodyOf(mail.bodyText, mail.bodyHtml), ownName);
    // Nothing to attribute: a held-out mail whose own words are empty once quotes and signature go.
    if (wordCount(text) === 0) none++;
    else texts.push(text);
  }
  tests.set(user, texts);
  skipped.set(user, none);
}

type Tally = { right: number; total: number };
const perUser = new Map<string, Tally>();
const byLength = new Map<string, Tally>();
const LENGTHS: [string, number][] = [
  ['1-4 words', 5],
  ['5-14 words', 15],
  ['15-39 words', 40],
  ['40+ words', Number.POSITIVE_INFINITY],
];
const ownScores: number[] = [];
let otherScores: number[] = [];
// STYLE_FIT=1: the evidence of every (held-out mail, profile) pair by length band, to fit styleMatch's logistic.
const fitting = new Map<number, { own: number[]; other: number[] }>();
for (const [user, texts] of tests) {
  const tally = { right: 0, total: 0 };
  for (const text of texts) {
    const scores = USERS.map((candidate) => styleMatch(profiles.get(candidate)!, text));
    const best = USERS[scores.indexOf(Math.max(...scores))];
    const right = best === user ? 1 : 0;
    tally.right += right;
    tally.total++;
    const bucket = LENGTHS.find(([, below]) => wordCount(text) < below)![0];
    const lengthTally = byLength.get(bucket) ?? { right: 0, total: 0 };
    lengthTally.right += right;
    lengthTally.total++;
    byLength.set(bucket, lengthTally);
    if (process.env.STYLE_FIT) {
      const band = LENGTHS.findIndex(([, below]) => wordCount(text) < below);
      const sets = fitting.get(band) ?? { own: [], other: [] };
      for (const candidate of USERS) {
        const evidence = styleEvidence(profiles.get(candidate)!.fingerprint, text);
        if (evidence !== null) (candidate === user ? sets.own : sets.other).push(evidence);
      }
      fitting.set(band, sets);
    }
    ownScores.push(scores[USERS.indexOf(user)]!);
    otherScores = otherScores.concat(scores.filter((_, i) => USERS[i] !== user));
  }
  perUser.set(user, tally);
}

const pct = (t: Tally) => `${((100 * t.right) / Math.max(1, t.total)).toFixed(1)}%`;
const all = [...perUser.values()].reduce((sum, t) => ({ right: sum.right + t.right, total: sum.total + t.total }), { right: 0, total: 0 });
const med = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]?.toFixed(2) ?? '-';

process.stdout.write(
  '\n| user | sent | pruned (reason: count) | profile from | held out, attributed | skipped (no own words) | accuracy |\n',
);
process.stdout.write('| --- | --- | --- | --- | --- | --- | --- |\n');
for (const { user, mails } of users) {
  const reasons = Object.entries(pruneCounts.get(user)!)
    .map(([reason, n]) => `${reason}: ${n}`)
    .join(', ');
  process.stdout.write(
    `| ${user} | ${mails.length} | ${reasons} | ${profiles.get(user)!.sampleSize} | ${perUser.get(user)!.total} | ${skipped.get(user)} | ${pct(perUser.get(user)!)} |\n`,
  );
}
process.stdout.write(
  `| **all** | ${users.reduce((n, u) => n + u.mails.length, 0)} | | | ${all.total} | ${[...skipped.values()].reduce((a, b) => a + b, 0)} | **${pct(all)}** |\n`,
);
process.stdout.write('\n| held-out own words | mails | accuracy |\n| --- | --- | --- |\n');
for (const [label] of LENGTHS) {
  const t = byLength.get(label) ?? { right: 0, total: 0 };
  process.stdout.write(`| ${label} | ${t.total} | ${pct(t)} |\n`);
}
process.stdout.write(`\nMedian styleMatch: own profile ${med(ownScores)}, other profiles ${med(otherScores)}\n`);

// One profile from 1,500 sent emails: the pruned mail of the five users, newest first, with the
// incoming mail of the user with the most (the engine reads the first BACKGROUND_MAILS by people).
const sample = pool.sort(newestFirst).slice(0, CAP);
const mostIncoming = [...users].sort((a, b) => b.incoming.length - a.incoming.length)[0]!.incoming;
const timingInput: StyleProfileInput = {
  emails: sample,
  ownAddresses: [],
  ownName: null,
  internalDomains: INTERNAL_DOMAINS,
  incoming: mostIncoming,
};
const build = timeStage(() => buildStyleProfile(timingInput));
// The same without incoming mail: what the voice model adds (the machine may be shared and loaded).
const sentOnly = timeStage(() => buildStyleProfile({ ...timingInput, incoming: [] }));
process.stdout.write('\n| stage (1,500 sent emails) | time |\n| --- | --- |\n');
process.stdout.write(`| buildStyleProfile, with ${mostIncoming.length} incoming emails | ${build.ms.toFixed(0)} ms |\n`);
process.stdout.write(`| buildStyleProfile, no incoming mail (no voice model) | ${sentOnly.ms.toFixed(0)} ms |\n`);
process.stdout.write(
  `\nFingerprint size: ${(Buffer.byteLength(JSON.stringify(build.result.fingerprint)) / 1024).toFixed(0)} KB; whole profile ${(Buffer.byteLength(JSON.stringify(build.result)) / 1024).toFixed(0)} KB\n`,
);

/** Area under the ROC curve: the chance that a random own score beats a random other score (ties half). */
function auc(own: number[], other: number[]): number {
  const all = [...own.map((v) => [v, 1] as const), ...other.map((v) => [v, 0] as const)].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]![0] === all[i]![0]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k]![1] === 1) rankSum += rank;
    i = j;
  }
  return (rankSum - (own.length * (own.length + 1)) / 2) / (own.length * other.length);
}

/** Equal error rate: the threshold where own mail rejected as often as others' mail accepted. */
function eer(own: number[], other: number[]): { eer: number; threshold: number } {
  const thresholds = [...new Set([...own, ...other])].sort((a, b) => a - b);
  let best = { eer: 1, threshold: 0, gap: Number.POSITIVE_INFINITY };
  const ownSorted = [...own].sort((a, b) => a - b);
  const otherSorted = [...other].sort((a, b) => a - b);
  const below = (sorted: number[], t: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const t of thresholds) {
    const falseReject = below(ownSorted, t) / own.length;
    const falseAccept = 1 - below(otherSorted, t) / other.length;
    const gap = Math.abs(falseReject - falseAccept);
    if (gap < best.gap) best = { eer: (falseReject + falseAccept) / 2, threshold: t, gap };
  }
  return { eer: best.eer, threshold: best.threshold };
}

/** Class-balanced logistic regression of own (1) against other (0) on one feature, by Newton's method. */
function fitLogistic(own: number[], other: number[]): { slope: number; intercept: number } {
  // Newton's method on the evidence scaled to unit spread (it converges from slope 1 there), then scaled back.
  const values = [...own, ...other];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const spread = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) || 1;
  let slope = 1;
  let intercept = 0;
  const scaled = (x: number) => (x - mean) / spread;
  const rows = [
    ...own.map((x) => [scaled(x), 1, 0.5 / own.length] as const),
    ...other.map((x) => [scaled(x), 0, 0.5 / other.length] as const),
  ];
  for (let step = 0; step < 50; step++) {
    let g0 = 0;
    let g1 = 0;
    let h00 = 0;
    let h01 = 0;
    let h11 = 0;
    for (const [x, y, w] of rows) {
      const p = 1 / (1 + Math.exp(-(slope * x + intercept)));
      g0 += w * (p - y) * x;
      g1 += w * (p - y);
      const v = w * p * (1 - p);
      h00 += v * x * x;
      h01 += v * x;
      h11 += v;
    }
    const det = h00 * h11 - h01 * h01 + 1e-12;
    slope -= (h11 * g0 - h01 * g1) / det;
    intercept -= (h00 * g1 - h01 * g0) / det;
  }
  return { slope: slope / spread, intercept: intercept - (slope * mean) / spread };
}
if (process.env.STYLE_FIT) {
  // The scores the fitted logistics would give: what the calibration could reach on this group.
  const fo: number[] = [];
  const ft: number[] = [];
  for (const [band, sets] of [...fitting].sort((a, b) => a[0] - b[0])) {
    const { slope, intercept } = fitLogistic(sets.own, sets.other);
    for (const x of sets.own) fo.push(1 / (1 + Math.exp(-(slope * x + intercept))));
    for (const x of sets.other) ft.push(1 / (1 + Math.exp(-(slope * x + intercept))));

    process.stdout.write(
      `fit band ${band}: slope ${slope.toFixed(5)}, intercept ${intercept.toFixed(4)} (${sets.own.length} own, ${sets.other.length} other)\n`,
    );
  }
  process.stdout.write(`fitted on this group: AUC ${auc(fo, ft).toFixed(3)}, EER ${(100 * eer(fo, ft).eer).toFixed(1)}%\n`);
}

const verification = eer(ownScores, otherScores);
const at = (threshold: number) => ({
  falseReject: ownScores.filter((s) => s < threshold).length / ownScores.length,
  falseAccept: otherScores.filter((s) => s >= threshold).length / otherScores.length,
});
const half = at(0.5);
process.stdout.write(
  `\nVerification (own held-out mail vs the other users' held-out mail): AUC ${auc(ownScores, otherScores).toFixed(3)}, EER ${(100 * verification.eer).toFixed(1)}% at styleMatch ${verification.threshold.toFixed(2)}; at 0.5: own mail rejected ${(100 * half.falseReject).toFixed(1)}%, others' accepted ${(100 * half.falseAccept).toFixed(1)}%\n`,
);
// STYLE_COHORT=<group>[,<group>] (other corpus folders): a reference for what a per-text baseline
// could reach, not the product. Every held-out mail's evidence against each profile of this group,
// less the mean evidence of a cohort of profiles: the other groups' users (real colleagues of the
// same company and years, built exactly as these profiles are: the best stand-in for "other people"
// a background could be, and one that cannot ship) or, closed set, this group's own five profiles
// (the cohort is the very profiles being tested, which no product has). Subtracting one baseline
// per text moves no attribution; only verification changes. Evidence before the length bands'
// logistics, so the three columns compare like with like.
if (process.env.STYLE_COHORT) {
  const cohort: StyleProfile[] = [];
  for (const group of process.env.STYLE_COHORT.split(',').map((dir) => path.resolve(dir))) {
    for (const user of usersOf(group)) cohort.push(profileOf(await loadUser(group, user, new Map())).profile);
  }
  const columns = [
    'product evidence',
    `less the mean of ${cohort.length} other-group profiles`,
    `less the mean of this group's ${USERS.length} (closed set)`,
  ];
  const sets = LENGTHS.map(() => columns.map(() => ({ own: [] as number[], other: [] as number[] })));
  for (const [user, texts] of tests) {
    for (const text of texts) {
      const evidence = USERS.map((candidate) => styleEvidence(profiles.get(candidate)!.fingerprint, text));
      if (evidence.some((e) => e === null)) continue;
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const baselines = [0, mean(cohort.map((profile) => styleEvidence(profile.fingerprint, text)!)), mean(evidence as number[])];
      const band = LENGTHS.findIndex(([, below]) => wordCount(text) < below);
      evidence.forEach((e, i) => {
        baselines.forEach((baseline, column) => {
          const set = sets[band]![column]!;
          (USERS[i] === user ? set.own : set.other).push(e! - baseline);
        });
      });
    }
  }
  process.stdout.write(`\nReference cohorts (EER of the evidence; ${columns.join(' / ')}):\n`);
  process.stdout.write(`| held-out own words | ${columns.join(' | ')} |\n| --- | --- | --- | --- |\n`);
  const rate = (own: number[], other: number[]) => `${(100 * eer(own, other).eer).toFixed(1)}% (AUC ${auc(own, other).toFixed(3)})`;
  for (const [band, [label]] of LENGTHS.entries()) {
    process.stdout.write(`| ${label} | ${sets[band]!.map((set) => rate(set.own, set.other)).join(' | ')} |\n`);
  }
  const pooled = columns.map((_, column) => ({
    own: sets.flatMap((bands) => bands[column]!.own),
    other: sets.flatMap((bands) => bands[column]!.other),
  }));
  process.stdout.write(`| **all** | ${pooled.map((set) => rate(set.own, set.other)).join(' | ')} |\n`);
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const accuracies = [...perUser.values()].map((t) => t.right / Math.max(1, t.total));
process.stdout.write(
  `${JSON.stringify({
    users: USERS.length,
    heldOut: all.total,
    accuracy: round3(all.right / Math.max(1, all.total)),
    minUserAccuracy: round3(Math.min(...accuracies)),
    auc: round3(auc(ownScores, otherScores)),
    eer: round3(verification.eer),
    profileMs: Math.round(build.ms),
  })}\n`,
);
