import { createAuthClient } from 'better-auth/react';

/** better-auth's client, mounted by the server at /api/auth on the same origin. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
});
