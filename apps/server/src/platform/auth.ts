import type { SessionUser } from '@penman/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { customSession, twoFactor } from 'better-auth/plugins';
import { switchOffAuthAsyncContextWhenIdle, trackAuthBackgroundTask } from './auth-async-context.ts';
import type { Db } from './db/client.ts';
import { authAccounts, rateLimits, sessions, twoFactors, users, verifications } from './db/schema/index.ts';
import { AppError } from './errors.ts';
import { logger } from './logger.ts';

/** The header our HTTP layer sets from the socket address; clients cannot forge it (we overwrite it). */
export const CLIENT_IP_HEADER = 'x-penman-client-ip';

export type ProfileNames = { firstName: string | null; lastName: string | null; email: string | null };

/** Sign-in limits kept outside better-auth (users/sign-in-limits.ts): checked before the password, settled after. */
export type SignInLimiter<Attempt> = {
  reserve: (attempt: {
    ip: string;
    email: string | undefined;
  }) => Promise<{ allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number }>;
  settle: (attempt: Attempt, succeeded: boolean) => Promise<void>;
};

export const SIGN_IN_LIMITED_MESSAGE = 'Too many sign-in attempts. Please try again later.';

/**
 * The limit of every check of a signed-in user's secret (users/secret-check-limits.ts): better-auth's
 * endpoints that read the current password or a two-factor code with a session go through it here,
 * Penman's own (sign-in email, account deletion) in their services.
 */
export type SecretCheckLimiter<Attempt> = {
  reserve: (check: {
    ip: string;
    userId: string;
  }) => Promise<{ allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number }>;
  settle: (attempt: Attempt, succeeded: boolean) => Promise<void>;
  /** What a refused check answers (429). */
  message: string;
};

/** better-auth's endpoints that check a signed-in user's password or two-factor code. */
const SECRET_CHECK_PATHS = new Set([
  '/change-password',
  '/verify-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  // With a session: enrolment. The sign-in step (no session yet) has the plugin's own limits.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

/**
 * The two-factor plugin's account lock: this many wrong codes in a row (at sign-in, enrolment or
 * account deletion) lock two-factor checks for this long. The plugin's defaults, named once.
 */
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 };

/** One of the user's sessions as the settings screen lists it: never its token. */
export type SessionSummary = {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
};

type StoredSession = Omit<SessionSummary, 'current' | 'ipAddress' | 'userAgent'> & {
  token: string;
  ipAddress?: string | null;
  userAgent?: string | null;
};

function toSessionSummary(session: StoredSession, currentToken: string | null): SessionSummary {
  return {
    id: session.id,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
    current: session.token === currentToken,
  };
}

type AuthOptions<Attempt, SecretAttempt> = {
  db: Db;
  secret: string;
  publicUrl: string;
  signupMode: 'waitlist' | 'open';
  signInAttemptsPerMinute: number;
  signInLimiter: SignInLimiter<Attempt>;
  secretCheckLimiter: SecretCheckLimiter<SecretAttempt>;
  loadProfile: (userId: string) => Promise<ProfileNames | undefined>;
  onUserCreated: (user: { id: string; email: string; name: string }) => Promise<void>;
};

const DAY = 60 * 60 * 24;

// Before any better-auth call can run, so every run() of its storages is counted.
await switchOffAuthAsyncContextWhenIdle();

function hasToken(value: unknown): value is { token: unknown } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'token' in value;
}

