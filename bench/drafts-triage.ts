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
// - Time split of the rest: the user's habits (triage's ReplyHistory) and names are learned from
//   the mail before the split date; needs_reply is decided for the newer 20 % from the understanding
//   of each mail (issue 31).
// This answered-mail figure is a second view only: "did the user answer by email" measures habits,
// not need (most asks are answered by phone, in a meeting or not at all). The measure is
// bench/triage-labels.ts, against mail a person read.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';
import {
  answeredIncoming,
  learnReplyHistory,
  needsReply,
  type TriageMail,
  threadSubject,
  triageMailOfParsed,
} from '../apps/server/src/understanding/engine/triage.ts';
import { understandEmail } from '../apps/server/src/understanding/engine/understand.ts';
import { type CorpusMail, readerAt } from './corpus-mailbox.ts';

const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];
const LEARN_SHARE = 0.8;
/**
 * A steadier second figure (the newest 20 % holds 13-59 answered mails a group): learn from the
 * older 50 / 60 / 70 / 80 % of the known mail, decide for the next 10 / 10 / 10 / 20 %, pooled.
 */
const ROLLING_SHARES = [0.5, 0.6, 0.7, 0.8, 1];
/** The longest a reply may come after its mail and still count (answeredIncoming's window). */
const REPLY_WINDOW_MS = 14 * 86_400_000;

type Mail = TriageMail & { file: string; xFrom: string | null };
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
  users: UserResult[];
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
      const xFrom = /^X-From: (.*)$/m.exec(fs.readFileSync(file, 'latin1'))?.[1] ?? null;
      mails.push({ file: path.relative(path.join(corpusDir, 'enron'), file), xFrom, ...triageMailOfParsed(parsed) });
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
  const mailbox: CorpusMail[] = [
    ...incoming.map((mail) => ({ ...mail, rel: mail.file, outgoing: false, xFrom: null })),
    ...sent.map((mail) => ({ ...mail, rel: mail.file, outgoing: true, xFrom: mail.xFrom })),
  ];
  /** Learns from the known mail before `from`, decides for the known mail in [from, to). */
  const decide = (from: number, to: number): Counts => {
    const splitAt = at(known[from] ?? known.at(-1)!);
    const history = learnReplyHistory({ incoming: known.slice(0, from), sent: sent.filter((mail) => at(mail) < splitAt) });
    const reader = readerAt(mailbox, splitAt);
    const counts: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const mail of known.slice(from, to)) {
      const predicted = needsReply(mail, understandEmail(mail, reader), { history }).needsReply;
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
  return {
    user,
    inbox: incoming.length,
    answered: truth.size,
    pastTruth: incoming.length - known.length,
    learned: cut,
    answeredLearned: known.slice(0, cut).filter((mail) => truth.has(mail)).length,
    tested: known.length - cut,
    owner: owner.addresses,
    rolling,
    ...counts,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const ratio = (a: number, b: number) => (b ? a / b : 0);

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
    const { users: _, ...summary } = result;
    console.log(JSON.stringify(summary));
  }
}
