import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';

/**
 * No cross-site request changes anything: every POST, PUT, PATCH and DELETE must come from
 * PUBLIC_URL's origin (its `Origin` header, or `Sec-Fetch-Site: same-origin` when a browser sends
 * no Origin), else 403. A page on another port of the same host is the attacker here: SameSite=Lax
 * cookies ride along on its requests, as the issue showed with reset and import.
 * The coverage test fails when a state-changing route of the OpenAPI document is not listed below.
 */
type Fixture = {
  accountId: string;
  contactId: string;
  sessionId: string;
  knowledgeId: string;
  attachmentId: string;
  emailId: string;
  draftId: string;
  authSessionId: string;
  notificationId: string;
};

/** Each state-changing route with the request an attacking page would send (a valid one). */
const stateChangingRoutes: Record<string, (f: Fixture) => { path: string; json?: unknown; form?: boolean }> = {
  'POST /api/invitations/{token}/accept': () => ({
    path: '/api/invitations/n0t-a-real-invitation-token-but-long-enough/accept',
    json: { email: 'victim-2@example.com', firstName: 'Eve', lastName: 'Attacker', password: 'correct-horse-1' },
  }),
  'POST /api/accounts': () => ({
    path: '/api/accounts',
    json: { provider: 'exchange', emailAddress: 'attacker@example.com', password: 'x', serverUrl: '127.0.0.1', port: 9 },
  }),
  'PATCH /api/accounts/{id}': (f) => ({ path: `/api/accounts/${f.accountId}`, json: { displayName: 'Hacked', isActive: false } }),
  'DELETE /api/accounts/{id}': (f) => ({ path: `/api/accounts/${f.accountId}`, json: { confirmation: 'DELETE EMAIL ACCOUNT' } }),
  'PUT /api/accounts/{id}/credentials': (f) => ({ path: `/api/accounts/${f.accountId}/credentials`, json: { password: 'attacker' } }),
  'PUT /api/accounts/{id}/aliases': (f) => ({ path: `/api/accounts/${f.accountId}/aliases`, json: { aliases: ['attacker@example.com'] } }),
  'POST /api/accounts/{id}/initialize': (f) => ({ path: `/api/accounts/${f.accountId}/initialize` }),
  'POST /api/accounts/{id}/retry': (f) => ({ path: `/api/accounts/${f.accountId}/retry` }),
  'POST /api/accounts/{id}/pause': (f) => ({ path: `/api/accounts/${f.accountId}/pause` }),
  'POST /api/accounts/{id}/stop': (f) => ({ path: `/api/accounts/${f.accountId}/stop` }),
  'POST /api/accounts/{id}/reset': (f) => ({ path: `/api/accounts/${f.accountId}/reset` }),
  'POST /api/accounts/{id}/download': (f) => ({ path: `/api/accounts/${f.accountId}/download` }),
  'POST /api/accounts/{id}/contacts/reprocess': (f) => ({ path: `/api/accounts/${f.accountId}/contacts/reprocess` }),
  'PATCH /api/contacts/{id}': (f) => ({ path: `/api/contacts/${f.contactId}`, json: { notes: 'written by another site' } }),
  'POST /api/accounts/{id}/statistics/recalculate': (f) => ({ path: `/api/accounts/${f.accountId}/statistics/recalculate` }),
  'POST /api/accounts/{id}/top-senders/calculate': (f) => ({ path: `/api/accounts/${f.accountId}/top-senders/calculate` }),
  'POST /api/accounts/{id}/training/download': (f) => ({
    path: `/api/accounts/${f.accountId}/training/download`,
    json: { startDate: '2025-01-01', endDate: '2025-06-30' },
  }),
  'POST /api/accounts/{id}/training/runs': (f) => ({
    path: `/api/accounts/${f.accountId}/training/runs`,
    json: { contactsOnlyInbox: true, styleOnlySent: false, startDate: '2025-01-01', endDate: '2025-06-30' },
  }),
  'DELETE /api/training-sessions/{id}': (f) => ({ path: `/api/training-sessions/${f.sessionId}` }),
  'DELETE /api/accounts/{id}/training/emails': (f) => ({ path: `/api/accounts/${f.accountId}/training/emails` }),
  'POST /api/accounts/{id}/training/prune': (f) => ({ path: `/api/accounts/${f.accountId}/training/prune` }),
  'POST /api/accounts/{id}/style/analyze': (f) => ({ path: `/api/accounts/${f.accountId}/style/analyze` }),
  'POST /api/accounts/import': () => ({ path: '/api/accounts/import', form: true }),
  'POST /api/accounts/{id}/files': (f) => ({ path: `/api/accounts/${f.accountId}/files`, form: true }),
  'DELETE /api/knowledge-documents/{id}': (f) => ({ path: `/api/knowledge-documents/${f.knowledgeId}` }),
  'POST /api/knowledge-documents/{id}/categories': (f) => ({
    path: `/api/knowledge-documents/${f.knowledgeId}/categories`,
    json: { category: 'attachment' },
  }),
  'DELETE /api/attachments/{id}': (f) => ({ path: `/api/attachments/${f.attachmentId}` }),
  'POST /api/attachments/{id}/categories': (f) => ({
    path: `/api/attachments/${f.attachmentId}/categories`,
    json: { category: 'knowledge' },
  }),
  'PATCH /api/attachments/{id}': (f) => ({ path: `/api/attachments/${f.attachmentId}`, json: { autoAttach: true } }),
  // Refused before the email is looked up: any ids do.
  'POST /api/emails/{id}/attachments/{attachmentId}/library': (f) => ({
    path: `/api/emails/${f.knowledgeId}/attachments/${f.attachmentId}/library`,
    json: { categories: ['attachment'] },
  }),
  'POST /api/drafts/{id}/approve': (f) => ({ path: `/api/drafts/${f.draftId}/approve` }),
  'POST /api/drafts/{id}/reject': (f) => ({ path: `/api/drafts/${f.draftId}/reject` }),
  'POST /api/drafts/{id}/reopen': (f) => ({ path: `/api/drafts/${f.draftId}/reopen` }),
  'POST /api/drafts/{id}/edit': (f) => ({ path: `/api/drafts/${f.draftId}/edit`, json: { body: 'written by another site' } }),
  'POST /api/drafts/{id}/mode': (f) => ({ path: `/api/drafts/${f.draftId}/mode`, json: { mode: 'buy_time' } }),
  'PUT /api/drafts/{id}/attachments': (f) => ({ path: `/api/drafts/${f.draftId}/attachments`, json: { selectedIds: [] } }),
  'POST /api/emails/{id}/draft': (f) => ({ path: `/api/emails/${f.emailId}/draft` }),
  'POST /api/emails/{id}/triage': (f) => ({ path: `/api/emails/${f.emailId}/triage`, json: { needsReply: false } }),
  'PATCH /api/accounts/{id}/drafting-settings': (f) => ({
    path: `/api/accounts/${f.accountId}/drafting-settings`,
    json: { enabled: false },
  }),
  'PUT /api/accounts/{id}/delivery': (f) => ({ path: `/api/accounts/${f.accountId}/delivery`, json: { mode: 'send' } }),
  'POST /api/accounts/{id}/delivery/check': (f) => ({
    path: `/api/accounts/${f.accountId}/delivery/check`,
    json: { smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'a' } },
  }),
  'POST /api/drafts/{id}/retry-delivery': (f) => ({ path: `/api/drafts/${f.draftId}/retry-delivery` }),
  // Refused before the item is looked up: any item id does.
  'DELETE /api/accounts/{id}/drafting-memory/{itemId}': (f) => ({ path: `/api/accounts/${f.accountId}/drafting-memory/${f.draftId}` }),
  'POST /api/gmail/start': () => ({ path: '/api/gmail/start', json: { emailAddress: 'attacker@gmail.com' } }),
  'POST /api/microsoft/start': () => ({ path: '/api/microsoft/start', json: { emailAddress: 'attacker@contoso.example' } }),
  'POST /api/microsoft/exchange': () => ({
    path: '/api/microsoft/exchange',
    json: { code: 'code', state: '{}', redirectUri: 'http://localhost:3000/microsoft-callback' },
  }),
  'POST /api/gmail/exchange': () => ({
    path: '/api/gmail/exchange',
    json: { code: 'code', state: '{}', redirectUri: 'http://localhost:3000/gmail-callback' },
  }),
  'PATCH /api/settings/profile': () => ({
    path: '/api/settings/profile',
    json: { firstName: 'Eve', lastName: 'Attacker', email: 'csrf@example.com' },
  }),
  'DELETE /api/settings/sessions/{id}': (f) => ({ path: `/api/settings/sessions/${f.authSessionId}` }),
  'POST /api/settings/sessions/revoke-others': () => ({ path: '/api/settings/sessions/revoke-others' }),
  'PUT /api/settings/notifications': () => ({
    path: '/api/settings/notifications',
    json: { newDrafts: false, flaggedDrafts: false, failures: false, weeklySummary: false, email: false },
  }),
  'POST /api/notifications/{id}/read': (f) => ({ path: `/api/notifications/${f.notificationId}/read` }),
  'POST /api/notifications/read-all': () => ({ path: '/api/notifications/read-all' }),
  // A wrong password: should the Origin check ever fail, the walk's user is still not deleted.
  'POST /api/settings/delete-account': () => ({
    path: '/api/settings/delete-account',
    json: { confirmation: 'DELETE MY ACCOUNT', password: 'not-the-password' },
  }),
  'POST /api/waitlist': () => ({ path: '/api/waitlist', json: { name: 'Spam Bot', email: 'spam@example.com' } }),
  'POST /api/contact': () => ({ path: '/api/contact', json: { name: 'Spam', email: 'spam@example.com', subject: 'Buy', message: 'Now' } }),
  // better-auth's routes the web calls (lib/auth.tsx, features/auth); every other one is walked below.
  'POST /api/auth/sign-in/email': () => ({
    path: '/api/auth/sign-in/email',
    json: { email: 'csrf@example.com', password: 'correct-horse-1' },
  }),
  'POST /api/auth/sign-out': () => ({ path: '/api/auth/sign-out' }),
  'POST /api/auth/revoke-sessions': () => ({ path: '/api/auth/revoke-sessions' }),
  // The Settings page's security section (features/settings) and the sign-in dialog's second step.
  'POST /api/auth/change-password': () => ({
    path: '/api/auth/change-password',
    json: { currentPassword: 'correct-horse-1', newPassword: 'attacker-horse-1', revokeOtherSessions: true },
  }),
  'POST /api/auth/two-factor/enable': () => ({ path: '/api/auth/two-factor/enable', json: { password: 'correct-horse-1' } }),
  'POST /api/auth/two-factor/disable': () => ({ path: '/api/auth/two-factor/disable', json: { password: 'correct-horse-1' } }),
  'POST /api/auth/two-factor/verify-totp': () => ({ path: '/api/auth/two-factor/verify-totp', json: { code: '123456' } }),
  'POST /api/auth/two-factor/verify-backup-code': () => ({
    path: '/api/auth/two-factor/verify-backup-code',
    json: { code: 'abcde-fghij' },
  }),
};

