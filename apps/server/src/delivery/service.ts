import {
  CONNECTION_CHECK_MESSAGES,
  DELIVERY_MESSAGES,
  DELIVERY_MODE_DEFAULT,
  type DeliveryMode,
  type DeliverySettingsResponse,
  type DraftDelivery,
  type SmtpSettingsInput,
} from '@penman/contract';
import type { ImapFlow } from 'imapflow';
import type { Deps } from '../deps.ts';
import { openFile } from '../files/service.ts';
import { connectImapAccount, imapSettings, resolveMailServer } from '../mail/service.ts';
import { notifyFailure } from '../notifications/service.ts';
import type { Db } from '../platform/db/client.ts';
import type { DraftDeliveryRow } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { GMAIL_COMPOSE_SCOPE } from '../platform/google.ts';
import { logger } from '../platform/logger.ts';
import { checkMailServer } from '../platform/mail-server-check.ts';
import type { Queue } from '../platform/queue.ts';
import { publishEvent } from '../platform/realtime.ts';
import { getStyleProfileForDrafting } from '../style/service.ts';
import { getProfileNames } from '../users/service.ts';
import { describeFailure } from './engine/failures.ts';
import { type ReplyRecipients, repliesToAll, replyRecipients } from './engine/recipients.ts';
import { newMessageId, replyMessage } from './engine/reply-message.ts';
import { imapPasswordMayGoTo, smtpPreset } from './engine/smtp-presets.ts';
import { deliverDraftJob } from './jobs.ts';
import { buildMime, type OutgoingAttachment } from './mime.ts';
import * as repo from './repo.ts';
import { createGmailDraft, findGmailMessage, gmailApi, sendGmail } from './transports/gmail.ts';
import { appendMessage, findByMessageId, findFolder } from './transports/imap-mailbox.ts';
import { type SmtpConnection, sendSmtp, verifySmtp } from './transports/smtp.ts';

export type { ReplyRecipients } from './engine/recipients.ts';

type Scope = { db: Db; userId: string };

/** Who a new draft replies to (stored on it when it is written): the sender, and everyone else when the mail went to others too. */
export function recipientsForReply(
  mail: { senderEmail: string | null; recipientEmails: string[]; ccEmails: string[]; headers: { replyTo?: string } },
  ownerAddresses: string[],
): ReplyRecipients {
  const input = { ...mail, replyTo: mail.headers.replyTo ?? null };
  return replyRecipients(input, ownerAddresses, repliesToAll(input, ownerAddresses));
}

export function toDraftDelivery(row: DraftDeliveryRow | null | undefined): DraftDelivery | null {
  if (!row) return null;
  return {
    mode: row.mode,
    state: row.state,
    messageId: row.messageId,
    attempts: row.attempts,
    error: row.error,
    retryable: row.retryable,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    // The SMTP phase stays at data_end when the server's answer to the final dot never came.
    unconfirmed: row.mode === 'send' && row.state === 'delivered' && row.smtpPhase === 'data_end',
  };
}

