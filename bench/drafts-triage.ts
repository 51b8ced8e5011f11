// `npm run bench -- drafts-triage [corpusDir ...]` (or `node --import tsx bench/drafts-triage.ts`):
// needs_reply precision and recall on real Enron mailboxes, no database. `triage(corpusDir)` is
// also what `bench/drafts.ts` runs. Without arguments: CORPUS_DIR (default ../shared/corpus).
//
// Per user (the users of `enron-pairs/pairs.jsonl` under the corpus dir):
// - incoming = the inbox folder, each mail once (by Message-ID, and by sender, subject, date and
//   text: a copy under another Message-ID counts once); sent = every sent folder, also once.
// - owner addresses = every From address of the sent mail (aliases such as k..allen@ beside
//   phillip.allen@; an assistant sending from the boss's sent folder too, as the alias proposals'
//   `sent_folder` reason would propose it).
// - truth: an incoming mail was answered when a sent mail replies to it (answeredIncoming over ALL
//   the user's mail: In-Reply-To/References, else "RE:" of its subject to its sender within two
//   weeks) or it is an incoming_path of pairs.jsonl.
// - The truth ends where the sent folders end: mail newer than the last sent mail minus the
//   two-week reply window may have been answered after the mailbox was copied, so it is left out
//   (allen-p's whole newest 20 % of the inbox came after his last sent mail).
// - Time split of the rest: the model is learned from the older 80 % of it with the sent mail
//   before the split date; needs_reply is decided for the newer 20 %, each mail seeing only the
//   mail of its thread before it (as the service would when it arrives).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  answeredIncoming,
  fitLogistic,
  learnReplyHistory,
  needsReply,
  replyLearningRows,
  type TriageMail,
  threadSubject,
  triageMailOfParsed,
} from '../apps/server/src/drafts/engine/triage.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';

const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];
const LEARN_SHARE = 0.8;
/**
 * A steadier second figure (the newest 20 % holds 13-59 answered mails a group): learn from the
 * older 50 / 60 / 70 / 80 % of the known mail, decide for the next 10 / 10 / 10 / 20 %, pooled.
 */
const ROLLING_SHARES = [0.5, 0.6, 0.7, 0.8, 1];
/** The longest a reply may come after its mail and still count (answeredIncoming's window). */
const REPLY_WINDOW_MS = 14 * 86_400_000;

type Mail = TriageMail & { file: string };
export type Counts = { tp: number; fp: number; fn: number; tn: number };
export type UserResult = Counts & {
  user: string;
  inbox: number;
  answered: number;
  /** Inbox mail left out because it came after the last sent mail minus the reply window. */
  pastTruth: number;
  learned: number;
  /** Answered mail among the learned and the tested mail (the answer rate shifts over time). */
  answeredLearned: number;
  tested: number;
  owner: string[];
  /** The rolling figure's counts (ROLLING_SHARES). */
  rolling: Counts;
  /** The learning rows over all of the user's known mail, for the ceiling figures. */
  rows: number[][];
  labels: boolean[];
};
export type TriageResult = Counts & {
  corpusDir: string;
  needsReplyPrecision: number;
  needsReplyRecall: number;
  /** Answered mail in the test windows, and how many mails were tested. */
  answeredTested: number;
  tested: number;
  /** Precision and recall over the rolling splits (ROLLING_SHARES), with the answered mail they test. */
  rolling: { needsReplyPrecision: number; needsReplyRecall: number; answeredTested: number; tested: number };
  ceiling: Ceiling;
  users: UserResult[];
};

/**
 * How far any model on these features could go, measured in-sample on all known mail of the
 * group (so optimistic: an upper bound).
 */
export type Ceiling = {
  mails: number;
  answered: number;
  /** Answered mails whose coarse features (below) are exactly those of at least one unanswered mail. */
  answeredWithUnansweredTwin: number;
  /** Answered mails in a cell of those features where unanswered mails are as many or more. */
  answeredOutnumbered: number;
  /** The best precision at recall >= 0.75 of any rule over those cells, chosen on the same mail. */
  cellsPrecisionAtRecall75: number;
  /** The same for the logistic regression on all features, learned on the whole group at once. */
  pooledPrecisionAtRecall75: number;
};

