import type { EmailTriage, MailKind } from '@penman/contract';
import { EMAIL_MESSAGES, MAIL_KINDS } from '@penman/contract';
import type { Deps } from '../deps.ts';
import type { MailStored } from '../mail/jobs.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { greetingNames } from './engine/audience.ts';
import { readerNames } from './engine/reader.ts';
import {
  emptyHistory,
  learnReplyHistory,
  needsReply,
  needsReview,
  type ReplyHistory,
  type TriageCorrection,
  type TriageMail,
} from './engine/triage.ts';
import { type Reader, UNDERSTANDING_VERSION, type Understanding } from './engine/types.ts';
import { asksOfReader, understandEmail } from './engine/understand.ts';
import { emailsTriagedEvent, relearnTriageJob } from './jobs.ts';
import * as repo from './repo.ts';

/**
 * Understanding and triage of stored mail (issue 31): for every email a sync stores, what it asks
 * and of whom (understand.ts), kept in `email_understanding`; for incoming mail, needs_reply and
 * needs_review with their reasons (`email_triage`); then `emails.triaged` for drafting. What is
 * known of the user (whom they answer, the names people call them) is learned again as their mail
 * arrives (`triage_models`), and their own corrections are kept and learned per sender and kind.
 */

type Scope = { db: Db; userId: string; accountId: string };

/** Of the initial download, only mail this recent is read at once; older mail is read when it is opened. */
const INITIAL_UNDERSTAND_WINDOW_MS = 30 * 86_400_000;
/** After the initial download the habits are learned this much later, so one run follows all its batches. */
const INITIAL_RELEARN_DELAY_SECONDS = 30;
/** Names are learned from the greetings of at most this many recent emails written to the user alone. */
const GREETINGS_LEARNED = 400;

// --- what is known of the user --------------------------------------------------------------------

/** What `triage_models` holds: the user's answer history and the names people greet them by. */
type Knowledge = { history: ReplyHistory; greetingNames: string[]; signatures: string[] };

// ReplyHistory holds Maps: stored as { $map: entries } by a generic replacer.
function mapsToEntries(_key: string, value: unknown): unknown {
  return value instanceof Map ? { $map: [...value.entries()] } : value;
}
function entriesToMaps(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && '$map' in value && Array.isArray((value as { $map: unknown }).$map))
    return new Map((value as { $map: [unknown, unknown][] }).$map);
  return value;
}
export const serializeKnowledge = (knowledge: Knowledge): unknown => JSON.parse(JSON.stringify(knowledge, mapsToEntries));
function deserializeKnowledge(stored: unknown): Knowledge {
  const parsed = JSON.parse(JSON.stringify(stored), entriesToMaps) as Partial<Knowledge>;
  // A model of the first triage (issue 18) has another shape: nothing learned yet.
  if (parsed.history?.version !== 2) return { history: emptyHistory(), greetingNames: [], signatures: [] };
  return { history: parsed.history, greetingNames: parsed.greetingNames ?? [], signatures: parsed.signatures ?? [] };
}

async function loadKnowledge({ db, userId, accountId }: Scope): Promise<Knowledge> {
  const row = await repo.findTriageModel(db, userId, accountId);
  return row ? deserializeKnowledge(row.model) : { history: emptyHistory(), greetingNames: [], signatures: [] };
}

/** The reader of an account's mail: its address and confirmed aliases, and the names people call the user. */
async function readerOf(scope: Scope, knowledge: Knowledge): Promise<Reader | null> {
  const sources = await repo.findReaderSources(scope.db, scope.userId, scope.accountId);
  if (!sources) return null;
  const addresses = [...new Set([sources.emailAddress, ...sources.aliases].map((a) => a.trim().toLowerCase()))];
  const profileName = [sources.firstName, sources.lastName].filter(Boolean).join(' ') || null;
  const displayName =
    sources.displayName && sources.displayName.toLowerCase() !== sources.emailAddress.toLowerCase() ? sources.displayName : null;
  return {
    addresses,
    names: readerNames({
      displayNames: [profileName, displayName],
      addresses,
      signatures: knowledge.signatures,
      greetingsToReader: knowledge.greetingNames,
    }),
  };
}

/** The account's own addresses: its address and the aliases the user confirmed. */
export async function ownerOf({ db, userId, accountId }: Scope): Promise<{ addresses: string[] } | null> {
  const sources = await repo.findReaderSources(db, userId, accountId);
  if (!sources) return null;
  return { addresses: [...new Set([sources.emailAddress, ...sources.aliases].map((a) => a.trim().toLowerCase()))] };
}

