// `npm run bench -- drafts-quality` (or `node --import tsx bench/drafts-quality.ts`): the built-in
// drafting engine's quality on real Enron mail, no database (issue 18, Speed item 3).
//
// Corpus: CORPUS_DIR (default ../shared/corpus), users of its `enron-pairs/pairs.jsonl`. For each
// pair (a real incoming mail and the reply the user actually wrote):
// - Style profile: built from the user's sent mail dated before the first day of the incoming
//   mail's month (one profile per user and month, newest 1,500 mails, duplicates pruned as the
//   style bench does), so nothing the user wrote after the mail shapes the draft.
// - Past (incoming, reply) pairs: the user's sent replies dated before the incoming mail, each with
//   the mail it answers: the text it quotes ("-----Original Message-----", Lotus Notes headers,
//   "wrote:"). A past reply is "same sender" when it was sent to the incoming mail's sender.
//   Retrieval: BM25 over the past incoming mails' subject and text (the server uses PostgreSQL
//   full text); the top RETRIEVED, plus the best SAME_SENDER ones to this sender.
// - Draft: composeReply (built-in engine + post-processing), mode full, no knowledge.
// - Scores: ROUGE-L F1 against `reply_text_above_quote`, beside two baselines: a generic
//   acknowledgement with the user's usual closing and signature, and the user's reply (above the
//   quote) to the most similar past mail. Attribution: styleMatch of the draft against the five
//   users' profiles of the same month picks its own user.
// Prints per user and overall, and by the engine's confidence; ends with one line of JSON.
// SHOW_DRAFTS=1 prints every draft beside the real reply.
import fs from 'node:fs';
import path from 'node:path';
import { composeReply } from '../apps/server/src/drafts/engine/compose.ts';
import { ownText } from '../apps/server/src/drafts/engine/mail-words.ts';
import { rougeL } from '../apps/server/src/drafts/engine/rouge.ts';
import type { ComposeInput, PastReply } from '../apps/server/src/drafts/engine/types.ts';
import { bodyOf, splitOwnWords } from '../apps/server/src/mail/engine/own-words.ts';
import { parseMessage } from '../apps/server/src/mail/engine/parse-message.ts';
import { buildStyleProfile } from '../apps/server/src/style/engine/build-profile.ts';
import { emailsToPrune, type PruneCandidate } from '../apps/server/src/style/engine/prune.ts';
import { styleMatch } from '../apps/server/src/style/engine/style-match.ts';
import type { IncomingMail, SentMail, StyleProfile } from '../apps/server/src/style/engine/types.ts';
import { listFiles } from '../apps/server/src/test-support/corpus.ts';
import { greetingNames } from '../apps/server/src/understanding/engine/audience.ts';
import { readerNames } from '../apps/server/src/understanding/engine/reader.ts';
import { triageMailOfParsed } from '../apps/server/src/understanding/engine/triage.ts';
import { asksOfReader, understandEmail } from '../apps/server/src/understanding/engine/understand.ts';

const SENT_FOLDERS = ['sent', 'sent_items', '_sent_mail'];
const CAP = 1500;
const INTERNAL_DOMAINS = ['enron.com'];
const OWNER_SHARE = 0.05;
/** Past replies handed to the engine: the best by BM25, plus the best to this same sender. */
const RETRIEVED = 8;
const SAME_SENDER = 3;
/** Confidence from which a draft counts as confident in the breakdown. */
const CONFIDENT = 0.8;

export type Pair = { user: string; incoming_path: string; reply_text_above_quote: string; incoming_date: string };
type Sent = SentMail & PruneCandidate & { messageId: string | null; from: string | null };
type Past = PastReply & { to: string[]; terms: Map<string, number>; length: number; aboveQuote: string };
/** Mail others sent the user (their inbox), newest first: what styleMatch's voice model is trained against, as the product builds it. */
type Received = IncomingMail & { receivedAt: Date | null };
export type UserData = { user: string; ownName: string | null; ownAddresses: string[]; sent: Sent[]; past: Past[]; incoming: Received[] };

