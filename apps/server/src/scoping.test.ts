import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';

/**
 * Every signed-in route, and how user B is kept away from user A's data on it. A route that takes
 * an id of a user-owned resource must be in `ownedResourceRoutes` (B gets 404 for A's id); a route
 * that only ever reads the caller's own data goes in `callerScopedRoutes` with a check.
 * The last test fails when a route in the OpenAPI document is in neither table.
 */
type OwnedResourceRoute = { method: string; path: string; idOfA: (a: Fixture) => string; body?: unknown };
type Fixture = { cookieA: string; cookieB: string };

const ownedResourceRoutes: OwnedResourceRoute[] = [];

const callerScopedRoutes: Record<string, (f: Fixture, t: Awaited<ReturnType<typeof createTestApp>>) => Promise<void>> = {
  'GET /api/dashboard/sidebar-counts': async (f, t) => {
    const a = await (await t.request('/api/dashboard/sidebar-counts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/dashboard/sidebar-counts', { cookie: f.cookieB })).json();
    expect(a).toEqual({ emailAccounts: 1, knowledgeDocuments: 0, attachments: 0 });
    expect(b).toEqual({ emailAccounts: 0, knowledgeDocuments: 0, attachments: 0 });
  },
};

/** Routes that hold no user data (public, or keyed by a secret token). */
const publicRoutes = new Set(['GET /api/health', 'GET /api/invitations/{token}', 'POST /api/invitations/{token}/accept']);

const t = await createTestApp();
const a = await t.signUpAndIn('scoping-a@example.com');
const b = await t.signUpAndIn('scoping-b@example.com');
const fixture: Fixture = { cookieA: a.cookie, cookieB: b.cookie };
await t.database.pool.query(
  `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, 'a@example.com', 'exchange', 'a@example.com')`,
  [a.user.id],
);

describe('user scoping', () => {
  it.each(ownedResourceRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers 404 to user B for user A's resource",
    async (_name, route) => {
      const path = route.path.replace(/\{[^}]+\}/, route.idOfA(fixture));
      const response = await t.request(path, {
        method: route.method,
        cookie: fixture.cookieB,
        ...(route.body ? { json: route.body } : {}),
      });
      expect(response.status).toBe(404);
    },
  );

  it.each(Object.entries(callerScopedRoutes))('%s shows each user only their own data', async (_name, check) => {
    await check(fixture, t);
  });

  it('covers every route of the API', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set([
      ...publicRoutes,
      ...Object.keys(callerScopedRoutes),
      ...ownedResourceRoutes.map((r) => `${r.method} ${r.path}`),
    ]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(covered.size);
  });
});