export function createAuth<Attempt, SecretAttempt>(options: AuthOptions<Attempt, SecretAttempt>) {
  // The attempt each sign-in request reserved, for its after-hook to settle.
  const signInAttempts = new WeakMap<Request, Attempt>();
  // Likewise for each check of a signed-in user's secret.
  const secretChecks = new WeakMap<Request, SecretAttempt>();
  return betterAuth({
    appName: 'Penman',
    logger: { log: (level, message) => logger[level]({ component: 'auth' }, message) },
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Waitlist mode: accounts come only from invitations and the operator CLI.
      disableSignUp: options.signupMode === 'waitlist',
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    // Sliding expiry: a session used within `updateAge` of its expiry is extended.
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // better-auth keys on address + path only (one user's typos would lock out a whole NAT):
        // sign-in is limited by our own hooks below instead.
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: options.signInAttemptsPerMinute },
        // Every page load reads the session; a limit there guards no secret and signs out a
        // household of tabs behind one address (100 loads a minute answered 429 = "signed out").
        '/get-session': false,
        // The two-factor plugin allows 3 a path per 10 s per address: one mistyped code at enrolment
        // and one at sign-in answered 429 to the real code. Guessing is bounded by the plugin itself
        // (5 tries a sign-in challenge, the account locked 15 min after 10 failures in a row).
        '/two-factor/*': { window: 60, max: 12 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Known, so its async context is not switched off under it (auth-async-context.ts).
      backgroundTasks: { handler: trackAuthBackgroundTask },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.request && SECRET_CHECK_PATHS.has(ctx.path)) {
          // Without a session the endpoint answers 401 itself (or it is the sign-in's second step).
          const session = await getSessionFromCtx(ctx);
          if (!session) return;
          const ip = ctx.request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const reservation = await options.secretCheckLimiter.reserve({ ip, userId: session.user.id });
          if (!reservation.allowed) {
            throw new APIError('TOO_MANY_REQUESTS', new AppError('RATE_LIMITED', options.secretCheckLimiter.message).toBody(), {
              'Retry-After': String(reservation.retryAfterSeconds),
            });
          }
          secretChecks.set(ctx.request, reservation.attempt);
          return;
        }
        // HTTP sign-ins only: the server's own calls (signing in a new invitee) are not guesses.
        if (ctx.path !== '/sign-in/email' || !ctx.request) return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : undefined;
        const ip = ctx.request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
        const reservation = await options.signInLimiter.reserve({ ip, email });
        if (!reservation.allowed) {
          // The app's one error shape, not better-auth's: better-auth answers this APIError as it is.
          throw new APIError('TOO_MANY_REQUESTS', new AppError('RATE_LIMITED', SIGN_IN_LIMITED_MESSAGE).toBody(), {
            'Retry-After': String(reservation.retryAfterSeconds),
          });
        }
        signInAttempts.set(ctx.request, reservation.attempt);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const secretCheck = ctx.request ? secretChecks.get(ctx.request) : undefined;
        if (ctx.request && secretCheck !== undefined) {
          secretChecks.delete(ctx.request);
          await options.secretCheckLimiter.settle(secretCheck, !isAPIError(ctx.context.returned));
        }
        if (ctx.path === '/sign-in/email' && ctx.request) {
          const attempt = signInAttempts.get(ctx.request);
          if (attempt === undefined) return;
          signInAttempts.delete(ctx.request);
          await options.signInLimiter.settle(attempt, !isAPIError(ctx.context.returned));
        }
        if (hasToken(ctx.context.returned)) {
          // The session token travels in the httpOnly cookie only: page scripts never see it. Every
          // answer that names one (sign-in and sign-up, the two-factor step, change-password) loses it.
          const { token: _token, ...answer } = ctx.context.returned;
          return ctx.json(answer);
        }
        if (ctx.path === '/list-sessions' && Array.isArray(ctx.context.returned)) {
          // Session tokens are bearer secrets: the list says which session is this one instead.
          const currentToken = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
          const sessions = ctx.context.returned as StoredSession[];
          return ctx.json(sessions.map((session) => toSessionSummary(session, currentToken || null)));
        }
      }),
    },
    // Unexpected errors (a failed query) go to our onError and its log serializer; by default its
    // router prints them to stderr with their SQL parameters.
    onAPIError: { throw: true },
    databaseHooks: {
      user: { create: { after: async (user) => options.onUserCreated(user) } },
    },
    plugins: [
      // TOTP with ten one-time backup codes; secrets and codes stored encrypted with `secret`.
      twoFactor({ issuer: 'Penman', accountLockout: TWO_FACTOR_LOCKOUT }),
      customSession(async ({ user, session }) => {
        const profile = await options.loadProfile(user.id);
        const sessionUser: SessionUser = {
          id: user.id,
          email: user.email,
          firstName: profile?.firstName ?? null,
          lastName: profile?.lastName ?? null,
          profileEmail: profile?.email ?? null,
        };
        return { user: sessionUser, session: { id: session.id, expiresAt: session.expiresAt } };
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