const CROSS_SITE_REQUESTS: [string, Record<string, string>][] = [
  ['another port of the same host', { origin: 'http://localhost:3001' }],
  ['another site', { origin: 'https://evil.example.com' }],
  ['an opaque origin (sandboxed frame, file:)', { origin: 'null' }],
  ['another scheme of the same host', { origin: 'https://localhost:3000' }],
  ['no Origin', {}],
  ['no Origin, Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['a foreign Origin with Sec-Fetch-Site: same-origin', { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-origin' }],
];

const t = await createTestApp();
const { user, cookie } = await t.signUpAndIn('csrf@example.com');
const accountId = await t.insertEmailAccount(user.id, 'victim@example.com');
const { rows: contactRows } = await t.database.pool.query<{ id: string }>(
  `insert into contacts (user_id, email_account_id, email_address, notes) values ($1, $2, 'friend@example.com', 'mine') returning id`,
  [user.id, accountId],
);
const { rows: sessionRows } = await t.database.pool.query<{ id: string }>(
  `insert into training_sessions (user_id, email_account_id, start_date, end_date) values ($1, $2, '2025-01-01', '2025-06-30') returning id`,
  [user.id, accountId],
);
const { rows: knowledgeRows } = await t.database.pool.query<{ id: string }>(
  `insert into knowledge_documents (user_id, email_account_id, filename, file_path, file_size, file_type)
   values ($1, $2, 'prices.pdf', 'knowledge-documents/x/y/1-prices.pdf', 10, 'pdf') returning id`,
  [user.id, accountId],
);
const { rows: attachmentRows } = await t.database.pool.query<{ id: string }>(
  `insert into email_attachments (user_id, email_account_id, filename, file_path, file_size, file_type)
   values ($1, $2, 'brochure.pdf', 'email-attachments/x/y/1-brochure.pdf', 10, 'pdf') returning id`,
  [user.id, accountId],
);
const { rows: emailRows } = await t.database.pool.query<{ id: string }>(
  `insert into emails (user_id, email_account_id, message_key, subject) values ($1, $2, 'csrf@a', 'hi') returning id`,
  [user.id, accountId],
);
const { rows: draftRows } = await t.database.pool.query<{ id: string }>(
  `insert into drafts (user_id, email_account_id, email_id, subject, body) values ($1, $2, $3, 'Re: hi', 'Hello') returning id`,
  [user.id, accountId, emailRows[0]!.id],
);
const { rows: authSessionRows } = await t.database.pool.query<{ id: string }>('select id from sessions where user_id = $1', [user.id]);
const { rows: notificationRows } = await t.database.pool.query<{ id: string }>(
  `insert into notifications (user_id, kind, title, body) values ($1, 'draft_created', 'New draft to review', 'x') returning id`,
  [user.id],
);
const fixture: Fixture = {
  notificationId: notificationRows[0]!.id,
  authSessionId: authSessionRows[0]!.id,
  accountId,
  emailId: emailRows[0]!.id,
  draftId: draftRows[0]!.id,
  contactId: contactRows[0]!.id,
  sessionId: sessionRows[0]!.id,
  knowledgeId: knowledgeRows[0]!.id,
  attachmentId: attachmentRows[0]!.id,
};

