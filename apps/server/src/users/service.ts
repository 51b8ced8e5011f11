import { createHash, randomBytes } from 'node:crypto';
import { type AcceptInvitationRequest, INVITATION_MESSAGES, INVITATION_TTL_DAYS, type InvitationInfo } from '@penman/contract';
import type { Auth } from '../platform/auth.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import * as repo from './repo.ts';

export { checkSecretWithinLimit } from './secret-check-limits.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type NewUser = { email: string; password: string; firstName: string | null; lastName: string | null };

/** Creates an email + password user with a profile, whatever the sign-up mode (CLI, invitations). */
export async function createUserWithPassword({
  db,
  auth,
  user,
}: {
  db: Db;
  auth: Auth;
  user: NewUser;
}): Promise<{ id: string; email: string }> {
  const email = user.email.trim().toLowerCase();
  if (await repo.findUserIdByEmail(db, email)) {
    throw new AppError('CONFLICT', INVITATION_MESSAGES.emailTaken, { fields: { email: INVITATION_MESSAGES.emailTaken } });
  }
  const context = await auth.$context;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || email;
  const created = await context.internalAdapter.createUser({ email, name }, { method: 'admin' });
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await context.password.hash(user.password),
  });
  await repo.saveProfile(db, created.id, { firstName: user.firstName, lastName: user.lastName, email });
  return { id: created.id, email };
}

/** The sign-up hook: every new user gets a profile, with names split from the display name. */
export async function ensureProfileForNewUser({ db, user }: { db: Db; user: { id: string; email: string; name: string } }) {
  const [first, ...rest] = user.name.trim().split(/\s+/);
  const isEmail = user.name.includes('@');
  const names = { firstName: isEmail ? null : first || null, lastName: isEmail ? null : rest.join(' ') || null };
  await repo.saveProfile(db, user.id, { ...names, email: user.email }, { keepExisting: true });
}

export async function getProfileNames({ db, userId }: { db: Db; userId: string }) {
  const profile = await repo.findProfile(db, userId);
  return profile && { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
}

/** Issues a one-time sign-up link. `email` null lets the invitee choose it (owner set-up). */
export async function createInvitation({
  db,
  email,
  kind,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  email: string | null;
  kind: 'owner' | 'invite';
  publicUrl: string;
  now?: Date;
}) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  await repo.insertInvitation(db, { tokenHash: hashToken(token), email: email?.trim().toLowerCase() ?? null, kind, expiresAt });
  return { url: `${publicUrl}/invite/${token}`, expiresAt };
}

async function usableInvitation(db: Db, token: string) {
  const invitation = await repo.findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.usedAt) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.invalid);
  if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError('GONE', INVITATION_MESSAGES.expired);
  // The first-start owner link is for an empty installation only: once anyone has an account it is used up.
  if (invitation.kind === 'owner' && (await repo.countUsers(db)) > 0) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.invalid);
  return invitation;
}

export async function getInvitation({ db, token }: { db: Db; token: string }): Promise<InvitationInfo> {
  const invitation = await usableInvitation(db, token);
  return { email: invitation.email, kind: invitation.kind as InvitationInfo['kind'], expiresAt: invitation.expiresAt.toISOString() };
}

/** Creates the invitee's account; the route then signs them in. */
export async function acceptInvitation({ db, auth, token, input }: { db: Db; auth: Auth; token: string; input: AcceptInvitationRequest }) {
  const invitation = await usableInvitation(db, token);
  const email = invitation.email ?? input.email;
  if (!email) throw new AppError('VALIDATION', 'Email is required', { fields: { email: 'Email is required' } });
  const user = await createUserWithPassword({
    db,
    auth,
    user: { email, password: input.password, firstName: input.firstName, lastName: input.lastName },
  });
  if (!(await repo.claimInvitation(db, invitation.id, user.id, { soleUser: invitation.kind === 'owner' }))) {
    // Lost a race with another use of the same link (or, for an owner link, with any other new account): undo this account.
    const context = await auth.$context;
    await context.internalAdapter.deleteUser(user.id);
    throw new AppError('NOT_FOUND', INVITATION_MESSAGES.invalid);
  }
  return user;
}

/** On a fresh install, the link that creates the owner account. */
export async function ownerSetupLinkIfNoUsers({ db, publicUrl }: { db: Db; publicUrl: string }) {
  if ((await repo.countUsers(db)) > 0) return undefined;
  return createInvitation({ db, email: null, kind: 'owner', publicUrl });
}