function toTriageMail(row: Omit<repo.MailRow, 'attachmentTypes'> & { attachmentTypes?: string[] }): TriageMail {
  const lower = (list: string[]) => list.map((address) => address.toLowerCase());
  return {
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    subject: row.subject,
    senderEmail: row.senderEmail?.toLowerCase() ?? null,
    senderName: row.senderName,
    recipientEmails: lower(row.recipientEmails),
    ccEmails: lower(row.ccEmails),
    bodyText: row.bodyText,
    bodyHtml: row.bodyHtml,
    receivedDate: row.receivedDate,
    headers: row.headers,
    ...(row.attachmentTypes ? { attachmentTypes: row.attachmentTypes } : {}),
  };
}

const isKind = (kind: string): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind);

// --- understanding and triage ---------------------------------------------------------------------

export type TriageDecision = repo.TriageDecisionRow & { understanding: Understanding };

/**
 * Reads and stores the understanding of the given emails (incoming and sent) and the triage of the
 * incoming ones; a decision the user corrected is kept. Answers the triage decisions.
 */
export async function understandAndTriage(scope: Scope & { emailIds: string[] }): Promise<TriageDecision[]> {
  if (scope.emailIds.length === 0) return [];
  const knowledge = await loadKnowledge(scope);
  const reader = await readerOf(scope, knowledge);
  if (!reader) return [];
  const rows = await repo.loadMail(scope.db, scope.userId, scope.accountId, scope.emailIds);
  if (rows.length === 0) return [];
  const [rules, corrections, existing] = await Promise.all([
    repo.findTriageRules(scope.db, scope.userId, scope.accountId),
    repo.listCorrections(scope.db, scope.userId, scope.accountId),
    repo.findTriages(
      scope.db,
      scope.userId,
      rows.map((row) => row.id),
    ),
  ]);
  const correctedIds = new Set(existing.filter((row) => row.corrected).map((row) => row.emailId));
  const knownCorrections: TriageCorrection[] = corrections.filter((c) => isKind(c.kind)).map((c) => ({ ...c, kind: c.kind as MailKind }));
  const understandings: { emailId: string; version: number; understanding: Understanding }[] = [];
  const decisions: TriageDecision[] = [];
  for (const row of rows) {
    const mail = toTriageMail(row);
    const understanding = understandEmail(mail, reader);
    understandings.push({ emailId: row.id, version: UNDERSTANDING_VERSION, understanding });
    if (row.isOutgoing) continue;
    const reply = needsReply(mail, understanding, {
      history: knowledge.history,
      ignoredSenders: rules.ignoredSenders,
      corrections: knownCorrections,
    });
    const review = needsReview(mail, understanding, reply, { words: rules.reviewWords, senders: rules.reviewSenders }, knowledge.history);
    if (correctedIds.has(row.id)) continue;
    decisions.push({
      emailId: row.id,
      needsReply: reply.needsReply,
      needsReview: review.needsReview,
      score: reply.score,
      reasons: reply.reasons,
      reviewReasons: review.reasons,
      understanding,
    });
  }
  await repo.upsertUnderstandings(scope.db, scope.userId, scope.accountId, understandings);
  await repo.upsertTriage(
    scope.db,
    scope.userId,
    scope.accountId,
    decisions.map(({ understanding: _u, ...decision }) => decision),
  );
  return decisions;
}

/**
 * The subscriber of mail stored: the understanding of every new email and the triage of the
 * incoming ones (not training downloads; of the initial download only the last 30 days, the rest is
 * read when opened); `emails.triaged` names the ones that need a reply; the user's habits are
 * learned again when the batch brought sent mail or was the initial download.
 */
export async function understandStoredMail(deps: Pick<Deps, 'db' | 'queue' | 'env' | 'clock'>, payload: MailStored): Promise<void> {
  const { userId, accountId, emailIds, source } = payload;
  if (source === 'training' || emailIds.length === 0) return;
  const scope = { db: deps.db, userId, accountId };
  const now = deps.clock.now().getTime();
  const rows = await repo.loadMailChoices(deps.db, userId, accountId, emailIds);
  const wanted = rows.filter(
    (row) =>
      !row.isTrainingData &&
      (source !== 'initial' || (row.receivedDate !== null && now - row.receivedDate.getTime() <= INITIAL_UNDERSTAND_WINDOW_MS)),
  );
  const decisions = await understandAndTriage({ ...scope, emailIds: wanted.map((row) => row.id) });
  const needing = decisions.filter((decision) => decision.needsReply).map((decision) => decision.emailId);
  if (needing.length) await deps.queue.publish(emailsTriagedEvent, { userId, accountId, emailIds: needing, source });
  if (source === 'initial') await requestRelearn(deps, { userId, accountId, delaySeconds: INITIAL_RELEARN_DELAY_SECONDS });
  else if (rows.some((row) => row.isOutgoing)) await requestRelearn(deps, { userId, accountId });
}