function readPairs(corpusDir: string): { user: string; incoming_path: string }[] {
  return fs
    .readFileSync(path.join(corpusDir, 'enron-pairs', 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { user: string; incoming_path: string });
}

/** A folder's mail, each message once: by Message-ID, and by what it says (copies under new IDs). */
async function readFolders(corpusDir: string, user: string, folders: string[]): Promise<Mail[]> {
  const mails: Mail[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    const dir = path.join(corpusDir, 'enron', user, folder);
    if (!fs.existsSync(dir)) continue;
    for (const file of listFiles(dir)) {
      const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
      if (!parsed.date) continue;
      const content = `${parsed.senderEmail}|${threadSubject(parsed.subject)}|${parsed.date.getTime()}|${(parsed.bodyText ?? '').replace(/\s+/g, ' ').slice(0, 300)}`;
      if ((parsed.messageId && seen.has(parsed.messageId)) || seen.has(content)) continue;
      if (parsed.messageId) seen.add(parsed.messageId);
      seen.add(content);
      mails.push({ file: path.relative(path.join(corpusDir, 'enron'), file), ...triageMailOfParsed(parsed) });
    }
  }
  return mails.sort((a, b) => a.receivedDate!.getTime() - b.receivedDate!.getTime());
}

const at = (mail: TriageMail) => mail.receivedDate!.getTime();

async function benchUser(corpusDir: string, user: string, pairPaths: Set<string>): Promise<UserResult> {
  const incoming = await readFolders(corpusDir, user, ['inbox']);
  const sent = await readFolders(corpusDir, user, SENT_FOLDERS);
  const owner = { addresses: [...new Set(sent.map((mail) => mail.senderEmail).filter((a): a is string => Boolean(a)))].sort() };

  const answered = answeredIncoming(incoming, sent);
  incoming.forEach((mail, index) => {
    if (pairPaths.has(mail.file)) answered.add(index);
  });
  const truth = new Set([...answered].map((index) => incoming[index]!));

  const lastSent = Math.max(...sent.map(at));
  const known = incoming.filter((mail) => at(mail) <= lastSent - REPLY_WINDOW_MS);
  // The thread's earlier mail, as the service finds it for a mail that just arrived.
  const byThread = new Map<string, Mail[]>();
  for (const mail of [...incoming, ...sent]) {
    const key = threadSubject(mail.subject);
    if (key) byThread.set(key, [...(byThread.get(key) ?? []), mail]);
  }
  /** Learns from the known mail before `from`, decides for the known mail in [from, to). */
  const decide = (from: number, to: number): Counts => {
    const splitAt = at(known[from] ?? known.at(-1)!);
    const history = learnReplyHistory({
      incoming: known.slice(0, from),
      sent: sent.filter((mail) => at(mail) < splitAt),
      owner,
    });
    const counts: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const mail of known.slice(from, to)) {
      const earlier = (byThread.get(threadSubject(mail.subject)) ?? []).filter((other) => at(other) < at(mail));
      const predicted = needsReply(mail, { owner, history, earlier }).needsReply;
      const actual = truth.has(mail);
      if (predicted && actual) counts.tp++;
      else if (predicted) counts.fp++;
      else if (actual) counts.fn++;
      else counts.tn++;
    }
    return counts;
  };
  const cut = Math.floor(known.length * LEARN_SHARE);
  const counts = decide(cut, known.length);
  const rolling: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let k = 0; k < ROLLING_SHARES.length - 1; k++) {
    const part = decide(Math.floor(known.length * ROLLING_SHARES[k]!), Math.floor(known.length * ROLLING_SHARES[k + 1]!));
    for (const key of Object.keys(rolling) as (keyof Counts)[]) rolling[key] += part[key];
  }
  const ceilingRows = replyLearningRows({ incoming: known, sent, owner });
  return {
    user,
    inbox: incoming.length,
    answered: truth.size,
    pastTruth: incoming.length - known.length,
    learned: cut,
    answeredLearned: known.slice(0, cut).filter((mail) => truth.has(mail)).length,
    tested: known.length - cut,
    owner: owner.addresses,
    rows: ceilingRows.rows,
    labels: ceilingRows.labels,
    rolling,
    ...counts,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const ratio = (a: number, b: number) => (b ? a / b : 0);

/** Precision at the first cut (best first) where recall reaches `recall`. */
function precisionAtRecall(ranked: { answered: number; mails: number }[], total: number, recall: number): number {
  let answered = 0;
  let mails = 0;
  for (const group of ranked) {
    answered += group.answered;
    mails += group.mails;
    if (answered >= recall * total) return ratio(answered, mails);
  }
  return ratio(answered, mails);
}

/**
 * A mail's coarse features (FEATURE_NAMES order in the row): you in To / Cc, recipients (1, 2-3,
 * 4-10, more), internal, question, request, forward without a note, FYI, written to the sender
 * (never, 1-5, more), reply subject, the three thread states, and the sender's answer rate (< 5 %,
 * < 20 %, more).
 */
function cellOf(row: number[]): string {
  const recipients = Math.round(Math.expm1(row[6]!));
  const written = Math.round(Math.expm1(row[12]!));
  const senderRate = 1 / (1 + Math.exp(-row[1]!));
  return [
    row[4],
    row[5],
    recipients <= 1 ? 1 : recipients <= 3 ? 2 : recipients <= 10 ? 3 : 4,
    row[7],
    row[8],
    row[9],
    row[10],
    row[11],
    written === 0 ? 0 : written <= 5 ? 1 : 2,
    row[13],
    row[14],
    row[15],
    row[16],
    senderRate < 0.05 ? 0 : senderRate < 0.2 ? 1 : 2,
  ].join('');
}

function ceilingOf(users: UserResult[]): Ceiling {
  const rows = users.flatMap((u) => u.rows);
  const labels = users.flatMap((u) => u.labels);
  const answered = labels.filter(Boolean).length;
  const cells = new Map<string, { answered: number; mails: number }>();
  rows.forEach((row, i) => {
    const key = cellOf(row);
    const cell = cells.get(key) ?? { answered: 0, mails: 0 };
    cell.mails++;
    if (labels[i]) cell.answered++;
    cells.set(key, cell);
  });
  const all = [...cells.values()];
  // No pull toward the defaults: the fit the group itself supports best.
  const weights = fitLogistic(rows, labels, []);
  const scored = rows
    .map((row, i) => ({ score: row.reduce((sum, x, j) => sum + x * weights[j]!, 0), answered: labels[i] ? 1 : 0, mails: 1 }))
    .sort((a, b) => b.score - a.score);
  return {
    mails: rows.length,
    answered,
    answeredWithUnansweredTwin: all.filter((c) => c.mails > c.answered).reduce((sum, c) => sum + c.answered, 0),
    answeredOutnumbered: all.filter((c) => c.mails - c.answered >= c.answered).reduce((sum, c) => sum + c.answered, 0),
    cellsPrecisionAtRecall75: round(
      precisionAtRecall(
        all.sort((a, b) => b.answered / b.mails - a.answered / a.mails),
        answered,
        0.75,
      ),
    ),
    pooledPrecisionAtRecall75: round(precisionAtRecall(scored, answered, 0.75)),
  };
}

export async function triage(corpusDir: string): Promise<TriageResult> {
  const pairs = readPairs(corpusDir);
  const users = [...new Set(pairs.map((p) => p.user))].sort();
  const pairPaths = new Set(pairs.map((p) => p.incoming_path));
  const results: UserResult[] = [];
  for (const user of users) results.push(await benchUser(corpusDir, user, pairPaths));
  const total: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const rolling: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const result of results)
    for (const key of Object.keys(total) as (keyof Counts)[]) {
      total[key] += result[key];
      rolling[key] += result.rolling[key];
    }
  return {
    corpusDir,
    needsReplyPrecision: round(ratio(total.tp, total.tp + total.fp)),
    needsReplyRecall: round(ratio(total.tp, total.tp + total.fn)),
    answeredTested: total.tp + total.fn,
    tested: total.tp + total.fp + total.fn + total.tn,
    rolling: {
      needsReplyPrecision: round(ratio(rolling.tp, rolling.tp + rolling.fp)),
      needsReplyRecall: round(ratio(rolling.tp, rolling.tp + rolling.fn)),
      answeredTested: rolling.tp + rolling.fn,
      tested: rolling.tp + rolling.fp + rolling.fn + rolling.tn,
    },
    ceiling: ceilingOf(results),
    ...total,
    users: results,
  };
}

