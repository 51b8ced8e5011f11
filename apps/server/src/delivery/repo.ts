import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  type DeliverySettingsRow,
  type DraftDeliveryRow,
  deliverySettings,
  draftDeliveries,
  drafts,
  emailAccounts,
  emails,
  type SmtpPhase,
} from '../platform/db/schema/index.ts';

// Every function takes the user's id and puts it in the `where`; an account id is checked against it.

/** A transaction or the database (the approval writes its delivery in its own transaction). */
export type Writer = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;

export async function findAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({
      id: emailAccounts.id,
      emailAddress: emailAccounts.emailAddress,
      provider: emailAccounts.provider,
      displayName: emailAccounts.displayName,
      serverUrl: emailAccounts.serverUrl,
      port: emailAccounts.port,
      username: emailAccounts.username,
      encryptedPassword: emailAccounts.encryptedPassword,
      grantedScopes: emailAccounts.grantedScopes,
      aliases: emailAccounts.aliases,
    })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

export type DeliveryAccount = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function findSettings(db: Writer, userId: string, accountId: string): Promise<DeliverySettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(deliverySettings)
    .where(and(eq(deliverySettings.userId, userId), eq(deliverySettings.emailAccountId, accountId)))
    .limit(1);
  return row;
}

export type SettingsValues = Partial<
  Pick<DeliverySettingsRow, 'mode' | 'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'smtpUsername' | 'smtpEncryptedPassword'>
>;

/** `accountId` must already be checked against `userId`. */
export async function saveSettings(db: Db, userId: string, accountId: string, values: SettingsValues) {
  await db
    .insert(deliverySettings)
    .values({ emailAccountId: accountId, userId, ...values })
    .onConflictDoUpdate({ target: deliverySettings.emailAccountId, set: { ...values, updatedAt: new Date() } });
}

export async function insertDelivery(tx: Writer, values: typeof draftDeliveries.$inferInsert) {
  await tx.insert(draftDeliveries).values(values).onConflictDoNothing();
}

export async function findDelivery(db: Writer, userId: string, draftId: string): Promise<DraftDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(draftDeliveries)
    .where(and(eq(draftDeliveries.userId, userId), eq(draftDeliveries.draftId, draftId)))
    .limit(1);
  return row;
}

/**
 * Starts an attempt: queued (or delivering, left by a worker that died) -> delivering, attempts + 1.
 * Undefined when the delivery is delivered or failed (nothing to do).
 */
export async function claimAttempt(db: Db, userId: string, draftId: string) {
  const [row] = await db
    .update(draftDeliveries)
    .set({ state: 'delivering', attempts: sql`${draftDeliveries.attempts} + 1`, error: null, updatedAt: new Date() })
    .where(
      and(
        eq(draftDeliveries.userId, userId),
        eq(draftDeliveries.draftId, draftId),
        inArray(draftDeliveries.state, ['queued', 'delivering']),
      ),
    )
    .returning();
  return row;
}

export async function setSmtpPhase(db: Db, userId: string, draftId: string, phase: SmtpPhase | null) {
  await db
    .update(draftDeliveries)
    .set({ smtpPhase: phase, updatedAt: new Date() })
    .where(and(eq(draftDeliveries.userId, userId), eq(draftDeliveries.draftId, draftId)));
}

/** Delivered, and the draft 'sent' or 'saved' with sentAt, in one transaction. */
export async function markDelivered(
  db: Db,
  userId: string,
  draftId: string,
  outcome: { status: 'sent' | 'saved'; providerMessageId: string | null; providerThreadId: string | null },
) {
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx
      .update(draftDeliveries)
      .set({
        state: 'delivered',
        error: null,
        deliveredAt: now,
        providerMessageId: outcome.providerMessageId,
        providerThreadId: outcome.providerThreadId,
        updatedAt: now,
      })
      .where(and(eq(draftDeliveries.userId, userId), eq(draftDeliveries.draftId, draftId)));
    const [draft] = await tx
      .update(drafts)
      .set({ status: outcome.status, sentAt: now, providerDraftId: outcome.providerMessageId, updatedAt: now })
      .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId), inArray(drafts.status, ['approved', 'edited', 'buy_time'])))
      .returning({ id: drafts.id, emailAccountId: drafts.emailAccountId, status: drafts.status });
    return draft;
  });
}

export async function markFailed(db: Db, userId: string, draftId: string, error: string, retryable: boolean) {
  await db
    .update(draftDeliveries)
    .set({ state: 'failed', error, retryable, updatedAt: new Date() })
    .where(and(eq(draftDeliveries.userId, userId), eq(draftDeliveries.draftId, draftId)));
}