// --- reading the corpus ---------------------------------------------------------------------------

/** "Kaminski, Vince J </O=ENRON/...>" → "Vince J Kaminski". */
function displayName(xFrom: string | undefined): string | null {
  const name = xFrom?.replace(/<[^>]*>/g, '').trim();
  if (!name) return null;
  const [last, first] = name.split(',').map((part) => part.trim());
  return first ? `${first} ${last}` : name;
}

/** Where quoted mail starts in a reply body, and the quoted mail's text (headers dropped), or null. */
const QUOTE_HEADER =
  /^[ \t>]*(-{2,}\s*original message\s*-{2,}|.{1,120}\bon \d{1,2}\/\d{1,2}\/\d{2,4} \d{1,2}:\d{2}(:\d{2})? ?(am|pm)?\s*$|on .{1,200} wrote:\s*$|from:\s.{1,200}$)/im;
const HEADER_LINE =
  /^\s*(from|sent|date|to|cc|bcc|subject|importance|please respond to)\s*:|^\s*\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}/i;

function quotedIncoming(body: string): string | null {
  const match = QUOTE_HEADER.exec(body);
  if (!match) return null;
  const lines = body
    .slice(match.index + match[0].length)
    .split('\n')
    .map((line) => line.replace(/^[ \t]*>+ ?/, ''));
  // Skip the quote's header block: header fields and their wrapped continuation lines.
  let i = 0;
  while (
    i < lines.length &&
    (HEADER_LINE.test(lines[i]!) || (i < 12 && /^\s+\S/.test(lines[i]!) && !/[.!?]$/.test(lines[i]!.trim())) || !lines[i]!.trim())
  )
    i++;
  const text = ownText(lines.slice(i).join('\n')).trim();
  return text ? text.slice(0, 4000) : null;
}

async function readFolder(dir: string): Promise<{ file: string; parsed: Awaited<ReturnType<typeof parseMessage>>; raw: Buffer }[]> {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const file of listFiles(dir)) {
    const raw = fs.readFileSync(file);
    out.push({ file, parsed: await parseMessage(new Uint8Array(raw)), raw });
  }
  return out;
}

function termsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}[\p{L}'-]+|\d+/gu) ?? [];
}

export async function loadUser(corpus: string, user: string): Promise<UserData> {
  const sent: Sent[] = [];
  const senders = new Map<string, number>();
  const names = new Map<string, number>();
  for (const folder of SENT_FOLDERS) {
    for (const { file, parsed, raw } of await readFolder(path.join(corpus, 'enron', user, folder))) {
      const name = displayName(/^X-From: (.*)$/m.exec(raw.toString('latin1'))?.[1]);
      if (name) names.set(name, (names.get(name) ?? 0) + 1);
      if (parsed.senderEmail) senders.set(parsed.senderEmail, (senders.get(parsed.senderEmail) ?? 0) + 1);
      sent.push({
        id: path.relative(path.join(corpus, 'enron'), file),
        messageId: parsed.messageId,
        from: parsed.senderEmail,
        subject: parsed.subject,
        bodyText: parsed.bodyText,
        bodyHtml: parsed.bodyHtml,
        toEmails: parsed.recipientEmails,
        ccEmails: parsed.ccEmails,
        sentAt: parsed.date,
        headers: parsed.headers,
        answers: null,
      });
    }
  }
  const ownName = [...names].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const ownAddresses = [...senders].filter(([, n]) => n >= OWNER_SHARE * sent.length).map(([a]) => a);
  const dropped = new Set(emailsToPrune(sent).map((p) => p.id));
  const kept = sent.filter((mail) => !dropped.has(mail.id) && mail.sentAt).sort((a, b) => b.sentAt!.getTime() - a.sentAt!.getTime());

  // Past (incoming, reply) pairs: kept sent mail that quotes what it answers (forwards are no replies).
  const past: Past[] = [];
  for (const mail of kept) {
    if (/^\s*(fw|fwd)\s*:/i.test(mail.subject ?? '')) continue;
    const body = bodyOf(mail.bodyText, mail.bodyHtml);
    const incoming = quotedIncoming(body);
    if (!incoming) continue;
    const own = splitOwnWords(body, ownName);
    if (!/\p{L}/u.test(own.text)) continue;
    const subject = (mail.subject ?? '').replace(/^\s*(re\s*:\s*)+/i, '');
    const terms = new Map<string, number>();
    const words = termsOf(`${subject}\n${incoming}`);
    for (const term of words) terms.set(term, (terms.get(term) ?? 0) + 1);
    past.push({
      incoming: { subject, text: incoming, from: null, date: null },
      reply: { id: mail.id, subject: mail.subject, text: body.slice(0, body.length), date: mail.sentAt },
      sameSender: false,
      score: 0,
      to: mail.toEmails.map((address) => address.toLowerCase()),
      terms,
      length: words.length,
      aboveQuote: [own.text, own.signature].filter(Boolean).join('\n'),
    });
  }
  const incoming: Received[] = [];
  for (const { parsed } of await readFolder(path.join(corpus, 'enron', user, 'inbox'))) {
    incoming.push({
      bodyText: parsed.bodyText,
      bodyHtml: parsed.bodyHtml,
      senderEmail: parsed.senderEmail,
      headers: parsed.headers,
      receivedAt: parsed.date,
    });
  }
  incoming.sort((a, b) => (b.receivedAt?.getTime() ?? 0) - (a.receivedAt?.getTime() ?? 0));
  return { user, ownName, ownAddresses, sent: kept, past, incoming };
}