async function notifyDraft(db: Db, userId: string, draft: { id: string; emailAccountId: string; status: string }) {
  await publishEvent(db, userId, {
    type: 'draft.updated',
    data: { draftId: draft.id, emailAccountId: draft.emailAccountId, status: draft.status },
  }).catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// Approval -> delivery.

/**
 * Called in the transaction that approves a draft (drafts/service.ts): the delivery row with its
 * Message-ID, and its job, commit with the approval or not at all. An imported (mbox) account has
 * no server: the delivery is failed at once, not retryable. Other users' pending drafts of the
 * same email in a shared inbox (accounts that proved they open the same mailbox) become 'completed';
 * answers them for their events (sent after commit).
 */
export async function startDelivery({
  tx,
  queue,
  userId,
  draftId,
  accountId,
}: {
  tx: repo.Writer;
  queue: Pick<Queue, 'enqueue'>;
  userId: string;
  draftId: string;
  accountId: string;
}) {
  const account = await repo.findAccountAddress(tx, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.accountNotFound);
  const settings = await repo.findSettings(tx, userId, accountId);
  const mode: DeliveryMode = settings?.mode ?? DELIVERY_MODE_DEFAULT;
  const messageId = newMessageId(account.emailAddress);
  if (account.provider === 'mbox') {
    await repo.insertDelivery(tx, {
      draftId,
      userId,
      emailAccountId: accountId,
      mode,
      messageId,
      state: 'failed',
      error: DELIVERY_MESSAGES.importedAccount,
      retryable: false,
    });
  } else {
    await repo.insertDelivery(tx, { draftId, userId, emailAccountId: accountId, mode, messageId, state: 'queued' });
    await queue.enqueue(deliverDraftJob, { userId, draftId }, { tx, singletonKey: draftId });
  }
  // Teammates are users whose accounts proved they open this mailbox (never an import, never an address).
  const mail = await repo.findMailOfDraft(tx, userId, draftId);
  if (!mail?.messageId || !account.mailboxIdentity) return [];
  return repo.completeTeammateDrafts(tx, { userId, mailboxIdentity: account.mailboxIdentity, messageId: mail.messageId });
}

/** After the approval committed: every open tab of the teammates hears their draft was completed. */
export async function notifyCompleted(db: Db, completed: { id: string; userId: string; emailAccountId: string }[]) {
  for (const draft of completed) await notifyDraft(db, draft.userId, { ...draft, status: 'completed' });
}

/** Retry of a failed delivery: back to queued with a new job, in one transaction. */
export async function retryDelivery({ db, queue, userId, draftId }: Scope & { queue: Pick<Queue, 'enqueue'>; draftId: string }) {
  const current = await repo.findDelivery(db, userId, draftId);
  if (!current) throw new AppError('CONFLICT', DELIVERY_MESSAGES.noDelivery);
  if (current.state !== 'failed') throw new AppError('CONFLICT', DELIVERY_MESSAGES.notFailed);
  if (!current.retryable) throw new AppError('CONFLICT', DELIVERY_MESSAGES.notRetryable);
  await db.transaction(async (tx) => {
    const row = await repo.requeue(tx, userId, draftId);
    if (!row) throw new AppError('CONFLICT', DELIVERY_MESSAGES.notFailed);
    // A job of an earlier attempt may still be finishing: each retry gets its own key.
    await queue.enqueue(deliverDraftJob, { userId, draftId }, { tx, singletonKey: `${draftId}#${row.attempts}` });
  });
  const draft = await repo.findDraftToDeliver(db, userId, draftId);
  if (draft) await notifyDraft(db, userId, draft.draft);
}

/** A delivery untouched this long with no job of its own is stalled (pg-boss gave up after its retries). */
export const STALLED_DELIVERY_AFTER_MS = 30 * 60_000;

/**
 * The delivery.fail-stalled sweep: a delivery still queued or delivering long after its last step,
 * with no job waiting, retrying or running, is failed with Retry and the user is told. It is never
 * re-queued here: a draft whose worker died five times may be what kills it, and the user's Retry
 * goes through the same mailbox check and SMTP phases as any retry, so nothing is sent twice.
 */
export async function failStalledDeliveries({ db, now }: { db: Db; now: Date }): Promise<number> {
  let failed = 0;
  for (const { userId, draftId } of await repo.findStalledDeliveries(db, new Date(now.getTime() - STALLED_DELIVERY_AFTER_MS))) {
    if (!(await repo.markStalledFailed(db, userId, draftId, DELIVERY_MESSAGES.interrupted))) continue;
    failed++;
    logger.warn({ draftId }, 'delivery stalled with no job left: failed with Retry');
    await notifyFailure({ db, userId }, { kind: 'delivery_failed', reason: DELIVERY_MESSAGES.interrupted });
    const found = await repo.findDraftToDeliver(db, userId, draftId);
    if (found) await notifyDraft(db, userId, found.draft);
  }
  return failed;
}

// ---------------------------------------------------------------------------------------------
// The reply as a message.

export type DeliverDeps = Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'google' | 'microsoft' | 'files'> & {
  /** Extra CA trusted for SMTP (tests); operators use NODE_EXTRA_CA_CERTS. */
  smtpCa?: string;
  /**
   * Fault-injection seam for the exactly-once tests: called at each step below; what it throws
   * escapes as a crash of the worker would (nothing stored), never as a delivery failure.
   */
  crashAt?: (step: DeliveryStep) => void | Promise<void>;
};

export type DeliveryStep =
  | 'claimed'
  | 'before-transport'
  | 'after-drafts-append'
  | 'after-smtp-accepted'
  | 'after-sent-append'
  | 'after-gmail-call'
  | 'before-mark-delivered';

async function composeReply(deps: DeliverDeps, userId: string, delivery: DraftDeliveryRow) {
  const found = await repo.findDraftToDeliver(deps.db, userId, delivery.draftId);
  const account = await repo.findAccount(deps.db, userId, delivery.emailAccountId);
  if (!found || !account) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.accountNotFound);
  const { draft, mail } = found;
  const owners = [account.emailAddress, ...account.aliases];
  const recipients = draft.recipients ?? recipientsForReply(mail, owners);
  const [profile, names] = await Promise.all([
    getStyleProfileForDrafting({ db: deps.db, userId, accountId: account.id }),
    getProfileNames({ db: deps.db, userId }),
  ]);
  const ownName = [names?.firstName, names?.lastName].filter(Boolean).join(' ');
  const displayName = account.displayName && account.displayName !== account.emailAddress ? account.displayName : ownName || null;
  const message = replyMessage({
    draft: { subject: draft.subject, body: draft.body, recipients },
    mail,
    account: { address: account.emailAddress, displayName },
    signature: profile?.signatureStyle?.example ?? null,
    messageId: delivery.messageId,
    // The delivery's own time: every attempt builds the same message.
    date: delivery.createdAt,
  });
  // The library files the user kept selected, streamed from storage (a file deleted since is left out).
  const attachments: OutgoingAttachment[] = [];
  for (const selected of draft.suggestedAttachments.filter((a) => a.selected)) {
    const file = await openFile({ db: deps.db, userId, files: deps.files, source: 'attachment', id: selected.id }).catch((error) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (file) attachments.push({ filename: file.filename, contentType: file.contentType, stream: file.stream });
  }
  const raw = await buildMime(message, attachments);
  return { raw, message, account, mail, draft };
}

/** The reply as a message/rfc822 download (Copy / .eml for an imported account, or any approved draft). */
export async function draftEml(
  deps: Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'google' | 'microsoft' | 'files'>,
  { userId, draftId }: { userId: string; draftId: string },
) {
  const delivery = await repo.findDelivery(deps.db, userId, draftId);
  const fallback = await repo.findDraftToDeliver(deps.db, userId, draftId);
  if (!fallback) throw new AppError('NOT_FOUND', 'Draft not found');
  const account = await repo.findAccount(deps.db, userId, fallback.draft.emailAccountId);
  if (!account) throw new AppError('NOT_FOUND', 'Draft not found');
  // A draft not approved yet gets a Message-ID of its own for the download (none is stored).
  const row: DraftDeliveryRow = delivery ?? {
    draftId,
    userId,
    emailAccountId: account.id,
    mode: DELIVERY_MODE_DEFAULT,
    state: 'queued',
    messageId: newMessageId(account.emailAddress),
    attempts: 0,
    error: null,
    retryable: true,
    smtpPhase: null,
    providerMessageId: null,
    providerThreadId: null,
    deliveredAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const { raw, message } = await composeReply(deps, userId, row);
  return { raw, filename: `${emlName(message.subject)}.eml` };
}

function emlName(subject: string): string {
  const name = subject
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return name || 'reply';
}

// ---------------------------------------------------------------------------------------------
// The delivery job.

type Outcome = { providerMessageId: string | null; providerThreadId: string | null };

/**
 * The `delivery.deliver` job: one attempt of a draft's delivery, exactly once whatever fails.
 *
 * Steps, and what a crash at each leaves (the job runs again: pg-boss retries a dead worker's job):
 * 1. claim: queued|delivering -> delivering, attempts + 1. A crash before: the job runs again as new.
 * 2. attempts > 1 means an earlier attempt may have reached the server: look for the Message-ID
 *    (Drafts or Sent by IMAP SEARCH HEADER, Gmail `rfc822msgid:`); found -> delivered, nothing sent.
 * 3. Save to Drafts: APPEND to Drafts (\Draft \Seen). A crash or a cut connection after the server
 *    stored it: step 2 finds it next time.
 * 4. Send (SMTP): smtp_phase 'data' is stored before the message's first byte and 'data_end' before
 *    its final dot (transports/smtp.ts); 'accepted' after the 250. A later attempt that finds
 *    'data_end' or 'accepted' never sends again: it only stores the Sent copy. Before 'data_end'
 *    the server cannot have the message (no final dot): sending again is safe. The one gap: a
 *    crash after 'data_end' is stored and before the dot leaves means the reply is marked sent
 *    although it was not (at most once there, never twice).
 * 5. Sent copy (SMTP): APPEND to Sent with \Seen unless Sent already holds the Message-ID (servers
 *    that file sent mail themselves, and a retry after a crash here). The next sync stores it once:
 *    emails are unique per (account, Message-ID) (emails_account_message_key_uq).
 * 6. Gmail: messages.send / drafts.create in the mail's thread; step 2's search makes a retry safe.
 * 7. delivered + draft 'sent'/'saved' with sentAt in one transaction; a crash before: step 2 again.
 */
export async function deliverDraft(deps: DeliverDeps, { userId, draftId }: { userId: string; draftId: string }): Promise<void> {
  const claimed = await repo.claimAttempt(deps.db, userId, draftId);
  if (!claimed) return;
  const crash = async (step: DeliveryStep) => {
    try {
      await deps.crashAt?.(step);
    } catch (error) {
      throw new InjectedCrash(error);
    }
  };
  try {
    await crash('claimed');
    const outcome = await attempt(deps, userId, claimed, crash);
    await crash('before-mark-delivered');
    const draft = await repo.markDelivered(deps.db, userId, draftId, {
      status: claimed.mode === 'send' ? 'sent' : 'saved',
      ...outcome,
    });
    if (draft) await notifyDraft(deps.db, userId, draft);
  } catch (error) {
    if (error instanceof InjectedCrash) throw error.cause;
    const failure = describeFailure(error);
    logger.warn(
      { draftId, mode: claimed.mode, attempt: claimed.attempts, code: (error as { code?: string }).code, reason: failure.message },
      'delivery attempt failed',
    );
    await repo.markFailed(deps.db, userId, draftId, failure.message, failure.retryable);
    await notifyFailure({ db: deps.db, userId }, { kind: 'delivery_failed', reason: failure.message });
    const found = await repo.findDraftToDeliver(deps.db, userId, draftId);
    if (found) await notifyDraft(deps.db, userId, found.draft);
  }
}

class InjectedCrash extends Error {
  constructor(cause: unknown) {
    super('injected crash', { cause });
  }
}

/** The code of a connection refused because the IMAP password would go to another server. */
const IMAP_PASSWORD_ELSEWHERE = 'IMAP_PASSWORD_ELSEWHERE';

class DeliveryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function attempt(
  deps: DeliverDeps,
  userId: string,
  delivery: DraftDeliveryRow,
  crash: (step: DeliveryStep) => Promise<void>,
): Promise<Outcome> {
  const retrying = delivery.attempts > 1;
  const { raw, account, mail } = await composeReply(deps, userId, delivery);
  await crash('before-transport');
  switch (account.provider) {
    case 'mbox':
      throw new DeliveryError('IMPORTED', DELIVERY_MESSAGES.importedAccount);
    case 'gmail':
      return deliverByGmail(deps, { account, delivery, raw, retrying, mailMessageId: mail.messageId, crash });
    default:
      return delivery.mode === 'send'
        ? sendBySmtp(deps, { userId, account, delivery, raw, retrying, crash })
        : saveToImapDrafts(deps, { userId, accountId: account.id, delivery, raw, retrying, crash });
  }
}

async function withImap<T>(deps: DeliverDeps, userId: string, accountId: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = await connectImapAccount(deps, { userId, accountId });
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function saveToImapDrafts(
  deps: DeliverDeps,
  p: {
    userId: string;
    accountId: string;
    delivery: DraftDeliveryRow;
    raw: Buffer;
    retrying: boolean;
    crash: (s: DeliveryStep) => Promise<void>;
  },
): Promise<Outcome> {
  return withImap(deps, p.userId, p.accountId, async (client) => {
    const folder = await findFolder(client, 'drafts');
    if (p.retrying) {
      const [uid] = await findByMessageId(client, folder, p.delivery.messageId);
      if (uid) return { providerMessageId: `${folder}:${uid}`, providerThreadId: null };
    }
    const id = await appendMessage(client, folder, p.raw, ['\\Draft', '\\Seen'], p.delivery.createdAt);
    await p.crash('after-drafts-append');
    return { providerMessageId: id, providerThreadId: null };
  });
}

/** The account's SMTP connection: saved settings or the provider's presets, the IMAP password unless one of its own is saved. */
async function smtpConnectionOf(
  deps: Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'microsoft'> & { smtpCa?: string },
  userId: string,
  account: repo.DeliveryAccount,
  override?: SmtpSettingsInput,
): Promise<SmtpConnection> {
  if (account.provider === 'outlook') return microsoftSmtpConnection(deps, { ...account, userId });
  const settings = await repo.findSettings(deps.db, userId, account.id);
  const resolved = smtpSettingsOf(account, settings);
  const host = override?.host ?? resolved.host;
  const ownPassword =
    override?.password ?? (settings?.smtpEncryptedPassword && !override ? deps.secretBox.decrypt(settings.smtpEncryptedPassword) : null);
  // The IMAP password goes only where it belongs (its server, or the provider's SMTP server): for a
  // check, a save and every send alike, so settings saved before this rule cannot send it elsewhere.
  if (!ownPassword && !imapPasswordMayGoTo({ emailAddress: account.emailAddress, imapHost: imapSettings(account).host, smtpHost: host }))
    throw new DeliveryError(IMAP_PASSWORD_ELSEWHERE, DELIVERY_MESSAGES.imapPasswordElsewhere(host));
  const password = ownPassword ?? (account.encryptedPassword ? deps.secretBox.decrypt(account.encryptedPassword) : null);
  if (!password) throw new DeliveryError('EAUTH', DELIVERY_MESSAGES.authRefused);
  const target = await resolveMailServer(deps, host);
  if ('refused' in target) throw new DeliveryError(target.refused === 'private' ? 'PRIVATE_HOST' : 'EDNS', DELIVERY_MESSAGES.unreachable);
  return {
    host,
    address: target.address,
    port: override?.port ?? resolved.port,
    security: override?.security ?? resolved.security,
    username: override?.username ?? resolved.username,
    password,
    // The extra CA trusted for mail servers (tests' own CA: the Dovecot certificate serves SMTP too).
    ca: deps.smtpCa ?? deps.imapCa,
  };
}

/** Microsoft's SMTP settings as the settings screen shows them: fixed, signing in with the account's Microsoft consent. */
function microsoftSmtpSettings(microsoft: NonNullable<Deps['microsoft']>, account: repo.DeliveryAccount) {
  const { host, port } = microsoft.oauth.config.smtp;
  return {
    host,
    port,
    security: port === 465 ? ('tls' as const) : ('starttls' as const),
    username: account.username?.trim() || account.emailAddress,
    // No password: the Microsoft sign-in (XOAUTH2) the account was connected with.
    usesImapPassword: true,
    saved: true,
  };
}

/**
 * An outlook account's SMTP connection: Microsoft's server (the operator's setting, so the
 * private-address rule does not apply) with XOAUTH2. The token is fetched first, so a revoked
 * consent fails with Microsoft's reconnect message before any connection is made.
 */
async function microsoftSmtpConnection(
  deps: Pick<Deps, 'secretBox' | 'imapCa' | 'microsoft'> & { smtpCa?: string },
  account: repo.DeliveryAccount & { userId: string },
): Promise<SmtpConnection> {
  const microsoft = deps.microsoft;
  if (!microsoft) throw new DeliveryError('EAUTH', DELIVERY_MESSAGES.authRefused);
  await microsoft.accessToken(account);
  const settings = microsoftSmtpSettings(microsoft, account);
  return {
    host: settings.host,
    address: settings.host,
    port: settings.port,
    security: settings.security,
    username: settings.username,
    password: null,
    accessToken: (renew) => microsoft.accessToken(account, { renew }),
    ca: deps.smtpCa ?? deps.imapCa,
  };
}

async function sendBySmtp(
  deps: DeliverDeps,
  p: {
    userId: string;
    account: repo.DeliveryAccount;
    delivery: DraftDeliveryRow;
    raw: Buffer;
    retrying: boolean;
    crash: (s: DeliveryStep) => Promise<void>;
  },
): Promise<Outcome> {
  const { userId, account, delivery } = p;
  const mayHaveBeenSent = delivery.smtpPhase === 'data_end' || delivery.smtpPhase === 'accepted';
  let alreadyInSent = false;
  if (p.retrying && !mayHaveBeenSent) {
    // A copy in Sent with our Message-ID: sent before (by another client of a shared mailbox, or a server that files it).
    alreadyInSent = await withImap(deps, userId, account.id, async (client) => {
      const sent = await findFolder(client, 'sent');
      return (await findByMessageId(client, sent, delivery.messageId)).length > 0;
    });
  }
  if (!mayHaveBeenSent && !alreadyInSent) {
    const connection = await smtpConnectionOf(deps, userId, account);
    const envelopeTo = await repo.findDraftToDeliver(deps.db, userId, delivery.draftId);
    const recipients = envelopeTo?.draft.recipients ?? recipientsForReply(envelopeTo!.mail, [account.emailAddress, ...account.aliases]);
    try {
      await sendSmtp(connection, { from: account.emailAddress, to: [...recipients.to, ...recipients.cc] }, p.raw, (phase) =>
        repo.setSmtpPhase(deps.db, userId, delivery.draftId, phase),
      );
    } catch (error) {
      // A definite answer from the server (a 4xx/5xx reply) means it does not hold the message.
      if ((error as { responseCode?: number }).responseCode) await repo.setSmtpPhase(deps.db, userId, delivery.draftId, null);
      throw error;
    }
    await repo.setSmtpPhase(deps.db, userId, delivery.draftId, 'accepted');
    await p.crash('after-smtp-accepted');
  }
  // The Sent copy, unless the server filed one (or an earlier attempt stored it).
  const stored = await withImap(deps, userId, account.id, async (client) => {
    const sent = await findFolder(client, 'sent');
    const [uid] = await findByMessageId(client, sent, delivery.messageId);
    if (uid) return `${sent}:${uid}`;
    const id = await appendMessage(client, sent, p.raw, ['\\Seen'], delivery.createdAt);
    await p.crash('after-sent-append');
    return id;
  });
  return { providerMessageId: stored, providerThreadId: null };
}

/** Gmail accounts: compose needs gmail.compose; a grant from before (read-only) must reconnect. */
export function canCompose(account: Pick<repo.DeliveryAccount, 'provider' | 'grantedScopes'>): boolean {
  if (account.provider !== 'gmail') return account.provider !== 'mbox';
  return (account.grantedScopes ?? []).some(
    (scope) => scope === GMAIL_COMPOSE_SCOPE || scope.endsWith('/gmail.modify') || scope === 'https://mail.google.com/',
  );
}

async function deliverByGmail(
  deps: DeliverDeps,
  p: {
    account: repo.DeliveryAccount;
    delivery: DraftDeliveryRow;
    raw: Buffer;
    retrying: boolean;
    mailMessageId: string | null;
    crash: (s: DeliveryStep) => Promise<void>;
  },
): Promise<Outcome> {
  if (!canCompose(p.account)) throw new DeliveryError('GMAIL_SCOPE', DELIVERY_MESSAGES.gmailReadOnly);
  if (!deps.google || !p.account.encryptedPassword) throw new DeliveryError('GMAIL_RECONNECT', DELIVERY_MESSAGES.gmailReconnect);
  const api = gmailApi(deps.google, deps.secretBox.decrypt(p.account.encryptedPassword));
  if (p.retrying) {
    const found = await findGmailMessage(api, p.delivery.messageId);
    if (found) return { providerMessageId: found.id, providerThreadId: found.threadId };
  }
  const thread = p.mailMessageId ? await findGmailMessage(api, p.mailMessageId) : null;
  const threadId = thread?.threadId ?? null;
  const result = p.delivery.mode === 'send' ? await sendGmail(api, p.raw, threadId) : await createGmailDraft(api, p.raw, threadId);
  await p.crash('after-gmail-call');
  return { providerMessageId: result.id, providerThreadId: result.threadId };
}

// ---------------------------------------------------------------------------------------------
// Delivery settings of an account.

function smtpSettingsOf(account: repo.DeliveryAccount, settings: Awaited<ReturnType<typeof repo.findSettings>>) {
  const imap = imapSettings(account);
  const preset = smtpPreset({ emailAddress: account.emailAddress, imapHost: imap.host });
  const saved = Boolean(settings?.smtpHost);
  return {
    host: settings?.smtpHost ?? preset.host,
    port: settings?.smtpPort ?? preset.port,
    security: settings?.smtpSecurity ?? preset.security,
    username: settings?.smtpUsername ?? imap.user,
    usesImapPassword: !settings?.smtpEncryptedPassword,
    saved,
  };
}

async function requireAccount({ db, userId }: Scope, accountId: string) {
  const account = await repo.findAccount(db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.accountNotFound);
  return account;
}

export async function getDeliverySettings({
  db,
  userId,
  accountId,
  microsoft,
}: Scope & { accountId: string; microsoft: Deps['microsoft'] }): Promise<DeliverySettingsResponse> {
  const account = await requireAccount({ db, userId }, accountId);
  const settings = await repo.findSettings(db, userId, accountId);
  const smtp =
    account.provider === 'exchange'
      ? smtpSettingsOf(account, settings)
      : account.provider === 'outlook' && microsoft
        ? microsoftSmtpSettings(microsoft, account)
        : null;
  return {
    mode: settings?.mode ?? DELIVERY_MODE_DEFAULT,
    smtp,
    canDeliver: account.provider !== 'mbox',
    canCompose: canCompose(account),
  };
}

type SettingsDeps = Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'microsoft'> & { smtpCa?: string };

/**
 * Logs in with these SMTP settings (nodemailer verify), without saving them: a check of a server the
 * user names (platform/mail-server-check.ts), counted per user with the IMAP checks, and every
 * failure to reach or sign in answered with one message after the same wait (the cause goes to the
 * log), so the check cannot tell a closed port, another service and a refused password apart.
 */
export async function checkSmtp(
  deps: SettingsDeps,
  { userId, accountId, smtp }: { userId: string; accountId: string; smtp: SmtpSettingsInput },
) {
  const account = await requireAccount({ db: deps.db, userId }, accountId);
  if (account.provider !== 'exchange') throw new AppError('VALIDATION', DELIVERY_MESSAGES.smtpNotForProvider);
  let connection: SmtpConnection;
  try {
    connection = await smtpConnectionOf(deps, userId, account, smtp);
  } catch (error) {
    const { message } = describeFailure(error);
    const code = (error as { code?: string }).code;
    if (code === IMAP_PASSWORD_ELSEWHERE) throw new AppError('VALIDATION', message, { fields: { password: message } });
    // Refused before connecting: a private address (open sign-up) says so, a name with no address is the one failure.
    throw new AppError('BAD_REQUEST', code === 'EDNS' ? CONNECTION_CHECK_MESSAGES.failed : message);
  }
  const { host, port, address } = connection;
  await checkMailServer(
    { db: deps.db, userId, timeoutMs: deps.env.MAIL_CHECK_TIMEOUT_MS, log: { protocol: 'smtp', host, port, address } },
    () => verifySmtp(connection),
  );
  return { ok: true as const, message: DELIVERY_MESSAGES.smtpOk(host) };
}

/** Saves the mode and (after a successful login) the SMTP settings; a given password is stored encrypted. */
export async function updateDeliverySettings(
  deps: SettingsDeps,
  {
    userId,
    accountId,
    changes,
  }: { userId: string; accountId: string; changes: { mode?: DeliveryMode | undefined; smtp?: SmtpSettingsInput | undefined } },
): Promise<DeliverySettingsResponse> {
  const account = await requireAccount({ db: deps.db, userId }, accountId);
  const values: repo.SettingsValues = {};
  if (changes.mode) values.mode = changes.mode;
  if (changes.smtp) {
    await checkSmtp(deps, { userId, accountId, smtp: changes.smtp });
    values.smtpHost = changes.smtp.host;
    values.smtpPort = changes.smtp.port;
    values.smtpSecurity = changes.smtp.security;
    values.smtpUsername = changes.smtp.username;
    values.smtpEncryptedPassword = changes.smtp.password ? deps.secretBox.encrypt(changes.smtp.password) : null;
  }
  if (Object.keys(values).length > 0) await repo.saveSettings(deps.db, userId, account.id, values);
  return getDeliverySettings({ db: deps.db, userId, accountId, microsoft: deps.microsoft });
}

/**
 * Sends a message Penman writes to the user (notification emails) through the SMTP of one of the
 * user's IMAP accounts, with the same connection rules as a reply. Throws when the server refuses.
 */
export async function sendOwnMessageBySmtp(
  deps: Pick<Deps, 'env' | 'db' | 'secretBox' | 'imapCa' | 'microsoft'> & { smtpCa?: string },
  { userId, accountId, to, raw }: { userId: string; accountId: string; to: string; raw: Buffer },
): Promise<void> {
  const account = await requireAccount({ db: deps.db, userId }, accountId);
  if (account.provider !== 'exchange' && account.provider !== 'outlook')
    throw new AppError('VALIDATION', DELIVERY_MESSAGES.smtpNotForProvider);
  const connection = await smtpConnectionOf(deps, userId, account);
  await sendSmtp(connection, { from: account.emailAddress, to: [to] }, raw, async () => {});
}
