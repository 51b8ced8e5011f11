import { randomBytes } from 'node:crypto';
import {
  type AccountInfoResponse,
  INVITATION_MESSAGES,
  type Profile,
  SETTINGS_LABELS,
  SETTINGS_MESSAGES,
  type SessionEntry,
  type UpdateProfileRequest,
} from '@penman/contract';
import type { Auth } from '../platform/auth.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { checkSecretWithinLimit } from '../users/service.ts';
import { describeUserAgent } from './engine/describe-user-agent.ts';
import * as repo from './repo.ts';

async function userOrThrow(db: Db, userId: string) {
  const user = await repo.findUserWithProfile(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'User not authenticated');
  return user;
}

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<Profile> {
  const user = await userOrThrow(db, userId);
  return { firstName: user.firstName ?? null, lastName: user.lastName ?? null, email: user.email };
}

/** True when `password` is the user's current (credential) password, checked by better-auth's hasher. */
export async function isCurrentPassword(auth: Auth, userId: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  return Boolean(hash) && (await context.password.verify({ hash: hash!, password }));
}

/**
 * Saves the Profile section. Changing the sign-in email needs the current password: whoever holds
 * a signed-in tab must not be able to move the account to an address they own.
 */
export async function updateProfile({
  db,
  auth,
  userId,
  ip,
  input,
}: {
  db: Db;
  auth: Auth;
  userId: string;
  /** The client's address: password checks are limited per user and per address. */
  ip: string;
  input: UpdateProfileRequest;
}): Promise<Profile> {
  const user = await userOrThrow(db, userId);
  const email = input.email.trim().toLowerCase();
  if (email !== user.email.toLowerCase()) {
    if (!input.currentPassword) {
      throw new AppError('VALIDATION', SETTINGS_MESSAGES.currentPasswordForEmail, {
        fields: { currentPassword: SETTINGS_MESSAGES.currentPasswordForEmail },
      });
    }
    const password = input.currentPassword;
    if (!(await checkSecretWithinLimit({ db, userId, ip }, () => isCurrentPassword(auth, userId, password)))) {
      throw new AppError('VALIDATION', SETTINGS_MESSAGES.currentPasswordWrong, {
        fields: { currentPassword: SETTINGS_MESSAGES.currentPasswordWrong },
      });
    }
    const owner = await repo.findUserIdByEmail(db, email);
    if (owner && owner !== userId) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.emailTaken, { fields: { email: INVITATION_MESSAGES.emailTaken } });
    }
  }
  const firstName = input.firstName.trim() || null;
  const lastName = input.lastName.trim() || null;
  const name = [firstName, lastName].filter(Boolean).join(' ') || email;
  await repo.saveProfileAndEmail(db, userId, { firstName, lastName, email, name });
  return { firstName, lastName, email };
}

export async function getAccountInfo({ db, userId }: { db: Db; userId: string }): Promise<AccountInfoResponse> {
  const user = await userOrThrow(db, userId);
  const [lastSignIn, connectedMailboxes, storage] = await Promise.all([
    repo.findLastSignIn(db, userId),
    repo.countEmailAccounts(db, userId),
    repo.estimateStorage(db, userId),
  ]);
  return {
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: lastSignIn?.toISOString() ?? null,
    connectedMailboxes,
    storage: { ...storage, totalBytes: storage.databaseBytes + storage.fileBytes },
    plan: SETTINGS_LABELS.plan,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

/** The user's live sessions by row id, with the asking one marked; tokens never leave the server. */
export async function listSessions({
  db,
  userId,
  currentSessionId,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
}): Promise<SessionEntry[]> {
  const rows = await repo.listSessions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

export async function revokeSession({ db, userId, sessionId }: { db: Db; userId: string; sessionId: string }): Promise<void> {
  if (!(await repo.deleteSession(db, userId, sessionId))) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.sessionNotFound);
}

export async function revokeOtherSessions({
  db,
  userId,
  currentSessionId,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
}): Promise<{ revoked: number }> {
  return { revoked: await repo.deleteSessionsExcept(db, userId, currentSessionId) };
}

// The operator's commands for a user who is locked out (admin CLI).

export async function userIdByEmailOrThrow(db: Db, email: string): Promise<string> {
  const userId = await repo.findUserIdByEmail(db, email.trim());
  if (!userId) throw new AppError('NOT_FOUND', `No user with the email ${email.trim()}`);
  return userId;
}

/** A random password a person can type: 16 characters of [A-Za-z0-9_-] (96 bits). */
function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Sets a new password (given, or a random one it answers) and signs the user out everywhere. */
export async function resetPasswordByEmail({
  db,
  auth,
  email,
  password,
}: {
  db: Db;
  auth: Auth;
  email: string;
  password?: string | undefined;
}): Promise<{ password: string }> {
  const userId = await userIdByEmailOrThrow(db, email);
  const newPassword = password ?? generatePassword();
  const context = await auth.$context;
  const hash = await context.password.hash(newPassword);
  const accounts = await context.internalAdapter.findAccounts(userId);
  if (accounts.some((account) => account.providerId === 'credential')) await context.internalAdapter.updatePassword(userId, hash);
  else await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  await repo.deleteAllSessions(db, userId);
  return { password: newPassword };
}

/** Turns two-factor sign-in off for a user who lost their authenticator and backup codes. */
export async function disableTwoFactorByEmail({ db, email }: { db: Db; email: string }): Promise<{ changed: boolean }> {
  const userId = await userIdByEmailOrThrow(db, email);
  return { changed: await repo.removeTwoFactor(db, userId) };
}

/** The data export (Settings, Export My Data; the admin CLI's `export`). */
export { exportUserData } from './export-service.ts';
