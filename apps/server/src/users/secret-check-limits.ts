import { SETTINGS_MESSAGES } from '@penman/contract';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { LimitRule } from './engine/sign-in-limits.ts';
import * as repo from './repo.ts';
import { admitUnderRules } from './sign-in-limits.ts';

/**
 * One limit for every check of a secret a signed-in user asks for: the current password (to change
 * the sign-in email or the password, to turn two-factor on or off, to delete the account) and a
 * two-factor code outside sign-in (enrolment, deleting the account). Counted per user, whatever the
 * address (someone holding a session guesses from anywhere), and per client address, whatever the
 * user (one address trying many sessions). Like the sign-in limits, every check counts as a failure
 * before the secret is read, so parallel guesses cannot slip through one stale count, and a check
 * that succeeds is taken back.
 */
const MINUTE = 60_000;
export const SECRET_CHECK_RULES = {
  // Five mistakes are free, then 30 s, 1, 2, 4, 8 min, then 15 min a guess: about 4 guesses an hour.
  user: { kind: 'backoff', freeFailures: 5, firstLockMs: 30_000, maxLockMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  address: { kind: 'window', max: 10, windowMs: MINUTE },
} satisfies Record<string, LimitRule>;

export type SecretCheckAttempt = { userKey: string; addressKey: string; addressWindow: number };

export type SecretCheckReservation = { allowed: true; attempt: SecretCheckAttempt } | { allowed: false; retryAfterSeconds: number };

/** Counts one check of `userId`'s secret from `ip`, or answers how long to wait. */
export async function reserveSecretCheck({
  db,
  userId,
  ip,
  now = Date.now(),
}: {
  db: Db;
  userId: string;
  ip: string;
  now?: number;
}): Promise<SecretCheckReservation> {
  const userKey = `secret-user:${userId}`;
  const addressKey = `secret-address:${ip}`;
  const admitted = await admitUnderRules(db, { [userKey]: SECRET_CHECK_RULES.user, [addressKey]: SECRET_CHECK_RULES.address }, now);
  if (!admitted.allowed) return admitted;
  return { allowed: true, attempt: { userKey, addressKey, addressWindow: admitted.windows[addressKey]! } };
}

/** A check that succeeded is taken back: the user's count starts again, the address's loses it. */
export async function settleSecretCheck({ db, attempt, succeeded }: { db: Db; attempt: SecretCheckAttempt; succeeded: boolean }) {
  if (!succeeded) return;
  await repo.takeBackSignInFailure(db, attempt.addressKey, attempt.addressWindow);
  await repo.deleteSignInFailures(db, [attempt.userKey]);
}

/**
 * Runs `check` (true when the secret was right) within the limit: RATE_LIMITED (429) past it. Every
 * service that reads a secret of a signed-in user goes through here or through the auth hook that
 * calls reserve/settle for better-auth's own endpoints (platform/auth.ts).
 */
export async function checkSecretWithinLimit(
  { db, userId, ip }: { db: Db; userId: string; ip: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const reservation = await reserveSecretCheck({ db, userId, ip });
  if (!reservation.allowed) throw new AppError('RATE_LIMITED', SETTINGS_MESSAGES.tooManyTries);
  const succeeded = await check();
  await settleSecretCheck({ db, attempt: reservation.attempt, succeeded });
  return succeeded;
}