/**
 * Queues a relearn of the account's habits: at once when the last is older than
 * TRIAGE_RELEARN_MINUTES (or missing), else when it will be.
 */
export async function requestRelearn(
  deps: Pick<Deps, 'db' | 'queue' | 'env' | 'clock'>,
  { userId, accountId, delaySeconds = 0 }: { userId: string; accountId: string; delaySeconds?: number },
): Promise<void> {
  const model = await repo.findTriageModel(deps.db, userId, accountId);
  const minAgeMs = deps.env.TRIAGE_RELEARN_MINUTES * 60_000;
  const dueInMs = model ? model.learnedAt.getTime() + minAgeMs - deps.clock.now().getTime() : 0;
  const startAfterSeconds = Math.max(delaySeconds, Math.ceil(Math.max(0, dueInMs) / 1000));
  await deps.queue.enqueue(relearnTriageJob, { userId, accountId }, { singletonKey: accountId, startAfterSeconds });
}

/** The first line of a body when it is a greeting of one name ("Kim," → "Kim"). */
function greetedName(body: string | null): string | null {
  const first = (body ?? '').split('\n').find((line) => line.trim()) ?? '';
  const names = first.length <= 40 ? greetingNames(first) : null;
  return names?.length === 1 ? names[0]! : null;
}

/** The name a sent mail is signed with: its last short line ("Vince", "Kim"). */
function signedName(body: string | null): string | null {
  const lines = (body ?? '').split('\n').map((line) => line.trim());
  const cut = lines.findIndex((line) => /^-{2,}|^_{5,}|^(from|sent|to):/i.test(line));
  const own = (cut >= 0 ? lines.slice(0, cut) : lines).filter(Boolean);
  const last = own.at(-1) ?? '';
  return /^[\p{L}][\p{L}.'-]{1,20}( [\p{L}][\p{L}.'-]{1,20})?$/u.test(last) ? last : null;
}

/** Learns the account's habits from its stored mail: whom the user answers, the names people greet them by. */
export async function relearnTriage({ db, userId, accountId }: Scope): Promise<{ learnedFrom: number } | null> {
  const sources = await repo.findReaderSources(db, userId, accountId);
  if (!sources) return null;
  const [incoming, sent] = await Promise.all([
    repo.loadMailForLearning(db, userId, accountId, false),
    repo.loadMailForLearning(db, userId, accountId, true),
  ]);
  const started = Date.now();
  const own = new Set([sources.emailAddress, ...sources.aliases].map((a) => a.toLowerCase()));
  const history = learnReplyHistory({ incoming: incoming.map(toTriageMail), sent: sent.map(toTriageMail) });
  const greetings = incoming
    .filter((row) => row.recipientEmails.length === 1 && own.has(row.recipientEmails[0]!.toLowerCase()))
    .slice(0, GREETINGS_LEARNED)
    .map((row) => greetedName(row.bodyText))
    .filter((name): name is string => Boolean(name));
  const signatures = sent
    .slice(0, GREETINGS_LEARNED)
    .map((row) => signedName(row.bodyText))
    .filter((name): name is string => Boolean(name));
  await repo.saveTriageModel(db, userId, accountId, serializeKnowledge({ history, greetingNames: greetings, signatures }), incoming.length);
  logger.info({ accountId, incoming: incoming.length, sent: sent.length, ms: Date.now() - started }, 'triage habits learned');
  return { learnedFrom: incoming.length };
}

// --- what the Emails view, the queue and drafting read --------------------------------------------

async function understandingsOf(db: Db, userId: string, emailIds: string[]): Promise<Map<string, Understanding>> {
  const rows = await repo.findUnderstandings(db, userId, emailIds);
  return new Map(
    rows.filter((row) => row.version === UNDERSTANDING_VERSION).map((row) => [row.emailId, row.understanding as Understanding]),
  );
}

function triageView(row: Awaited<ReturnType<typeof repo.findTriage>>, understanding: Understanding | undefined): EmailTriage | null {
  if (!row) return null;
  // Asked of the user; when the user said it needs their reply though it asks others, what it asks them.
  const mine = understanding && row.needsReply ? asksOfReader(understanding) : [];
  const asks = mine.length === 0 && row.corrected && row.needsReply && understanding ? understanding.asks : mine;
  return {
    needsReply: row.needsReply,
    needsReview: row.needsReview,
    reasons: row.reasons,
    reviewReasons: row.reviewReasons,
    asks: asks.map(({ type, thing, of, who, deadline, sentence }) => ({ type, thing, of, who, deadline, sentence })),
    kind: understanding?.kind ?? null,
    corrected: row.corrected,
  };
}

