import { createOTP } from '@better-auth/utils/otp';
import { DELETE_MY_ACCOUNT_CONFIRMATION, type DeleteMyAccountRequest, SETTINGS_MESSAGES } from '@penman/contract';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { TWO_FACTOR_LOCKOUT } from '../platform/auth.ts';
import { invitations, twoFactors, users } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { checkSecretWithinLimit } from '../users/service.ts';
import { isCurrentPassword } from './service.ts';

type DeleteDeps = Pick<Deps, 'db' | 'auth' | 'queue' | 'files' | 'storage'> & { userId: string };

/** Storage folders holding only this user's files (every key starts with `<folder>/<user id>/`). */
export const userFileFolders = (userId: string) => ({
  files: [`knowledge-documents/${userId}`, `email-attachments/${userId}`],
  imports: `imports/${userId}`,
});

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: message } });

/**
 * The user's TOTP code is right now (the secret as better-auth's two-factor plugin stores it),
 * under the plugin's account lock: refused while it is on, a wrong code counts toward it (with
 * the wrong codes typed at sign-in), a right one clears the count, as the plugin does.
 */
async function isCurrentTotpCode({ db, auth, userId }: Pick<DeleteDeps, 'db' | 'auth' | 'userId'>, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret, lockedUntil: twoFactors.lockedUntil })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!row) return false;
  const now = new Date();
  if (row.lockedUntil && row.lockedUntil > now) throw new AppError('RATE_LIMITED', SETTINGS_MESSAGES.twoFactorLocked);
  // An expired lock starts a fresh count.
  if (row.lockedUntil) await db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactors.id, row.id));
  const context = await auth.$context;
  const stored = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  // Secrets imported from other providers are stored as 'base32:<secret>' by the plugin; Penman never does.
  const right = !stored.startsWith('base32:') && (await createOTP(stored, { period: 30, digits: 6 }).verify(code.replace(/\s/g, '')));
  if (right) {
    await db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactors.id, row.id));
    return true;
  }
  const [counted] = await db
    .update(twoFactors)
    .set({ failedVerificationCount: sql`coalesce(${twoFactors.failedVerificationCount}, 0) + 1` })
    .where(eq(twoFactors.id, row.id))
    .returning({ failures: twoFactors.failedVerificationCount });
  if ((counted?.failures ?? 0) >= TWO_FACTOR_LOCKOUT.maxFailedAttempts) {
    const until = new Date(now.getTime() + TWO_FACTOR_LOCKOUT.durationSeconds * 1000);
    await db.update(twoFactors).set({ lockedUntil: until }).where(eq(twoFactors.id, row.id));
  }
  return false;
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
export async function deleteMyAccount(deps: DeleteDeps & { ip: string; input: DeleteMyAccountRequest }): Promise<void> {
  const { db, auth, userId, input } = deps;
  if (input.confirmation !== DELETE_MY_ACCOUNT_CONFIRMATION) throw invalid('confirmation', SETTINGS_MESSAGES.deleteConfirmationWrong);
  const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'User not authenticated');
  const code = user.twoFactorEnabled ? input.code : undefined;
  if (user.twoFactorEnabled && !code) throw invalid('code', SETTINGS_MESSAGES.twoFactorCodeRequired);
  // The password and the code are one check of secrets, within the limit of every such check.
  let wrong: AppError | null = null;
  await checkSecretWithinLimit({ db, userId, ip: deps.ip }, async () => {
    if (!(await isCurrentPassword(auth, userId, input.password))) wrong = invalid('password', SETTINGS_MESSAGES.currentPasswordWrong);
    else if (code && !(await isCurrentTotpCode(deps, code))) wrong = invalid('code', SETTINGS_MESSAGES.twoFactorCodeInvalid);
    return wrong === null;
  });
  if (wrong) throw wrong;
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
