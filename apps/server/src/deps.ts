import type { Env } from './env.ts';
import { createAuth } from './platform/auth.ts';
import { createSecretBox } from './platform/crypto.ts';
import { resolveAppSecret } from './platform/data-dir.ts';
import type { Db } from './platform/db/client.ts';
import type { AppDeps } from './platform/http/types.ts';
import type { Queue } from './platform/queue.ts';
import type { RealtimeHub } from './platform/realtime.ts';
import { ensureProfileForNewUser, getProfileNames } from './users/service.ts';
import { reserveSignInAttempt, settleSignInAttempt } from './users/sign-in-limits.ts';

/** Wires the long-lived pieces together; main.ts, the admin CLI and tests all build them here. */
export function createDeps(input: {
  env: Env;
  db: Db;
  queue: Queue;
  realtime: RealtimeHub;
  isReady?: () => boolean;
  imapCa?: string;
}): AppDeps {
  const { env, db } = input;
  const secret = resolveAppSecret(env);
  const auth = createAuth({
    db,
    secret,
    publicUrl: env.publicUrl,
    signupMode: env.SIGNUP_MODE,
    signInAttemptsPerMinute: env.SIGN_IN_ATTEMPTS_PER_MINUTE,
    signInLimiter: {
      reserve: ({ ip, email }) =>
        reserveSignInAttempt({
          db,
          ip,
          email,
          settings: { perAddressAndEmail: env.SIGN_IN_ATTEMPTS_PER_MINUTE, perAddress: env.SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE },
        }),
      settle: (attempt, succeeded) => settleSignInAttempt({ db, attempt, succeeded }),
    },
    loadProfile: (userId) => getProfileNames({ db, userId }),
    onUserCreated: (user) => ensureProfileForNewUser({ db, user }),
  });
  return {
    env,
    db,
    auth,
    queue: input.queue,
    realtime: input.realtime,
    secretBox: createSecretBox(secret),
    isReady: input.isReady ?? (() => true),
    ...(input.imapCa ? { imapCa: input.imapCa } : {}),
  };
}