/**
 * The triage of an email as the Emails view shows it, read (and stored) now when the email has none
 * yet (old mail of the initial download). Null for mail the user sent; 404 when not the user's.
 */
export async function triageOfEmail({ db, userId, emailId }: { db: Db; userId: string; emailId: string }): Promise<EmailTriage | null> {
  const email = await repo.findEmailAccount(db, userId, emailId);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  if (email.isOutgoing) return null;
  let [row, understandings] = await Promise.all([repo.findTriage(db, userId, emailId), understandingsOf(db, userId, [emailId])]);
  if (!row || !understandings.has(emailId)) {
    await understandAndTriage({ db, userId, accountId: email.accountId, emailIds: [emailId] });
    [row, understandings] = await Promise.all([repo.findTriage(db, userId, emailId), understandingsOf(db, userId, [emailId])]);
  }
  return triageView(row, understandings.get(emailId));
}

/** Triage of several emails (the review queue), as stored; an email without one is left out. */
export async function triagesOf({
  db,
  userId,
  emailIds,
}: {
  db: Db;
  userId: string;
  emailIds: string[];
}): Promise<Map<string, EmailTriage>> {
  const [rows, understandings] = await Promise.all([repo.findTriages(db, userId, emailIds), understandingsOf(db, userId, emailIds)]);
  const out = new Map<string, EmailTriage>();
  for (const row of rows) {
    const view = triageView(row, understandings.get(row.emailId));
    if (view) out.set(row.emailId, view);
  }
  return out;
}

/** The understanding of one email for drafting: read now when it has none. Null for an email that is not the user's. */
export async function understandingOf({ db, userId, emailId }: { db: Db; userId: string; emailId: string }): Promise<Understanding | null> {
  const stored = await understandingsOf(db, userId, [emailId]);
  if (stored.has(emailId)) return stored.get(emailId)!;
  const email = await repo.findEmailAccount(db, userId, emailId);
  if (!email) return null;
  await understandAndTriage({ db, userId, accountId: email.accountId, emailIds: [emailId] });
  return (await understandingsOf(db, userId, [emailId])).get(emailId) ?? null;
}

/**
 * What drafting needs of an email's understanding: the understanding itself and the asks the reply
 * must handle (the user's; all of them when the user said it needs their reply though it asks others).
 */
export async function asksForDrafting({ db, userId, emailId }: { db: Db; userId: string; emailId: string }) {
  const understanding = await understandingOf({ db, userId, emailId });
  if (!understanding) return { understanding: null, asks: [] };
  const mine = asksOfReader(understanding);
  const triage = await repo.findTriage(db, userId, emailId);
  const asks = mine.length === 0 && triage?.corrected && triage.needsReply ? understanding.asks : mine;
  return { understanding, asks };
}

const CORRECTED_REASON = { true: 'You marked this email as needing a reply', false: 'You marked this email as needing no reply' } as const;

/**
 * The user's correction of triage on one email: kept (and learned per sender and kind for the next
 * mail), the email's decision set to it. A correction to "needs a reply" announces the email for
 * drafting. 404 when the email is not the user's or is mail they sent.
 */
export async function correctTriage(
  deps: Pick<Deps, 'db' | 'queue'>,
  { userId, emailId, needsReply: wanted }: { userId: string; emailId: string; needsReply: boolean },
): Promise<EmailTriage> {
  const { db } = deps;
  const email = await repo.findEmailAccount(db, userId, emailId);
  if (!email || email.isOutgoing) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  const understanding = await understandingOf({ db, userId, emailId });
  const current = await repo.findTriage(db, userId, emailId);
  const [mail] = await repo.loadMail(db, userId, email.accountId, [emailId]);
  await repo.upsertCorrection(db, {
    userId,
    emailAccountId: email.accountId,
    emailId,
    sender: mail?.senderEmail?.toLowerCase() ?? '',
    kind: understanding?.kind ?? 'other',
    needsReply: wanted,
  });
  const machineReasons = (current?.reasons ?? []).filter((reason) => !Object.values(CORRECTED_REASON).includes(reason as never));
  await repo.upsertTriage(db, userId, email.accountId, [
    {
      emailId,
      needsReply: wanted,
      needsReview: current?.needsReview ?? false,
      score: wanted ? 1 : 0,
      reasons: [CORRECTED_REASON[`${wanted}`], ...machineReasons],
      reviewReasons: current?.reviewReasons ?? [],
      corrected: true,
    },
  ]);
  if (wanted && !current?.needsReply)
    await deps.queue.publish(emailsTriagedEvent, { userId, accountId: email.accountId, emailIds: [emailId], source: 'sync' });
  return triageView(await repo.findTriage(db, userId, emailId), understanding ?? undefined)!;
}
