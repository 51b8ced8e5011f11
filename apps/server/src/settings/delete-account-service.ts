import { createOTP } from '@better-auth/utils/otp';
import { DELETE_MY_ACCOUNT_CONFIRMATION, type DeleteMyAccountRequest, SETTINGS_MESSAGES } from '@penman/contract';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { invitations, twoFactors, users } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { isCurrentPassword } from './service.ts';

type DeleteDeps = Pick<Deps, 'db' | 'auth' | 'queue' | 'files' | 'storage'> & { userId: string };

/** Storage folders holding only this user's files (every key starts with `<folder>/<user id>/`). */
export const userFileFolders = (userId: string) => ({
  files: [`knowledge-documents/${userId}`, `email-attachments/${userId}`],
  imports: `imports/${userId}`,
});

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: message } });

/** The user's TOTP code is right now (the secret as better-auth's two-factor plugin stores it). */
async function isCurrentTotpCode({ db, auth, userId }: Pick<DeleteDeps, 'db' | 'auth' | 'userId'>, code: string): Promise<boolean> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  if (!row) return false;
  const context = await auth.$context;
  const stored = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  // Secrets imported from other providers are stored as 'base32:<secret>' by the plugin; Penman never does.
  if (stored.startsWith('base32:')) return false;
  return createOTP(stored, { period: 30, digits: 6 }).verify(code.replace(/\s/g, ''));
}

/**
 * Cancels the user's queued, retrying and running jobs (every Penman job payload names its
 * `userId`); a running handler finishes its current step against rows that are then gone.
 */
async function cancelJobsOfUser({ db, queue, userId }: Pick<DeleteDeps, 'db' | 'queue' | 'userId'>): Promise<number> {
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select id::text, name from pgboss.job where data->>'userId' = ${userId} and state in ('created', 'retry', 'active')`);
  const byQueue = new Map<string, string[]>();
  for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byQueue) await queue.boss.cancel(name, ids);
  return rows.length;
}

/**
 * Deletes the user: checks the typed confirmation, the password and (when two-factor is on) the
 * code; cancels their jobs; deletes the user row, which every table's `user_id` (and every
 * account's `email_account_id`) cascades from, sessions included (signed out everywhere), in one
 * transaction; then deletes their files. Answers when all of it is done. The new-mail watcher
 * closes the user's connections at its next refresh (it lists the accounts again every 15 s).
 */
export async function deleteMyAccount(deps: DeleteDeps & { input: DeleteMyAccountRequest }): Promise<void> {
  const { db, auth, userId, input } = deps;
  if (input.confirmation !== DELETE_MY_ACCOUNT_CONFIRMATION) throw invalid('confirmation', SETTINGS_MESSAGES.deleteConfirmationWrong);
  if (!(await isCurrentPassword(auth, userId, input.password))) throw invalid('password', SETTINGS_MESSAGES.currentPasswordWrong);
  const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'User not authenticated');
  if (user.twoFactorEnabled) {
    if (!input.code) throw invalid('code', SETTINGS_MESSAGES.twoFactorCodeRequired);
    if (!(await isCurrentTotpCode(deps, input.code))) throw invalid('code', SETTINGS_MESSAGES.twoFactorCodeInvalid);
  }
  const cancelled = await cancelJobsOfUser(deps);
  await db.transaction(async (tx) => {
    // The invitation that brought the user in names their email: it goes too.
    await tx.delete(invitations).where(eq(invitations.usedByUserId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  const folders = userFileFolders(userId);
  for (const folder of folders.files) await deps.files.removePrefix(folder);
  await deps.storage.removeFolder(folders.imports);
  logger.info({ cancelledJobs: cancelled }, 'user deleted');
}
