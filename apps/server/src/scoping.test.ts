import { MICROSOFT_MESSAGES } from '@penman/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';
import { startMicrosoftStandIn } from './test-support/microsoft-stand-in.ts';

/**
 * Every signed-in route, and how user B is kept away from user A's data on it. A route that takes
 * an id of a user-owned resource must be in `ownedResourceRoutes` (B gets 404 for A's id); a route
 * that only ever reads the caller's own data goes in `callerScopedRoutes` with a check.
 * The last test fails when a route in the OpenAPI document is in neither table.
 */
type OwnedResourceRoute = { method: string; path: string; idOfA: (a: Fixture) => string; body?: unknown; query?: string };
type Fixture = {
  cookieA: string;
  cookieB: string;
  accountIdOfA: string;
  emailIdOfA: string;
  /** An attachment of that email (the mail's, not the library's). */
  messageAttachmentIdOfA: string;
  contactIdOfA: string;
  sessionIdOfA: string;
  knowledgeIdOfA: string;
  attachmentIdOfA: string;
  draftIdOfA: string;
  /** One of A's signed-in sessions (better-auth's row id). */
  authSessionIdOfA: string;
  /** An item of A's drafting memory. */
  memoryItemIdOfA: string;
  /** One of A's bell notifications. */
  notificationIdOfA: string;
};