function printUser(u: UserResult): void {
  const p = ratio(u.tp, u.tp + u.fp);
  const r = ratio(u.tp, u.tp + u.fn);
  process.stderr.write(
    `  ${u.user}: inbox ${u.inbox} (answered ${u.answered}, ${u.pastTruth} past the sent folders' end), learned ${u.learned} (${u.answeredLearned} answered), tested ${u.tested} (${u.tp + u.fn} answered): ` +
      `tp ${u.tp} fp ${u.fp} fn ${u.fn} tn ${u.tn}, precision ${p.toFixed(2)}, recall ${r.toFixed(2)}\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) dirs.push(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
  for (const dir of dirs) {
    const result = await triage(path.resolve(dir));
    process.stderr.write(`Triage on ${result.corpusDir}\n`);
    for (const user of result.users) printUser(user);
    process.stderr.write(
      `needs_reply precision ${result.needsReplyPrecision}, recall ${result.needsReplyRecall} (tp ${result.tp}, fp ${result.fp}, fn ${result.fn}, tn ${result.tn})\n`,
    );
    const r = result.rolling;
    process.stderr.write(
      `rolling (learn on the older 50/60/70/80 %, decide the next slice): precision ${r.needsReplyPrecision}, recall ${r.needsReplyRecall} (${r.answeredTested} answered of ${r.tested} tested)\n`,
    );
    const c = result.ceiling;
    process.stderr.write(
      `ceiling (in-sample, all known mail): ${c.answered} answered of ${c.mails}; ${c.answeredWithUnansweredTwin} answered have an unanswered twin on the coarse features, ` +
        `${c.answeredOutnumbered} are outnumbered by unanswered twins; precision at recall 0.75: ${c.cellsPrecisionAtRecall75} (best rule on the cells), ${c.pooledPrecisionAtRecall75} (logistic on all features)\n`,
    );
    const { users: _, ...summary } = result;
    console.log(JSON.stringify(summary));
  }
}
