// `npm run bench -- drafts` (or `node --import tsx bench/drafts.ts`): drafting on real Enron
// mailboxes, no database. For now the triage part only (issue 18, Speed item 4): needs_reply
// precision and recall against what each user actually answered.
//
// Per user (the users of `enron-pairs/pairs.jsonl` under CORPUS_DIR, default ../shared/corpus):
// incoming = the inbox folder, sent = every sent folder. The truth: an incoming mail was answered
// when a sent mail replies to it (In-Reply-To/References, or "RE:" of its subject to its sender
// within two weeks: answeredIncoming over ALL the user's mail) or it is an incoming_path of
// pairs.jsonl. Time split: the score is learned from the older 80% of the inbox and the sent mail
// before the split date; needs_reply is then decided for the newer 20% and compared to the truth.
// The owner's addresses are the senders of at least 5% of the user's sent mail.
import fs from 'node:fs';
import path from 'node:path';
import { answeredIncoming, learnReplyHistory, needsReply, needsReview, type TriageMail } from '../apps/server/src/drafts/engine/triage.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';

const CORPUS_DIR = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];
const LEARN_SHARE = 0.8;
const OWNER_SHARE = 0.05;

type Pair = { user: string; incoming_path: string };

function readPairs(): Pair[] {
  return fs
    .readFileSync(path.join(CORPUS_DIR, 'enron-pairs', 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Pair);
}

async function readFolder(user: string, folder: string): Promise<(TriageMail & { file: string })[]> {
  const dir = path.join(CORPUS_DIR, 'enron', user, folder);
  if (!fs.existsSync(dir)) return [];
  const mails: (TriageMail & { file: string })[] = [];
  const seen = new Set<string>();
  for (const file of listFiles(dir)) {
    const parsed = await parseMessage(new Uint8Array(fs.readFileSync(file)));
    if (parsed.messageId && seen.has(parsed.messageId)) continue;
    if (parsed.messageId) seen.add(parsed.messageId);
    mails.push({
      file: path.relative(path.join(CORPUS_DIR, 'enron'), file),
      messageId: parsed.messageId,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      subject: parsed.subject,
      senderEmail: parsed.senderEmail,
      recipientEmails: parsed.recipientEmails,
      ccEmails: parsed.ccEmails,
      bodyText: parsed.bodyText,
      receivedDate: parsed.date,
      headers: parsed.headers,
      attachmentTypes: parsed.attachments.map((a) => a.contentType),
    });
  }
  return mails;
}

type Score = { tp: number; fp: number; fn: number; tn: number; review: number };

async function benchUser(user: string, pairPaths: Set<string>): Promise<Score> {
  const incoming = (await readFolder(user, 'inbox')).filter((m) => m.receivedDate);
  const sent: TriageMail[] = [];
  for (const folder of SENT_FOLDERS) sent.push(...(await readFolder(user, folder)).filter((m) => m.receivedDate));
  const senders = new Map<string, number>();
  for (const mail of sent) if (mail.senderEmail) senders.set(mail.senderEmail, (senders.get(mail.senderEmail) ?? 0) + 1);
  const owner = { addresses: [...senders].filter(([, n]) => n >= OWNER_SHARE * sent.length).map(([a]) => a) };

  const truth = answeredIncoming(incoming, sent);
  incoming.forEach((mail, index) => {
    if (pairPaths.has(mail.file)) truth.add(index);
  });

  const order = incoming
    .map((_, index) => index)
    .sort((a, b) => incoming[a]!.receivedDate!.getTime() - incoming[b]!.receivedDate!.getTime());
  const cut = Math.floor(order.length * LEARN_SHARE);
  const splitAt = incoming[order[cut]!]!.receivedDate!.getTime();
  const history = learnReplyHistory({
    incoming: order.slice(0, cut).map((i) => incoming[i]!),
    sent: sent.filter((m) => m.receivedDate!.getTime() < splitAt),
    owner,
  });
  const score: Score = { tp: 0, fp: 0, fn: 0, tn: 0, review: 0 };
  for (const index of order.slice(cut)) {
    const mail = incoming[index]!;
    const predicted = needsReply(mail, { owner, history }).needsReply;
    const actual = truth.has(index);
    if (predicted && actual) score.tp++;
    else if (predicted) score.fp++;
    else if (actual) score.fn++;
    else score.tn++;
    if (predicted && needsReview(mail, { history }).needsReview) score.review++;
  }
  const answeredShare = truth.size / Math.max(incoming.length, 1);
  process.stderr.write(
    `  ${user}: inbox ${incoming.length}, answered ${truth.size} (${(answeredShare * 100).toFixed(0)}%), owner ${owner.addresses.join(' ')}; test tp ${score.tp} fp ${score.fp} fn ${score.fn} tn ${score.tn}\n`,
  );
  return score;
}

const pairs = readPairs();
const users = [...new Set(pairs.map((p) => p.user))].sort();
const pairPaths = new Set(pairs.map((p) => p.incoming_path));
process.stderr.write(`Triage on ${CORPUS_DIR} (${users.join(', ')})\n`);
const total: Score = { tp: 0, fp: 0, fn: 0, tn: 0, review: 0 };
for (const user of users) {
  const s = await benchUser(user, pairPaths);
  for (const key of Object.keys(total) as (keyof Score)[]) total[key] += s[key];
}
const precision = total.tp / Math.max(total.tp + total.fp, 1);
const recall = total.tp / Math.max(total.tp + total.fn, 1);
process.stderr.write(
  `needs_reply precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (tp ${total.tp}, fp ${total.fp}, fn ${total.fn}, tn ${total.tn}); of the predicted, ${total.review} need review\n`,
);
const round = (x: number) => Math.round(x * 1000) / 1000;
console.log(JSON.stringify({ needsReplyPrecision: round(precision), needsReplyRecall: round(recall) }));
