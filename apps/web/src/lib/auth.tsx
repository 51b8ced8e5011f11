import { AUTH_MESSAGES, type SessionUser as ContractSessionUser, QUERY_STALE_MS } from '@penman/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { ApiRequestError, networkError } from './api-request-error.ts';

/** What GET /api/auth/get-session answers when signed in (the server's custom session). */
export type Session = { user: ContractSessionUser; session: { id: string; expiresAt: Date } };
export type SessionUser = Session['user'];

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

type AuthFailure = { status?: number; message?: string; statusText?: string };

const nullableString = (value: unknown) => (typeof value === 'string' ? value : null);

/** The session from its JSON, or null when the answer is not a session. */
function toSession(data: unknown): Session | null {
  if (typeof data !== 'object' || data === null) return null;
  const { user, session } = data as { user?: Record<string, unknown>; session?: Record<string, unknown> };
  if (typeof user?.id !== 'string' || typeof user.email !== 'string' || typeof session?.id !== 'string') return null;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: nullableString(user.firstName),
      lastName: nullableString(user.lastName),
      profileEmail: nullableString(user.profileEmail),
    },
    session: { id: session.id, expiresAt: new Date(String(session.expiresAt)) },
  };
}

/**
 * Signed out is `null`; only a server or network failure throws (and is retried once). A plain
 * fetch: every page, the landing page included, needs it first, so it carries no auth client.
 */
async function getSession(): Promise<Session | null> {
  let response: Response;
  try {
    response = await fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (error) {
    throw networkError(error);
  }
  if (response.status >= 500) throw new ApiRequestError(response.status, 'INTERNAL', response.statusText || 'Session lookup failed');
  if (!response.ok) return null;
  return toSession(await response.json().catch(() => null));
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSession,
    // Keeps the sliding session alive and notices a sign-out elsewhere while the page is visible.
    refetchInterval: QUERY_STALE_MS,
    refetchOnWindowFocus: true,
  });

type SignOutOptions = { allDevices?: boolean };

export type AuthContextValue = {
  session: Session | null;
  user: SessionUser | null;
  /** True until the first session lookup has answered. */
  loading: boolean;
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** Reads the session again (after sign-in or accepting an invitation). */
  refreshSession: () => Promise<Session | null>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

// Sign-out answers of 401, 403 and 404 mean there was no session left to end: nothing to report.
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

function assertSignOutOk(error: AuthFailure | null) {
  if (error && !IGNORED_SIGN_OUT_STATUSES.has(error.status ?? 0)) {
    throw new ApiRequestError(error.status ?? 0, 'INTERNAL', error.message || error.statusText || 'Sign out failed');
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions());
  const session = query.data ?? null;

  const signOut = useCallback(
    async ({ allDevices = false }: SignOutOptions = {}) => {
      const { authClient } = await import('./auth-client.ts');
      if (allDevices) assertSignOutOk((await authClient.revokeSessions()).error);
      assertSignOutOk((await authClient.signOut()).error);
      // Drop every cached answer of the signed-out user, then mark the session as gone.
      queryClient.removeQueries({ predicate: (cached) => cached.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
    [queryClient],
  );

  const refreshSession = useCallback(() => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }), [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ session, user: session?.user ?? null, loading: query.isPending, signOut, refreshSession }),
    [session, query.isPending, signOut, refreshSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(AUTH_MESSAGES.useAuthOutsideProvider);
  return context;
}
