import type { SessionUser } from '@penman/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { customSession } from 'better-auth/plugins';
import { switchOffAuthAsyncContextWhenIdle, trackAuthBackgroundTask } from './auth-async-context.ts';
import type { Db } from './db/client.ts';
import { authAccounts, rateLimits, sessions, users, verifications } from './db/schema/index.ts';
import { logger } from './logger.ts';

/** The header our HTTP layer sets from the socket address; clients cannot forge it (we overwrite it). */
export const CLIENT_IP_HEADER = 'x-penman-client-ip';

export type ProfileNames = { firstName: string | null; lastName: string | null; email: string | null };

type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  signupMode: 'waitlist' | 'open';
  signInAttemptsPerMinute: number;
  loadProfile: (userId: string) => Promise<ProfileNames | undefined>;
  onUserCreated: (user: { id: string; email: string; name: string }) => Promise<void>;
};

const DAY = 60 * 60 * 24;

// Before any better-auth call can run, so every run() of its storages is counted.
await switchOffAuthAsyncContextWhenIdle();

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Penman',
    logger: { log: (level, message) => logger[level]({ component: 'auth' }, message) },
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications, rateLimit: rateLimits },
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
        '/sign-in/email': { window: 60, max: options.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: options.signInAttemptsPerMinute },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Known, so its async context is not switched off under it (auth-async-context.ts).
      backgroundTasks: { handler: trackAuthBackgroundTask },
    },
    // Unexpected errors (a failed query) go to our onError and its log serializer; by default its
    // router prints them to stderr with their SQL parameters.
    onAPIError: { throw: true },
    databaseHooks: {
      user: { create: { after: async (user) => options.onUserCreated(user) } },
    },
    plugins: [
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