/** Retry: failed and retryable -> queued, in the transaction that enqueues its job. */
export async function requeue(tx: Writer, userId: string, draftId: string) {
  const [row] = await tx
    .update(draftDeliveries)
    .set({ state: 'queued', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(draftDeliveries.userId, userId),
        eq(draftDeliveries.draftId, draftId),
        eq(draftDeliveries.state, 'failed'),
        eq(draftDeliveries.retryable, true),
      ),
    )
    .returning();
  return row;
}

/** What the reply is made of: the draft, the mail it answers. */
export async function findDraftToDeliver(db: Db, userId: string, draftId: string) {
  const [row] = await db
    .select({
      draft: {
        id: drafts.id,
        emailAccountId: drafts.emailAccountId,
        status: drafts.status,
        subject: drafts.subject,
        body: drafts.body,
        recipients: drafts.recipients,
        suggestedAttachments: drafts.suggestedAttachments,
      },
      mail: {
        messageId: emails.messageId,
        references: emails.references,
        subject: emails.subject,
        senderEmail: emails.senderEmail,
        recipientEmails: emails.recipientEmails,
        ccEmails: emails.ccEmails,
        headers: emails.headers,
      },
    })
    .from(drafts)
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId)))
    .limit(1);
  return row;
}

/**
 * A shared inbox: the pending drafts other users of Penman hold of the same email (an account that
 * proved it opens the same mailbox, the same Message-ID) become 'completed'. Answers them, for their
 * events. Never by address: an imported file or a server of one's own may claim any address.
 */
export async function completeTeammateDrafts(
  tx: Writer,
  { userId, mailboxIdentity, messageId }: { userId: string; mailboxIdentity: string; messageId: string },
) {
  const others = await tx
    .select({ id: drafts.id, userId: drafts.userId, emailAccountId: drafts.emailAccountId })
    .from(drafts)
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .innerJoin(emailAccounts, eq(emailAccounts.id, drafts.emailAccountId))
    .where(
      and(
        ne(drafts.userId, userId),
        eq(drafts.status, 'pending'),
        eq(emails.messageId, messageId),
        eq(emailAccounts.mailboxIdentity, mailboxIdentity),
      ),
    );
  if (others.length === 0) return [];
  const now = new Date();
  await tx
    .update(drafts)
    .set({ status: 'completed', decidedAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          drafts.id,
          others.map((o) => o.id),
        ),
        eq(drafts.status, 'pending'),
      ),
    );
  return others;
}

export async function findAccountAddress(db: Writer, userId: string, accountId: string) {
  const [row] = await db
    .select({ emailAddress: emailAccounts.emailAddress, provider: emailAccounts.provider, mailboxIdentity: emailAccounts.mailboxIdentity })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

/** The Message-ID of the mail a draft answers. */
export async function findMailOfDraft(db: Writer, userId: string, draftId: string) {
  const [row] = await db
    .select({ messageId: emails.messageId })
    .from(drafts)
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId)))
    .limit(1);
  return row;
}

/**
 * Deliveries left queued or delivering since before `before` with no job of theirs waiting,
 * retrying or running (pg-boss gave up after its retries, or the job was lost): nothing will
 * finish them. Every user's (the sweep is the system's); the caller fails each in its user's scope.
 */
export async function findStalledDeliveries(db: Db, before: Date) {
  const result = await db.execute(sql`
    select d.user_id as "userId", d.draft_id as "draftId"
    from ${draftDeliveries} d
    where d.state in ('queued', 'delivering') and d.updated_at < ${before.toISOString()}::timestamptz
      and not exists (
        select 1 from pgboss.job j
        where j.name = 'delivery.deliver' and j.state in ('created', 'retry', 'active') and j.data->>'draftId' = d.draft_id::text
      )
    limit 500
  `);
  return (result as unknown as { rows: { userId: string; draftId: string }[] }).rows;
}

/** Failed and retryable, only if it is still queued or delivering (a job that woke up meanwhile wins). */
export async function markStalledFailed(db: Db, userId: string, draftId: string, error: string) {
  const [row] = await db
    .update(draftDeliveries)
    .set({ state: 'failed', error, retryable: true, updatedAt: new Date() })
    .where(
      and(
        eq(draftDeliveries.userId, userId),
        eq(draftDeliveries.draftId, draftId),
        inArray(draftDeliveries.state, ['queued', 'delivering']),
      ),
    )
    .returning({ draftId: draftDeliveries.draftId });
  return row !== undefined;
}