// --- retrieval: BM25 over past incoming mail -------------------------------------------------------

const K1 = 1.2;
const B = 0.75;

function retrieve(data: UserData, query: string, sender: string | null, before: Date): PastReply[] {
  const pool = data.past.filter((past) => past.reply.date! < before);
  if (pool.length === 0) return [];
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  for (const past of pool) {
    totalLength += past.length;
    for (const term of past.terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const average = totalLength / pool.length;
  const queryTerms = [...new Set(termsOf(query))];
  const scored = pool.map((past) => {
    let score = 0;
    for (const term of queryTerms) {
      const tf = past.terms.get(term);
      if (!tf) continue;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (pool.length - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * past.length) / average));
    }
    return { past, score, sameSender: sender !== null && past.to.includes(sender) };
  });
  scored.sort((a, b) => b.score - a.score);
  const top = scored.slice(0, RETRIEVED);
  for (const item of scored.filter((s) => s.sameSender).slice(0, SAME_SENDER)) if (!top.includes(item)) top.push(item);
  return top.map(({ past, score, sameSender }) => ({ incoming: past.incoming, reply: past.reply, sameSender, score }));
}

// --- profiles per user and month ------------------------------------------------------------------

function monthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function profileCache(users: Map<string, UserData>) {
  const cache = new Map<string, StyleProfile>();
  return (user: string, month: Date): StyleProfile => {
    const key = `${user} ${month.toISOString()}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const data = users.get(user)!;
    const profile = buildStyleProfile({
      emails: data.sent.filter((mail) => mail.sentAt! < month).slice(0, CAP),
      ownAddresses: data.ownAddresses,
      ownName: data.ownName,
      internalDomains: INTERNAL_DOMAINS,
      incoming: data.incoming.filter((mail) => mail.receivedAt && mail.receivedAt < month).slice(0, 600),
    });
    cache.set(key, profile);
    return profile;
  };
}

// --- baselines ------------------------------------------------------------------------------------

/** A generic acknowledgement with the user's usual closing and signature. */
export function genericReply(profile: StyleProfile): string {
  const closing = profile.closingPatterns[0]?.text ?? null;
  const signature = profile.signatureStyle.kind === 'none' ? null : profile.signatureStyle.example;
  return ['Thanks for your email. I will get back to you shortly.', [closing, signature].filter(Boolean).join('\n')]
    .filter(Boolean)
    .join('\n\n');
}

// --- one pair as the engine sees it (shared with bench/learning.ts) ------------------------------

export function readPairs(corpusDir: string): Pair[] {
  return fs
    .readFileSync(path.join(corpusDir, 'enron-pairs', 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Pair);
}

/** The ComposeInput of a pair's incoming mail: the user's profile of that month and their past replies before it. */
export async function inputForPair(
  corpusDir: string,
  pair: Pair,
  data: UserData,
  profileOf: (user: string, month: Date) => StyleProfile,
): Promise<{ input: ComposeInput; profile: StyleProfile; month: Date; pastReplies: PastReply[] }> {
  const raw = fs.readFileSync(path.join(corpusDir, 'enron', pair.incoming_path));
  const parsed = await parseMessage(new Uint8Array(raw));
  // The sender's name as the contact book knows it: Enron's From has only the address, X-From the name.
  const senderName = parsed.senderName ?? displayName(/^X-From: (.*)$/m.exec(raw.toString('latin1'))?.[1]);
  const date = parsed.date ?? new Date(pair.incoming_date);
  const month = monthStart(date);
  const profile = profileOf(pair.user, month);
  const text = ownText(parsed.bodyText);
  const sender = parsed.senderEmail?.toLowerCase() ?? null;
  const pastReplies = retrieve(data, `${parsed.subject ?? ''}\n${text}`, sender, date);
  const input: ComposeInput = {
    email: {
      id: pair.incoming_path,
      from: { address: sender ?? '', name: senderName },
      to: [],
      cc: [],
      subject: parsed.subject,
      text,
      date,
      messageId: parsed.messageId,
    },
    thread: [],
    owner: { name: data.ownName, addresses: data.ownAddresses },
    contact: null,
    profile,
    pastReplies,
    knowledge: [],
    attachments: [],
    mode: 'full',
    buyTimeHours: 24,
    now: date,
  };
  // What the mail asks of its owner, as the product reads it before drafting (understanding service).
  // The names people call the owner, learnt as the service learns them: the greetings of their mail before this one.
  const greetingsToReader = data.incoming
    .filter((mail) => mail.receivedAt && mail.receivedAt < date)
    .slice(0, 400)
    .map((mail) => {
      const first = (mail.bodyText ?? '').split('\n').find((line) => line.trim()) ?? '';
      const names = first.length <= 40 ? greetingNames(first) : null;
      return names?.length === 1 ? names[0]! : '';
    })
    .filter(Boolean);
  const reader = {
    addresses: data.ownAddresses,
    names: readerNames({ displayNames: [data.ownName], addresses: data.ownAddresses, greetingsToReader }),
  };
  const understanding = understandEmail(triageMailOfParsed(parsed), reader);
  input.understanding = understanding;
  input.asks = asksOfReader(understanding);
  return { input, profile, month, pastReplies };
}

// --- the bench ------------------------------------------------------------------------------------

type Tally = { pairs: number; rougeL: number; generic: number; nearest: number; attributed: number };
/** Drafts by the engine's confidence: does it know when it fits? */
type Band = { drafts: number; rougeL: number; generic: number };

export type Quality = { pairs: number; rougeL: number; baselineGeneric: number; baselineNearest: number; attribution: number };

export async function quality(
  corpusDir: string,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<Quality> {
  const pairs = readPairs(corpusDir);
  const userNames = [...new Set(pairs.map((pair) => pair.user))].sort();
  const users = new Map<string, UserData>();
  for (const user of userNames) users.set(user, await loadUser(corpusDir, user));
  const profileOf = profileCache(users);

  const tallies = new Map<string, Tally>(userNames.map((user) => [user, { pairs: 0, rougeL: 0, generic: 0, nearest: 0, attributed: 0 }]));
  const bands = new Map<string, Band>([
    ['confident', { drafts: 0, rougeL: 0, generic: 0 }],
    ['unsure', { drafts: 0, rougeL: 0, generic: 0 }],
  ]);
  const composeMs: number[] = [];
  const draftStyle: number[] = [];
  const realStyle: number[] = [];
  for (const pair of pairs) {
    const data = users.get(pair.user)!;
    const { input, profile, month, pastReplies } = await inputForPair(corpusDir, pair, data, profileOf);
    const started = performance.now();
    const draft = composeReply(input);
    composeMs.push(performance.now() - started);
    const reference = pair.reply_text_above_quote;
    const tally = tallies.get(pair.user)!;
    const band = bands.get(draft.confidence >= CONFIDENT ? 'confident' : 'unsure')!;
    band.drafts++;
    band.rougeL += rougeL(draft.body, reference);
    band.generic += rougeL(genericReply(profile), reference);
    tally.pairs++;
    tally.rougeL += rougeL(draft.body, reference);
    tally.generic += rougeL(genericReply(profile), reference);
    // The most similar past mail by BM25 (retrieve puts it first).
    const nearest = pastReplies[0];
    tally.nearest += nearest ? rougeL(data.past.find((p) => p.reply === nearest.reply)!.aboveQuote, reference) : 0;
    const scores = userNames.map((user) => styleMatch(profileOf(user, month), draft.body));
    if (userNames[scores.indexOf(Math.max(...scores))] === pair.user) tally.attributed++;
    // What the review queue shows as "Style match", beside the same score of the reply the user really wrote.
    draftStyle.push(scores[userNames.indexOf(pair.user)]!);
    if (/[\p{L}\p{N}]/u.test(reference)) realStyle.push(styleMatch(profile, reference));
    if (process.env.SHOW_DRAFTS)
      log(`--- ${pair.incoming_path} (${draft.confidence.toFixed(2)})\n${draft.body}\n~~~ real:\n${reference}\n`);
  }

  const format = (t: Tally) =>
    `${String(t.pairs).padStart(4)} pairs  ROUGE-L ${(t.rougeL / t.pairs).toFixed(3)}  generic ${(t.generic / t.pairs).toFixed(3)}  nearest ${(t.nearest / t.pairs).toFixed(3)}  attribution ${(t.attributed / t.pairs).toFixed(2)}`;
  const all: Tally = { pairs: 0, rougeL: 0, generic: 0, nearest: 0, attributed: 0 };
  log(`Drafting quality on ${corpusDir}`);
  for (const [user, t] of tallies) {
    log(`  ${user.padEnd(12)} ${format(t)}`);
    for (const key of Object.keys(all) as (keyof Tally)[]) all[key] += t[key];
  }
  log(`  ${'all'.padEnd(12)} ${format(all)}`);
  for (const [name, band] of bands) {
    const n = Math.max(1, band.drafts);
    log(
      `  ${name} (confidence ${name === 'confident' ? '>=' : '<'} ${CONFIDENT}): ${band.drafts} drafts, ROUGE-L ${(band.rougeL / n).toFixed(3)}, generic ${(band.generic / n).toFixed(3)}`,
    );
  }
  const styleLine = (scores: number[]) => {
    const sorted = [...scores].sort((a, b) => a - b);
    const half = sorted.filter((score) => score >= 0.5).length / Math.max(1, sorted.length);
    return `median ${sorted[sorted.length >> 1]?.toFixed(2)}, ${(100 * half).toFixed(0)}% at 0.5 or more`;
  };
  log(`  Style match against the user's own profile: drafts ${styleLine(draftStyle)}; the real replies ${styleLine(realStyle)}`);
  composeMs.sort((a, b) => a - b);
  log(
    `  composeReply: p50 ${composeMs[composeMs.length >> 1]?.toFixed(1)} ms, p95 ${composeMs[Math.floor(composeMs.length * 0.95)]?.toFixed(1)} ms (${composeMs.length} drafts, up to ${RETRIEVED + SAME_SENDER} past replies each)`,
  );
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const n = Math.max(1, all.pairs);
  return {
    pairs: all.pairs,
    rougeL: round(all.rougeL / n),
    baselineGeneric: round(all.generic / n),
    baselineNearest: round(all.nearest / n),
    attribution: round(all.attributed / n),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpus = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
  console.log(JSON.stringify(await quality(corpus)));
}
