import { createHash } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';
import {
  admitAttempt,
  FAILURE_RECORD_TTL_MS,
  type FailureRecord,
  type LimitRule,
  type SignInLimitSettings,
  signInRules,
} from './engine/sign-in-limits.ts';
import * as repo from './repo.ts';

/**
 * Sign-in limits that do not lock out a whole NAT: failures per (address, email) and per email
 * (with back-off) decide for one person; a higher per-address ceiling stops one address trying many
 * emails. Checked before better-auth sees the password (routes.ts `limitSignIn`).
 */

/** An attempt let through: what to take back if it succeeds. */
export type ReservedAttempt = { keys: { address: string; addressAndEmail?: string; email?: string }; windows: Record<string, number> };

export type Reservation = { allowed: true; attempt: ReservedAttempt } | { allowed: false; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 10 * 60_000;
let lastPruneAt = 0;

// The email is hashed: the table should not collect every address someone typed.
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** Counts the attempt of `email` (when the body had one) from `ip`, or answers how long to wait. */
export async function reserveSignInAttempt({
  db,
  ip,
  email,
  settings,
  now = Date.now(),
}: {
  db: Db;
  ip: string;
  email: string | undefined;
  settings: SignInLimitSettings;
  now?: number;
}): Promise<Reservation> {
  const rules = signInRules(settings);
  const hashed = email ? emailKey(email) : undefined;
  const keys: ReservedAttempt['keys'] = {
    address: `address:${ip}`,
    ...(hashed ? { addressAndEmail: `address-email:${ip}:${hashed}`, email: `email:${hashed}` } : {}),
  };
  const ruleOf: Record<string, LimitRule> = { [keys.address]: rules.address };
  if (keys.addressAndEmail) ruleOf[keys.addressAndEmail] = rules.addressAndEmail;
  if (keys.email) ruleOf[keys.email] = rules.email;
  const admitted = await admitUnderRules(db, ruleOf, now);
  return admitted.allowed ? { allowed: true, attempt: { keys, windows: admitted.windows } } : admitted;
}

/**
 * Counts one attempt as a failure under every rule of `ruleOf` (keyed by what it counts), or
 * answers how long to wait when one of them refuses it. Shared by the sign-in limits and the
 * limits of secret checks (secret-check-limits.ts): one table, one locking discipline.
 */
export type Admitted = { allowed: true; windows: Record<string, number> } | { allowed: false; retryAfterSeconds: number };

export async function admitUnderRules(db: Db, ruleOf: Record<string, LimitRule>, now: number): Promise<Admitted> {
  const admitted = await repo.updateSignInFailures<Admitted>(db, Object.keys(ruleOf), (records) => {
    const writes = new Map<string, FailureRecord>();
    let retryAfterMs = 0;
    for (const [key, rule] of Object.entries(ruleOf)) {
      const admission = admitAttempt(rule, records.get(key), now);
      if (admission.allowed) writes.set(key, admission.next);
      else retryAfterMs = Math.max(retryAfterMs, admission.retryAfterMs);
    }
    // Refused attempts count nothing: they cannot push a lock further out.
    if (retryAfterMs > 0) return { writes: new Map(), result: { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } };
    const windows = Object.fromEntries([...writes].map(([key, record]) => [key, record.windowStartedAt]));
    return { writes, result: { allowed: true, windows } };
  });
  await pruneNowAndThen(db, now);
  return admitted;
}

/**
 * A successful sign-in takes its attempt back: the address's count loses it, and the person's own
 * counts (this address and email, the email anywhere) start again. A failure stays counted.
 */
export async function settleSignInAttempt({ db, attempt, succeeded }: { db: Db; attempt: ReservedAttempt; succeeded: boolean }) {
  if (!succeeded) return;
  const { address, addressAndEmail, email } = attempt.keys;
  await repo.takeBackSignInFailure(db, address, attempt.windows[address]!);
  await repo.deleteSignInFailures(
    db,
    [addressAndEmail, email].filter((key) => key !== undefined),
  );
}

/** Old records go at most every 10 minutes per process. */
async function pruneNowAndThen(db: Db, now: number) {
  if (now - lastPruneAt < PRUNE_EVERY_MS) return;
  lastPruneAt = now;
  await repo.deleteSignInFailuresBefore(db, new Date(now - FAILURE_RECORD_TTL_MS));
}