/** A request with exactly these headers: the test client's `request` always sends our origin. */
function send(method: string, path: string, headers: Record<string, string>, content: { json?: unknown; form?: boolean } = {}) {
  const init: RequestInit = { method, headers: { cookie, ...headers } };
  if (content.json !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(content.json);
  }
  if (content.form) {
    const form = new FormData();
    form.set('emailAddress', 'planted@example.com');
    form.set('categories', 'attachment');
    form.set('file', new Blob(['From a@example.com Mon Jan  1 00:00:00 2001\nFrom: a@example.com\nSubject: planted\n\nhi\n']), 'x.mbox');
    init.body = form;
  }
  return t.app.request(path, init, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } });
}

const snapshot = async () => {
  const { rows } = await t.database.pool.query(
    `select (select json_agg(json_build_object('id', id, 'name', display_name, 'active', is_active, 'state', sync_state) order by id) from email_accounts) as accounts,
            (select json_agg(notes) from contacts) as notes,
            (select count(*)::int from training_sessions) as sessions,
            (select count(*)::int from sessions) as sign_ins,
            (select json_agg(json_build_object('first', first_name, 'last', last_name, 'email', email)) from profiles) as profiles,
            (select json_agg(json_build_object('email', email, 'twoFactor', two_factor_enabled)) from users) as users,
            (select count(*)::int from two_factors) as two_factors,
            (select count(*)::int from waitlist) as waitlist,
            (select count(*)::int from contact_messages) as contact_messages,
            (select json_agg(json_build_object('id', id, 'auto', auto_attach) order by id) from email_attachments) as attachments,
            (select count(*)::int from knowledge_documents) as knowledge,
            (select json_agg(json_build_object('status', status, 'mode', mode, 'body', body, 'updated', updated_at)) from drafts) as drafts,
            (select count(*)::int from drafting_settings) as drafting_settings,
            (select count(*)::int from pgboss.job where left(name, 8) <> '__pgboss') as jobs`,
  );
  return rows[0];
};

