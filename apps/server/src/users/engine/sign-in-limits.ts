/**
 * Sign-in limits, as pure decisions over failure records. Every attempt is counted as a failure
 * before the password is checked (so a burst of parallel attempts cannot all slip through one
 * stale count) and taken back when it succeeds.
 */

/** What the database keeps per key; times in ms since the epoch. */
export type FailureRecord = { failures: number; windowStartedAt: number; lastFailureAt: number };

/** At most `max` failures in a fixed window of `windowMs`. */
export type WindowRule = { kind: 'window'; max: number; windowMs: number };

/**
 * `freeFailures` failures, then each further failure locks for twice as long as the one before,
 * from `firstLockMs` up to `maxLockMs`. A record without failures for `forgetAfterMs` starts again.
 */
export type BackoffRule = { kind: 'backoff'; freeFailures: number; firstLockMs: number; maxLockMs: number; forgetAfterMs: number };

export type LimitRule = WindowRule | BackoffRule;

export type SignInLimitSettings = {
  /** SIGN_IN_ATTEMPTS_PER_MINUTE: failures a minute for one email from one address. */
  perAddressAndEmail: number;
  /** SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE: failures a minute from one address, any emails. */
  perAddress: number;
};

const MINUTE = 60_000;

// Per email, from any address (a distributed guesser): after as many failures as one address may
// make in a minute, 30 s, 1, 2, 4, 8 min, then 15 min per failure: about 4 guesses an hour. A
// person who mistyped five times waits half a minute.
const EMAIL_FIRST_LOCK_MS = 30_000;
const EMAIL_MAX_LOCK_MS = 15 * MINUTE;
const EMAIL_FORGET_AFTER_MS = 60 * MINUTE;

/** Records untouched this long are no longer needed by any rule and may be deleted. */
export const FAILURE_RECORD_TTL_MS = EMAIL_FORGET_AFTER_MS + EMAIL_MAX_LOCK_MS;

export function signInRules(settings: SignInLimitSettings) {
  return {
    address: { kind: 'window', max: settings.perAddress, windowMs: MINUTE },
    addressAndEmail: { kind: 'window', max: settings.perAddressAndEmail, windowMs: MINUTE },
    email: {
      kind: 'backoff',
      freeFailures: settings.perAddressAndEmail,
      firstLockMs: EMAIL_FIRST_LOCK_MS,
      maxLockMs: EMAIL_MAX_LOCK_MS,
      forgetAfterMs: EMAIL_FORGET_AFTER_MS,
    },
  } satisfies Record<string, LimitRule>;
}

/** How long a back-off record with `failures` stays locked after its last failure. */
export function backoffLockMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.firstLockMs * 2 ** (failures - rule.freeFailures), rule.maxLockMs);
}

const FRESH: FailureRecord = { failures: 0, windowStartedAt: 0, lastFailureAt: 0 };

export type Admission = { allowed: true; next: FailureRecord } | { allowed: false; retryAfterMs: number };

/** Whether one more attempt may go ahead under `rule`, and the record counting it as a failure. */
export function admitAttempt(rule: LimitRule, record: FailureRecord | undefined, now: number): Admission {
  if (rule.kind === 'window') {
    const current = record && now - record.windowStartedAt < rule.windowMs ? record : { ...FRESH, windowStartedAt: now };
    if (current.failures >= rule.max) return { allowed: false, retryAfterMs: current.windowStartedAt + rule.windowMs - now };
    return { allowed: true, next: { ...current, failures: current.failures + 1, lastFailureAt: now } };
  }
  const current = record && now - record.lastFailureAt < rule.forgetAfterMs ? record : { ...FRESH, windowStartedAt: now };
  const lockedUntil = current.lastFailureAt + backoffLockMs(rule, current.failures);
  if (now < lockedUntil) return { allowed: false, retryAfterMs: lockedUntil - now };
  return { allowed: true, next: { ...current, failures: current.failures + 1, lastFailureAt: now } };
}