const accountOfA = (f: Fixture) => f.accountIdOfA;
const ALL_ON = { newDrafts: true, flaggedDrafts: true, failures: true, weeklySummary: true, email: false };
const ownedResourceRoutes: OwnedResourceRoute[] = [
  { method: 'GET', path: '/api/accounts/{id}', idOfA: accountOfA },
  { method: 'PATCH', path: '/api/accounts/{id}', idOfA: accountOfA, body: { isActive: false } },
  { method: 'DELETE', path: '/api/accounts/{id}', idOfA: accountOfA, body: { confirmation: 'DELETE EMAIL ACCOUNT' } },
  { method: 'GET', path: '/api/accounts/{id}/download-progress', idOfA: accountOfA },
  { method: 'PUT', path: '/api/accounts/{id}/credentials', idOfA: accountOfA, body: { password: 'x' } },
  { method: 'PUT', path: '/api/accounts/{id}/aliases', idOfA: accountOfA, body: { aliases: ['b@example.com'] } },
  ...['initialize', 'retry', 'pause', 'stop', 'reset', 'download'].map((action) => ({
    method: 'POST',
    path: `/api/accounts/{id}/${action}`,
    idOfA: accountOfA,
  })),
  { method: 'POST', path: '/api/accounts/{id}/statistics/recalculate', idOfA: accountOfA },
  { method: 'POST', path: '/api/accounts/{id}/top-senders/calculate', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/analytics/charts', idOfA: accountOfA },
  { method: 'GET', path: '/api/emails/{id}', idOfA: (f) => f.emailIdOfA },
  // "Show original" reads A's mailbox: B's request answers 404 before any connection is made.
  { method: 'GET', path: '/api/emails/{id}/original', idOfA: (f) => f.emailIdOfA },
  { method: 'GET', path: '/api/emails/{id}/original.eml', idOfA: (f) => f.emailIdOfA },
  { method: 'GET', path: '/api/emails/{id}/suggested-attachments', idOfA: (f) => f.emailIdOfA },
  {
    method: 'POST',
    path: '/api/emails/{id}/attachments/{attachmentId}/library',
    idOfA: (f) => f.emailIdOfA,
    body: { categories: ['attachment'] },
  },
  { method: 'GET', path: '/api/accounts/{id}/contacts', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/contacts/companies', idOfA: accountOfA },
  { method: 'POST', path: '/api/accounts/{id}/contacts/reprocess', idOfA: accountOfA },
  { method: 'PATCH', path: '/api/contacts/{id}', idOfA: (f) => f.contactIdOfA, body: { notes: 'not yours' } },
  { method: 'GET', path: '/api/accounts/{id}/training', idOfA: accountOfA },
  {
    method: 'POST',
    path: '/api/accounts/{id}/training/download',
    idOfA: accountOfA,
    body: { startDate: '2025-01-01', endDate: '2025-06-30' },
  },
  {
    method: 'POST',
    path: '/api/accounts/{id}/training/runs',
    idOfA: accountOfA,
    body: { contactsOnlyInbox: true, styleOnlySent: false, startDate: '2025-01-01', endDate: '2025-06-30' },
  },
  { method: 'GET', path: '/api/accounts/{id}/training/sessions', idOfA: accountOfA },
  { method: 'DELETE', path: '/api/training-sessions/{id}', idOfA: (f) => f.sessionIdOfA },
  { method: 'DELETE', path: '/api/accounts/{id}/training/emails', idOfA: accountOfA },
  { method: 'POST', path: '/api/accounts/{id}/training/prune', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/training/analysis', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/style', idOfA: accountOfA },
  { method: 'POST', path: '/api/accounts/{id}/style/analyze', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/files', idOfA: accountOfA },
  { method: 'POST', path: '/api/accounts/{id}/files', idOfA: accountOfA },
  { method: 'GET', path: '/api/accounts/{id}/knowledge/search', idOfA: accountOfA, query: '?q=refund' },
  { method: 'DELETE', path: '/api/knowledge-documents/{id}', idOfA: (f) => f.knowledgeIdOfA },
  { method: 'GET', path: '/api/knowledge-documents/{id}/content', idOfA: (f) => f.knowledgeIdOfA },
  { method: 'POST', path: '/api/knowledge-documents/{id}/categories', idOfA: (f) => f.knowledgeIdOfA, body: { category: 'attachment' } },
  { method: 'DELETE', path: '/api/attachments/{id}', idOfA: (f) => f.attachmentIdOfA },
  { method: 'GET', path: '/api/attachments/{id}/content', idOfA: (f) => f.attachmentIdOfA },
  { method: 'POST', path: '/api/attachments/{id}/categories', idOfA: (f) => f.attachmentIdOfA, body: { category: 'knowledge' } },
  { method: 'PATCH', path: '/api/attachments/{id}', idOfA: (f) => f.attachmentIdOfA, body: { autoAttach: true } },
  { method: 'GET', path: '/api/drafts/{id}', idOfA: (f) => f.draftIdOfA },
  { method: 'POST', path: '/api/drafts/{id}/approve', idOfA: (f) => f.draftIdOfA },
  { method: 'POST', path: '/api/drafts/{id}/reject', idOfA: (f) => f.draftIdOfA },
  { method: 'POST', path: '/api/drafts/{id}/reopen', idOfA: (f) => f.draftIdOfA },
  { method: 'POST', path: '/api/drafts/{id}/edit', idOfA: (f) => f.draftIdOfA, body: { body: 'not yours' } },
  { method: 'POST', path: '/api/drafts/{id}/mode', idOfA: (f) => f.draftIdOfA, body: { mode: 'buy_time' } },
  { method: 'PUT', path: '/api/drafts/{id}/attachments', idOfA: (f) => f.draftIdOfA, body: { selectedIds: [] } },
  { method: 'GET', path: '/api/emails/{id}/draft', idOfA: (f) => f.emailIdOfA },
  { method: 'POST', path: '/api/emails/{id}/draft', idOfA: (f) => f.emailIdOfA },
  { method: 'POST', path: '/api/emails/{id}/triage', idOfA: (f) => f.emailIdOfA, body: { needsReply: false } },
  { method: 'GET', path: '/api/accounts/{id}/drafting-settings', idOfA: accountOfA },
  { method: 'PATCH', path: '/api/accounts/{id}/drafting-settings', idOfA: accountOfA, body: { enabled: false } },
  // Delivery (issue 20): B never reads, changes or checks A's delivery settings, retries or downloads A's reply.
  { method: 'GET', path: '/api/accounts/{id}/delivery', idOfA: accountOfA },
  { method: 'PUT', path: '/api/accounts/{id}/delivery', idOfA: accountOfA, body: { mode: 'send' } },
  {
    method: 'POST',
    path: '/api/accounts/{id}/delivery/check',
    idOfA: accountOfA,
    body: { smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'a' } },
  },
  { method: 'POST', path: '/api/drafts/{id}/retry-delivery', idOfA: (f) => f.draftIdOfA },
  { method: 'GET', path: '/api/drafts/{id}/eml', idOfA: (f) => f.draftIdOfA },
  { method: 'DELETE', path: '/api/settings/sessions/{id}', idOfA: (f) => f.authSessionIdOfA },
  { method: 'POST', path: '/api/notifications/{id}/read', idOfA: (f) => f.notificationIdOfA },
  { method: 'GET', path: '/api/accounts/{id}/drafting-memory', idOfA: accountOfA },
  { method: 'DELETE', path: '/api/accounts/{id}/drafting-memory/{itemId}', idOfA: accountOfA },
];

const callerScopedRoutes: Record<string, (f: Fixture, t: Awaited<ReturnType<typeof createTestApp>>) => Promise<void>> = {
  'GET /api/accounts': async (f, t) => {
    const a = await (await t.request('/api/accounts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/accounts', { cookie: f.cookieB })).json();
    expect(a.accounts.map((x: { id: string }) => x.id)).toEqual([f.accountIdOfA]);
    expect(b.accounts).toEqual([]);
  },
  'POST /api/accounts': async (f, t) => {
    // Adding validates the form before anything else; an account is always created for the caller.
    const response = await t.request('/api/accounts', {
      method: 'POST',
      cookie: f.cookieB,
      json: { provider: 'exchange', emailAddress: 'a@example.com' },
    });
    expect(response.status).toBe(400);
  },
  'POST /api/accounts/import': async (f, t) => {
    // Importing always creates the caller's own account: B may import A's address, A sees nothing new.
    const form = new FormData();
    form.set('emailAddress', 'a@example.com');
    form.set('file', new Blob(['From x Mon Jan  1 00:00:00 2001\nFrom: a@example.com\nSubject: hi\n\nhello\n']), 'b.mbox');
    const response = await t.request('/api/accounts/import', { method: 'POST', cookie: f.cookieB, body: form });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    const a = await (await t.request('/api/accounts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/accounts', { cookie: f.cookieB })).json();
    expect(a.accounts.map((x: { id: string }) => x.id)).toEqual([f.accountIdOfA]);
    expect(b.accounts.map((x: { id: string }) => x.id)).toEqual([account.id]);
    expect((await t.request(`/api/accounts/${account.id}`, { cookie: f.cookieA })).status).toBe(404);
    // Back to the fixture's state for the other checks.
    const json = { confirmation: 'DELETE EMAIL ACCOUNT' };
    expect((await t.request(`/api/accounts/${account.id}`, { method: 'DELETE', cookie: f.cookieB, json })).status).toBe(204);
  },
  'GET /api/accounts/mail-server-lookup': async (f, t) => {
    // Mail server settings of a domain (presets, DNS): the same for everyone, no user data.
    const path = '/api/accounts/mail-server-lookup?email=a%40yahoo.com';
    const a = await (await t.request(path, { cookie: f.cookieA })).json();
    const b = await (await t.request(path, { cookie: f.cookieB })).json();
    expect(a).toMatchObject({ source: 'preset', presetId: 'yahoo' });
    expect(b).toEqual(a);
  },
  'GET /api/gmail/client-id': async (f, t) => {
    // The operator's OAuth client id: the same for everyone, no user data.
    const a = await (await t.request('/api/gmail/client-id', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/gmail/client-id', { cookie: f.cookieB })).json();
    expect(a).toEqual({ clientId: GMAIL_ENV.GOOGLE_CLIENT_ID });
    expect(b).toEqual(a);
  },
  'POST /api/gmail/start': async (f, t) => {
    // A state is bound to the user who started: B's state is refused when A presents it.
    const { state } = await (
      await t.request('/api/gmail/start', { method: 'POST', cookie: f.cookieB, json: { emailAddress: 'b@gmail.com' } })
    ).json();
    const response = await t.request('/api/gmail/exchange', {
      method: 'POST',
      cookie: f.cookieA,
      json: { code: 'code', state, redirectUri: 'http://localhost:3000/gmail-callback' },
    });
    expect(response.status).toBe(400);
  },
  'POST /api/gmail/exchange': async (f, t) => {
    // An account is only ever created for the caller, and only with the caller's own state.
    const { state } = await (
      await t.request('/api/gmail/start', { method: 'POST', cookie: f.cookieA, json: { emailAddress: 'a@gmail.com' } })
    ).json();
    const response = await t.request('/api/gmail/exchange', {
      method: 'POST',
      cookie: f.cookieB,
      json: { code: 'code', state, redirectUri: 'http://localhost:3000/gmail-callback' },
    });
    expect(response.status).toBe(400);
  },
  'GET /api/microsoft/client-id': async (f, t) => {
    // The operator's application id: the same for everyone, no user data.
    const a = await (await t.request('/api/microsoft/client-id', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/microsoft/client-id', { cookie: f.cookieB })).json();
    expect(a).toEqual({ clientId: microsoftStandIn.clientId });
    expect(b).toEqual(a);
  },
  'POST /api/microsoft/start': async (f, t) => {
    // A state is bound to the user who started: B's state is refused when A presents it.
    const { state } = await (
      await t.request('/api/microsoft/start', { method: 'POST', cookie: f.cookieB, json: { emailAddress: 'b@contoso.example' } })
    ).json();
    const response = await t.request('/api/microsoft/exchange', {
      method: 'POST',
      cookie: f.cookieA,
      json: { code: 'code', state, redirectUri: 'http://localhost:3000/microsoft-callback' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(MICROSOFT_MESSAGES.invalidState);
  },
  'POST /api/microsoft/exchange': async (f, t) => {
    // An account is only ever created for the caller, and only with the caller's own state.
    const { state } = await (
      await t.request('/api/microsoft/start', { method: 'POST', cookie: f.cookieA, json: { emailAddress: 'a@contoso.example' } })
    ).json();
    const response = await t.request('/api/microsoft/exchange', {
      method: 'POST',
      cookie: f.cookieB,
      json: { code: 'code', state, redirectUri: 'http://localhost:3000/microsoft-callback' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(MICROSOFT_MESSAGES.invalidState);
  },
  'GET /api/emails': async (f, t) => {
    // B's list never holds A's mail; A's account as B's filter answers 404 (like every account id of A).
    const a = await (await t.request('/api/emails', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/emails', { cookie: f.cookieB })).json();
    expect(a.emails.map((x: { id: string }) => x.id)).toEqual([f.emailIdOfA]);
    expect(b).toMatchObject({ emails: [], pagination: { totalCount: 0 } });
    expect((await t.request(`/api/emails?accountId=${f.accountIdOfA}`, { cookie: f.cookieB })).status).toBe(404);
  },
  'GET /api/dashboard/sidebar-counts': async (f, t) => {
    const a = await (await t.request('/api/dashboard/sidebar-counts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/dashboard/sidebar-counts', { cookie: f.cookieB })).json();
    expect(a).toEqual({ emailAccounts: 1, knowledgeDocuments: 1, attachments: 1, draftsToReview: 1 });
    expect(b).toEqual({ emailAccounts: 0, knowledgeDocuments: 0, attachments: 0, draftsToReview: 0 });
  },
  'GET /api/dashboard/stats': async (f, t) => {
    const a = await (await t.request('/api/dashboard/stats', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/dashboard/stats', { cookie: f.cookieB })).json();
    expect(a.emailAccounts).toBe(1);
    expect(a.draftsToReview).toBe(1);
    expect(b).toEqual({
      emailAccounts: 0,
      emailsProcessed: 0,
      knowledgeDocuments: 0,
      attachments: 0,
      draftsToReview: 0,
      draftsNeedingReview: 0,
    });
  },
  'GET /api/drafts': async (f, t) => {
    const a = await (await t.request('/api/drafts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/drafts', { cookie: f.cookieB })).json();
    expect(a.drafts.map((x: { id: string }) => x.id)).toEqual([f.draftIdOfA]);
    expect(b).toEqual({ drafts: [], nextCursor: null, total: 0 });
    // A's account as B's filter finds nothing of A's.
    expect((await (await t.request(`/api/drafts?accountId=${f.accountIdOfA}`, { cookie: f.cookieB })).json()).total).toBe(0);
  },
  'GET /api/drafts/counts': async (f, t) => {
    const a = await (await t.request('/api/drafts/counts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/drafts/counts', { cookie: f.cookieB })).json();
    expect(a).toEqual({ pending: 1, needsReview: 0, paused: [] });
    expect(b).toEqual({ pending: 0, needsReview: 0, paused: [] });
  },
  'GET /api/dashboard/activity': async (f, t) => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `insert into activity_events (user_id, email_account_id, kind) select user_id, id, 'account.connected' from email_accounts where id = $1 returning id`,
      [f.accountIdOfA],
    );
    const a = await (await t.request('/api/dashboard/activity', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/dashboard/activity', { cookie: f.cookieB })).json();
    expect(a.events.map((e: { id: string }) => e.id)).toContain(rows[0]!.id);
    expect(b.events.map((e: { id: string }) => e.id)).not.toContain(rows[0]!.id);
    await t.database.pool.query('delete from activity_events where id = $1', [rows[0]!.id]);
  },
  'GET /api/settings/profile': async (f, t) => {
    const a = await (await t.request('/api/settings/profile', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/settings/profile', { cookie: f.cookieB })).json();
    expect(a.profile.email).toBe('scoping-a@example.com');
    expect(b.profile.email).toBe('scoping-b@example.com');
  },
  'PATCH /api/settings/profile': async (f, t) => {
    // Always the caller's own profile: B renaming itself leaves A's name alone.
    const json = { firstName: 'Bea', lastName: 'B', email: 'scoping-b@example.com' };
    expect((await t.request('/api/settings/profile', { method: 'PATCH', cookie: f.cookieB, json })).status).toBe(200);
    const a = await (await t.request('/api/settings/profile', { cookie: f.cookieA })).json();
    expect(a.profile).toEqual({ firstName: 'Test', lastName: 'User', email: 'scoping-a@example.com' });
    // B cannot take A's sign-in email either, even with its own password.
    const taken = { ...json, email: 'scoping-a@example.com', currentPassword: 'correct-horse-1' };
    expect((await t.request('/api/settings/profile', { method: 'PATCH', cookie: f.cookieB, json: taken })).status).toBe(409);
  },
  'GET /api/settings/account': async (f, t) => {
    const a = await (await t.request('/api/settings/account', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/settings/account', { cookie: f.cookieB })).json();
    expect(a.connectedMailboxes).toBe(1);
    expect(a.storage.fileBytes).toBe(20);
    expect(b).toMatchObject({ connectedMailboxes: 0, storage: { fileBytes: 0 } });
  },
  'GET /api/settings/notifications': async (f, t) => {
    await t.request('/api/settings/notifications', { method: 'PUT', cookie: f.cookieB, json: { ...ALL_ON, newDrafts: false } });
    const a = await (await t.request('/api/settings/notifications', { cookie: f.cookieA })).json();
    expect(a.prefs.newDrafts).toBe(true);
  },
  'PUT /api/settings/notifications': async (f, t) => {
    // Always the caller's own toggles: B turning everything off leaves A's alone.
    const off = { newDrafts: false, flaggedDrafts: false, failures: false, weeklySummary: false, email: false };
    expect((await t.request('/api/settings/notifications', { method: 'PUT', cookie: f.cookieB, json: off })).status).toBe(200);
    const a = await (await t.request('/api/settings/notifications', { cookie: f.cookieA })).json();
    expect(a.prefs.failures).toBe(true);
  },
  'GET /api/notifications': async (f, t) => {
    const a = await (await t.request('/api/notifications', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/notifications', { cookie: f.cookieB })).json();
    expect(a.notifications.map((n: { id: string }) => n.id)).toContain(f.notificationIdOfA);
    expect(b.notifications.map((n: { id: string }) => n.id)).not.toContain(f.notificationIdOfA);
  },
  'POST /api/notifications/read-all': async (f, t) => {
    const before = await (await t.request('/api/notifications', { cookie: f.cookieA })).json();
    expect((await t.request('/api/notifications/read-all', { method: 'POST', cookie: f.cookieB })).status).toBe(204);
    const after = await (await t.request('/api/notifications', { cookie: f.cookieA })).json();
    expect(after.unread).toBe(before.unread);
  },
  'GET /api/settings/sessions': async (f, t) => {
    const a = await (await t.request('/api/settings/sessions', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/settings/sessions', { cookie: f.cookieB })).json();
    expect(a.sessions.map((s: { id: string }) => s.id)).toEqual([f.authSessionIdOfA]);
    expect(b.sessions.map((s: { id: string }) => s.id)).not.toContain(f.authSessionIdOfA);
  },
  'POST /api/settings/sessions/revoke-others': async (f, t) => {
    // B signing out its other sessions never touches A's.
    const response = await t.request('/api/settings/sessions/revoke-others', { method: 'POST', cookie: f.cookieB });
    expect(await response.json()).toEqual({ revoked: 0 });
    expect((await t.request('/api/settings/sessions', { cookie: f.cookieA })).status).toBe(200);
  },
  'GET /api/settings/export': async (f, t) => {
    // B's export holds B's data only: A's mailbox names an entry (mail/<address>.mbox) of A's zip, never of B's.
    const { accounts } = await (await t.request('/api/accounts', { cookie: f.cookieA })).json();
    const addressOfA: string = accounts[0].emailAddress;
    const zip = Buffer.from(await (await t.request('/api/settings/export', { cookie: f.cookieB })).arrayBuffer());
    expect(zip.length).toBeGreaterThan(0);
    expect(zip.includes(Buffer.from(addressOfA))).toBe(false);
    const own = Buffer.from(await (await t.request('/api/settings/export', { cookie: f.cookieA })).arrayBuffer());
    expect(own.includes(Buffer.from(addressOfA))).toBe(true);
  },
  'POST /api/settings/delete-account': async (f, t) => {
    // A third user deleting themselves leaves A whole (B is kept for the other walks).
    const c = await t.signUpAndIn('scoping-deleted@example.com');
    const json = { confirmation: 'DELETE MY ACCOUNT', password: 'correct-horse-1' };
    expect((await t.request('/api/settings/delete-account', { method: 'POST', cookie: c.cookie, json })).status).toBe(204);
    const a = await (await t.request('/api/accounts', { cookie: f.cookieA })).json();
    expect(a.accounts.map((x: { id: string }) => x.id)).toEqual([f.accountIdOfA]);
  },
  'GET /api/analytics/charts': async (f, t) => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `insert into emails (user_id, email_account_id, message_key, received_date) select user_id, id, 'scoping-chart@a', '2025-01-06T09:00:00Z' from email_accounts where id = $1 returning id`,
      [f.accountIdOfA],
    );
    const a = await (await t.request('/api/analytics/charts', { cookie: f.cookieA })).json();
    const b = await (await t.request('/api/analytics/charts', { cookie: f.cookieB })).json();
    expect(a.volume.points).toEqual([{ period: '2025-01-06', incoming: 1, outgoing: 0 }]);
    expect(b.volume.points).toEqual([]);
    expect(b.heatmap.received.flat().every((n: number) => n === 0)).toBe(true);
    await t.database.pool.query('delete from emails where id = $1', [rows[0]!.id]);
  },
};

/** Routes that hold no user data (public, or keyed by a secret token). */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/accept',
  'POST /api/waitlist',
  'GET /api/waitlist/count',
  'POST /api/contact',
]);

// Gmail configured, with Google unreachable: the state checks come before any call to Google.
const GMAIL_ENV = {
  GOOGLE_CLIENT_ID: 'scoping-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'scoping-test-secret',
  GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
  GMAIL_API_URL: 'http://127.0.0.1:9',
};
const microsoftStandIn = await startMicrosoftStandIn();
afterAll(() => microsoftStandIn.close());
const t = await createTestApp({
  ...GMAIL_ENV,
  MICROSOFT_CLIENT_ID: microsoftStandIn.clientId,
  MICROSOFT_CLIENT_SECRET: microsoftStandIn.clientSecret,
  MICROSOFT_AUTHORITY: microsoftStandIn.url,
});
const a = await t.signUpAndIn('scoping-a@example.com');
const b = await t.signUpAndIn('scoping-b@example.com');
const { rows } = await t.database.pool.query<{ id: string }>(
  `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, 'a@example.com', 'exchange', 'a@example.com') returning id`,
  [a.user.id],
);
const { rows: emailRows } = await t.database.pool.query<{ id: string }>(
  `insert into emails (user_id, email_account_id, message_key, subject) values ($1, $2, 'scoping@a', 'hi') returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: contactRows } = await t.database.pool.query<{ id: string }>(
  `insert into contacts (user_id, email_account_id, email_address) values ($1, $2, 'friend@example.com') returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: messageAttachmentRows } = await t.database.pool.query<{ id: string }>(
  `insert into email_message_attachments (user_id, email_account_id, email_id, filename) values ($1, $2, $3, 'form.pdf') returning id`,
  [a.user.id, rows[0]!.id, emailRows[0]!.id],
);
const { rows: sessionRows } = await t.database.pool.query<{ id: string }>(
  `insert into training_sessions (user_id, email_account_id, start_date, end_date) values ($1, $2, '2025-01-01', '2025-06-30') returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: knowledgeRows } = await t.database.pool.query<{ id: string }>(
  `insert into knowledge_documents (user_id, email_account_id, filename, file_path, file_size, file_type)
   values ($1, $2, 'prices.pdf', 'knowledge-documents/x/y/1-prices.pdf', 10, 'pdf') returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: attachmentRows } = await t.database.pool.query<{ id: string }>(
  `insert into email_attachments (user_id, email_account_id, filename, file_path, file_size, file_type)
   values ($1, $2, 'brochure.pdf', 'email-attachments/x/y/1-brochure.pdf', 10, 'pdf') returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: draftRows } = await t.database.pool.query<{ id: string }>(
  `insert into drafts (user_id, email_account_id, email_id, subject, body) values ($1, $2, $3, 'Re: hi', 'Hello') returning id`,
  [a.user.id, rows[0]!.id, emailRows[0]!.id],
);
const { rows: authSessionRows } = await t.database.pool.query<{ id: string }>('select id from sessions where user_id = $1', [a.user.id]);
const { rows: memoryRows } = await t.database.pool.query<{ id: string }>(
  `insert into drafting_memory (user_id, email_account_id, scope, kind, value, evidence, first_seen_at, last_seen_at)
   values ($1, $2, 'global', 'avoid_phrase', 'please do not hesitate', 3, now(), now()) returning id`,
  [a.user.id, rows[0]!.id],
);
const { rows: notificationRows } = await t.database.pool.query<{ id: string }>(
  `insert into notifications (user_id, kind, title, body) values ($1, 'draft_created', 'New draft to review', 'x') returning id`,
  [a.user.id],
);
const fixture: Fixture = {
  notificationIdOfA: notificationRows[0]!.id,
  authSessionIdOfA: authSessionRows[0]!.id,
  memoryItemIdOfA: memoryRows[0]!.id,
  draftIdOfA: draftRows[0]!.id,
  knowledgeIdOfA: knowledgeRows[0]!.id,
  attachmentIdOfA: attachmentRows[0]!.id,
  cookieA: a.cookie,
  cookieB: b.cookie,
  accountIdOfA: rows[0]!.id,
  emailIdOfA: emailRows[0]!.id,
  messageAttachmentIdOfA: messageAttachmentRows[0]!.id,
  contactIdOfA: contactRows[0]!.id,
  sessionIdOfA: sessionRows[0]!.id,
};

describe('user scoping', () => {
  it.each(ownedResourceRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers 404 to user B for user A's resource",
    async (_name, route) => {
      const path =
        route.path
          .replace(/\{[^}]+\}/, route.idOfA(fixture))
          .replace('{attachmentId}', fixture.messageAttachmentIdOfA)
          .replace('{itemId}', fixture.memoryItemIdOfA) + (route.query ?? '');
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