const routeCases = Object.entries(stateChangingRoutes);
const cases = routeCases.flatMap(([route, build]) =>
  CROSS_SITE_REQUESTS.map(([who, headers]) => [`${route} from ${who}`, route, build, headers] as const),
);

const before = await snapshot();

describe('cross-site requests', () => {
  it.each(cases)('%s answers 403', async (_name, route, build, headers) => {
    const { path, ...content } = build(fixture);
    const response = await send(route.split(' ')[0]!, path, headers, content);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
  });

  it('changed nothing: the account, its contact, sessions, sign-ins, forms and jobs are as they were', async () => {
    expect(await snapshot()).toEqual(before);
    expect((await t.request('/api/accounts', { cookie })).status).toBe(200);
  });

  it("refuses every POST route of better-auth from another origin, not only the web's", async () => {
    const paths = Object.values(t.deps.auth.api)
      .map((endpoint) => endpoint as { path?: string; options?: { method?: string | string[] } })
      .filter((endpoint) => endpoint.path && [endpoint.options?.method].flat().some((m) => m === 'POST' || m === '*'))
      .map((endpoint) => `/api/auth${endpoint.path!.replace(/:(\w+)/g, 'x')}`);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/update-user']));
    for (const path of paths) {
      for (const [, headers] of CROSS_SITE_REQUESTS) {
        const response = await send('POST', path, headers, { json: {} });
        expect({ path, headers, status: response.status }).toEqual({ path, headers, status: 403 });
      }
    }
  });

  it('lets the same origin through, by Origin or by Sec-Fetch-Site when Origin is absent', async () => {
    const byOrigin = await send(
      'PATCH',
      `/api/contacts/${fixture.contactId}`,
      { origin: 'http://localhost:3000' },
      { json: { notes: 'one' } },
    );
    expect(byOrigin.status).toBe(200);
    const byFetchMetadata = await send(
      'PATCH',
      `/api/contacts/${fixture.contactId}`,
      { 'sec-fetch-site': 'same-origin' },
      { json: { notes: 'two' } },
    );
    expect(byFetchMetadata.status).toBe(200);
    expect(((await byFetchMetadata.json()) as { contact: { notes: string } }).contact.notes).toBe('two');
  });

  it('leaves reads alone: a GET needs no Origin', async () => {
    expect((await send('GET', '/api/accounts', {})).status).toBe(200);
    expect((await send('GET', '/api/accounts', { origin: 'http://localhost:3001' })).status).toBe(200);
  });

  it('covers every state-changing route of the API', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.filter((route) => !stateChangingRoutes[route])).toEqual([]);
    const listed = Object.keys(stateChangingRoutes).filter((route) => !route.includes('/api/auth/'));
    expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
  });
});

const behindProxy = await createTestApp({ PUBLIC_URL: 'https://mail.example.com/penman/' });

describe('the origin PUBLIC_URL names', () => {
  it('is its scheme, host and port, whatever its path', async () => {
    const request = (origin: string) =>
      behindProxy.app.request(
        '/api/waitlist',
        {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Ann', email: `ann-${origin.length}@example.com` }),
        },
        { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } },
      );
    expect((await request('https://mail.example.com')).status).toBe(201);
    expect((await request('http://mail.example.com')).status).toBe(403);
    expect((await request('https://mail.example.com:8443')).status).toBe(403);
  });
});
