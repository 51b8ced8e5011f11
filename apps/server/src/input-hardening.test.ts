import { INT4_MAX, NUL_MESSAGE } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';

/**
 * Every input of the API refuses what PostgreSQL cannot store: NUL (U+0000) in any string
 * parameter or body field, and integers beyond the range of their column (int4). The walk reads
 * each route's parameters and body from the OpenAPI document and sends one bad value at a time in
 * an otherwise valid request (`validRequests`), expecting 400 naming that field, never 500.
 * A route with a query or a body must have a valid request here: the coverage test fails otherwise.
 */
type Fixture = {
  accountId: string;
  emailId: string;
  messageAttachmentId: string;
  contactId: string;
  sessionId: string;
  knowledgeId: string;
  attachmentId: string;
  draftId: string;
};
type ValidRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** The body goes as multipart/form-data, with `file` as an mbox file. */
  multipart?: boolean;
};

const INT4_MIN = -INT4_MAX - 1;
const INVITATION_TOKEN = 'n0t-a-real-invitation-token-but-long-enough';
const DATES = { startDate: '2025-01-01', endDate: '2025-06-30' };
const MBOX = 'From a@example.com Mon Jan  1 00:00:00 2001\nFrom: a@example.com\nSubject: hi\n\nhello\n';

const validRequests: Record<string, (f: Fixture) => ValidRequest> = {
  'GET /api/invitations/{token}': () => ({ params: { token: INVITATION_TOKEN } }),
  'POST /api/invitations/{token}/accept': () => ({
    params: { token: INVITATION_TOKEN },
    body: { email: 'invitee@example.com', firstName: 'Ivy', lastName: 'Invitee', password: 'correct-horse-1' },
  }),
  'PATCH /api/settings/profile': () => ({
    body: { firstName: 'Ann', lastName: 'Walker', email: 'input-walk@example.com', currentPassword: 'correct-horse-1' },
  }),
  // A wrong password: a request that passed validation must not delete the walk's user.
  'POST /api/settings/delete-account': () => ({
    body: { confirmation: 'DELETE MY ACCOUNT', password: 'not-the-password', code: '123456' },
  }),
  'POST /api/accounts': () => ({
    body: {
      provider: 'exchange',
      emailAddress: 'imap@example.com',
      password: 'secret',
      username: 'imap',
      serverUrl: '127.0.0.1',
      port: 993,
    },
  }),
  // A known provider's domain: answered from the presets table, no DNS question asked.
  'GET /api/accounts/mail-server-lookup': () => ({ query: { email: 'someone@yahoo.com' } }),
  'PATCH /api/accounts/{id}': () => ({
    body: {
      isActive: true,
      displayName: 'Work mail',
      inboxContactsPageCap: 30,
      inboxContactsMaxNew: 300,
      sentStyleCap: 1500,
      maxEmailsPerDownload: 5000,
    },
  }),
  'DELETE /api/accounts/{id}': () => ({ body: { confirmation: 'DELETE EMAIL ACCOUNT' } }),
  'PUT /api/accounts/{id}/credentials': () => ({ body: { password: 'new-secret', username: 'imap' } }),
  'PUT /api/accounts/{id}/aliases': () => ({ body: { aliases: ['me@example.org'], dismissed: ['not-me@example.org'] } }),
  'GET /api/emails': (f) => ({ query: { accountId: f.accountId, search: 'quarterly report', limit: '25', offset: '0' } }),
  'GET /api/accounts/{id}/contacts': () => ({
    query: { search: 'anne', company: 'Enron', strength: 'high', limit: '20', offset: '0' },
  }),
  'PATCH /api/contacts/{id}': () => ({
    body: { notes: 'Met at the conference', phoneNumber: '+1 555 0100', jobTitle: 'Trader', department: 'Gas' },
  }),
  'GET /api/accounts/{id}/analytics/charts': () => ({ query: { granularity: 'week' } }),
  'GET /api/analytics/charts': () => ({ query: { granularity: 'week' } }),
  'POST /api/accounts/{id}/training/download': () => ({ body: DATES }),
  'POST /api/accounts/{id}/training/runs': () => ({ body: { contactsOnlyInbox: true, styleOnlySent: false, ...DATES } }),
  'POST /api/accounts/import': () => ({
    multipart: true,
    body: { emailAddress: 'import@example.com', aliases: 'old@example.com, older@example.com', sentOnly: 'false', displayName: 'Old mail' },
  }),
  'GET /api/accounts/{id}/files': () => ({ query: { source: 'knowledge' } }),
  'POST /api/accounts/{id}/files': () => ({ multipart: true, body: { categories: 'attachment' } }),
  'GET /api/accounts/{id}/knowledge/search': () => ({ query: { q: 'when will my refund arrive', limit: '5' } }),
  'GET /api/emails/{id}/suggested-attachments': () => ({ query: { k: '3' } }),
  'POST /api/emails/{id}/attachments/{attachmentId}/library': (f) => ({
    params: { attachmentId: f.messageAttachmentId },
    body: { categories: ['attachment'] },
  }),
  'POST /api/knowledge-documents/{id}/categories': () => ({ body: { category: 'attachment' } }),
  'POST /api/attachments/{id}/categories': () => ({ body: { category: 'knowledge' } }),
  'PATCH /api/attachments/{id}': () => ({ body: { autoAttach: true } }),
  'POST /api/gmail/start': () => ({ body: { emailAddress: 'someone@gmail.com' } }),
  'POST /api/microsoft/start': () => ({ body: { emailAddress: 'someone@contoso.example' } }),
  'POST /api/microsoft/exchange': () => ({
    body: { code: 'one-time-code', state: '{"email":"someone@contoso.example"}', redirectUri: 'http://localhost:3000/microsoft-callback' },
  }),
  'POST /api/gmail/exchange': () => ({
    body: { code: 'one-time-code', state: '{"email":"someone@gmail.com"}', redirectUri: 'http://localhost:3000/gmail-callback' },
  }),
  'GET /api/drafts': (f) => ({ query: { accountId: f.accountId, needsReview: 'true', status: 'pending', limit: '25' } }),
  'POST /api/drafts/{id}/edit': () => ({ body: { body: 'Thanks, that works.', subject: 'Re: hi' } }),
  'POST /api/emails/{id}/triage': () => ({ body: { needsReply: true } }),
  'POST /api/drafts/{id}/mode': () => ({ body: { mode: 'buy_time' } }),
  'PUT /api/drafts/{id}/attachments': () => ({ body: { selectedIds: [] } }),
  'PATCH /api/accounts/{id}/drafting-settings': () => ({
    body: {
      enabled: true,
      defaultMode: 'full',
      buyTimeHours: 24,
      reviewWords: ['refund'],
      reviewSenders: ['boss@example.com'],
      ignoredSenders: ['news.example.com'],
      engine: 'builtin',
    },
  }),
  'PUT /api/accounts/{id}/delivery': () => ({
    body: { mode: 'send', smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'me', password: 'pw' } },
  }),
  'POST /api/accounts/{id}/delivery/check': () => ({
    body: { smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'me', password: null } },
  }),
  'DELETE /api/accounts/{id}/drafting-memory/{itemId}': (f) => ({ params: { itemId: f.draftId } }),
  'PUT /api/settings/notifications': () => ({
    body: { newDrafts: true, flaggedDrafts: true, failures: true, weeklySummary: false, email: false },
  }),
  'POST /api/waitlist': () => ({ body: { name: 'Wendy Waiter', email: 'wendy@example.com', howHeard: 'friend' } }),
  'POST /api/contact': () => ({ body: { name: 'Carl', email: 'carl@example.com', subject: 'Hello', message: 'A question' } }),
};

/** The `{id}` of a path: the record of the signed-in user the route is about. */
function idFor(path: string, f: Fixture): string {
  if (path.startsWith('/api/accounts/{id}')) return f.accountId;
  if (path.startsWith('/api/emails/{id}')) return f.emailId;
  if (path.startsWith('/api/contacts/{id}')) return f.contactId;
  if (path.startsWith('/api/training-sessions/{id}')) return f.sessionId;
  if (path.startsWith('/api/knowledge-documents/{id}')) return f.knowledgeId;
  if (path.startsWith('/api/attachments/{id}')) return f.attachmentId;
  if (path.startsWith('/api/drafts/{id}')) return f.draftId;
  if (path.startsWith('/api/settings/sessions/{id}')) return 'not-a-session-of-yours';
  if (path.startsWith('/api/notifications/{id}')) return '00000000-0000-4000-8000-000000000000';
  throw new Error(`${path}: say in idFor which record its {id} is`);
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Parameter = { name: string; in: 'path' | 'query'; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
/** One bad value at one place of a request; `field` is the key the error's `fields` must name. */
type BadInput = { field: string; in: 'path' | 'query' | 'body'; path: string[]; value: unknown; why: string; message?: string };

/** The same text with a NUL in the middle: valid but for the NUL. */
const withNul = (text: unknown) => {
  const s = typeof text === 'string' && text.length > 0 ? text : 'text';
  const middle = Math.ceil(s.length / 2);
  return `${s.slice(0, middle)}\u0000${s.slice(middle)}`;
};

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Every string and integer in a schema, each with the bad values to send in its place. */
function badValues(schema: JsonSchema, valid: unknown, path: string[]): Omit<BadInput, 'field' | 'in'>[] {
  const found: Omit<BadInput, 'field' | 'in'>[] = [];
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...badValues(variant, valid, path));
  const types = typesOf(schema);
  if (types.includes('object')) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      found.push(...badValues(property, (valid as Record<string, unknown> | undefined)?.[key], [...path, key]));
    }
  }
  if (types.includes('array') && schema.items)
    found.push(...badValues(schema.items, (valid as unknown[] | undefined)?.[0], [...path, '0']));
  if (types.includes('string') && schema.format !== 'binary') {
    const freeText = !schema.enum && !schema.format;
    found.push({ path, value: withNul(valid), why: 'NUL', ...(freeText ? { message: NUL_MESSAGE } : {}) });
  }
  if (types.includes('integer')) {
    found.push({ path, value: INT4_MAX + 1, why: 'above int4' }, { path, value: INT4_MIN - 1, why: 'below int4' });
  }
  if (types.includes('number')) throw new Error(`${path.join('.')}: a number field; give it a range and teach this walk its bound`);
  return found;
}

function badInputs(operation: Operation, valid: ValidRequest): BadInput[] {
  const inputs: BadInput[] = [];
  for (const parameter of operation.parameters ?? []) {
    const validValue = (parameter.in === 'path' ? valid.params : valid.query)?.[parameter.name];
    for (const bad of badValues(parameter.schema, validValue, [parameter.name])) {
      inputs.push({ ...bad, field: parameter.name, in: parameter.in });
    }
  }
  for (const { schema } of Object.values(operation.requestBody?.content ?? {})) {
    for (const bad of badValues(schema, valid.body, [])) inputs.push({ ...bad, field: bad.path.join('.'), in: 'body' });
  }
  return inputs;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node: Record<string, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    node[key] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

const t = await createTestApp();
const { user, cookie } = await t.signUpAndIn('input-walk@example.com');
const accountId = await t.insertEmailAccount(user.id, 'walk@example.com');
const { rows: emailRows } = await t.database.pool.query<{ id: string }>(
  `insert into emails (user_id, email_account_id, message_key, subject) values ($1, $2, 'walk@a', 'hi') returning id`,
  [user.id, accountId],
);
const { rows: contactRows } = await t.database.pool.query<{ id: string }>(
  `insert into contacts (user_id, email_account_id, email_address) values ($1, $2, 'friend@example.com') returning id`,
  [user.id, accountId],
);
const { rows: messageAttachmentRows } = await t.database.pool.query<{ id: string }>(
  `insert into email_message_attachments (user_id, email_account_id, email_id, filename) values ($1, $2, $3, 'form.pdf') returning id`,
  [user.id, accountId, emailRows[0]!.id],
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
const { rows: draftRows } = await t.database.pool.query<{ id: string }>(
  `insert into drafts (user_id, email_account_id, email_id, subject, body) values ($1, $2, $3, 'Re: hi', 'Hello') returning id`,
  [user.id, accountId, emailRows[0]!.id],
);
const fixture: Fixture = {
  draftId: draftRows[0]!.id,
  accountId,
  emailId: emailRows[0]!.id,
  messageAttachmentId: messageAttachmentRows[0]!.id,
  contactId: contactRows[0]!.id,
  sessionId: sessionRows[0]!.id,
  knowledgeId: knowledgeRows[0]!.id,
  attachmentId: attachmentRows[0]!.id,
};

const doc = await (await t.request('/api/openapi.json')).json();
const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    route: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation,
  })),
);
const withInputs = operations.filter(({ operation }) => (operation.parameters?.length ?? 0) > 0 || operation.requestBody);
const cases = withInputs.flatMap(({ route, method, path, operation }) => {
  const valid = validRequests[route]?.(fixture) ?? {};
  return badInputs(operation, valid).map((bad) => [`${route} ${bad.in} ${bad.field} (${bad.why})`, { method, path, valid, bad }] as const);
});

/** Sends `valid` with `bad` in its place, as the browser would (same origin, signed in). */
function send(method: string, path: string, valid: ValidRequest, bad: BadInput) {
  const params = { ...valid.params };
  const query = { ...valid.query };
  let body = valid.body;
  if (bad.in === 'path') params[bad.field] = String(bad.value);
  else if (bad.in === 'query') query[bad.field] = String(bad.value);
  else body = setAt(body ?? {}, bad.path, bad.value);
  const url =
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? idFor(path, fixture))) +
    (Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '');
  if (valid.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body ?? {})) form.set(key, String(value));
    form.set('file', new Blob([MBOX]), 'walk.mbox');
    return t.request(url, { method, cookie, body: form });
  }
  return t.request(url, { method, cookie, ...(body ? { json: body } : {}) });
}

describe('input hardening', () => {
  it.each(cases)('%s answers 400 naming the field', async (_name, { method, path, valid, bad }) => {
    const response = await send(method, path, valid, bad);
    const body = await response.json();
    expect({ status: response.status, code: body.error?.code }).toEqual({ status: 400, code: 'VALIDATION' });
    expect(Object.keys(body.error.fields ?? {})).toContain(bad.field);
    // Enums, dates and uuids refuse it by their format; any other text by the shared NUL check.
    if (bad.message) expect(body.error.fields[bad.field]).toBe(bad.message);
  });

  it('has a valid request for every route with a query or a body', () => {
    const missing = withInputs
      .filter(
        ({ route, operation }) => !validRequests[route] && (operation.requestBody || operation.parameters?.some((p) => p.in === 'query')),
      )
      .map(({ route }) => route);
    expect(missing).toEqual([]);
    expect(Object.keys(validRequests).filter((route) => !operations.some((o) => o.route === route))).toEqual([]);
    // Sanity: the walk found the inputs of the issue.
    const names = cases.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'PATCH /api/accounts/{id} body displayName (NUL)',
        'PATCH /api/accounts/{id} body inboxContactsPageCap (above int4)',
        'GET /api/emails query search (NUL)',
        'GET /api/accounts/{id}/contacts query company (NUL)',
        'PATCH /api/contacts/{id} body notes (NUL)',
        'POST /api/accounts/import body displayName (NUL)',
      ]),
    );
  });

  it('still takes text with other control characters, and integers up to the int4 maximum', async () => {
    const notes = 'Line one\n\tLine two \u0001 \u001f \u2028 é 😀';
    const contact = await t.request(`/api/contacts/${fixture.contactId}`, { method: 'PATCH', cookie, json: { notes } });
    expect(contact.status).toBe(200);
    expect((await contact.json()).contact.notes).toBe(notes);
    const account = await t.request(`/api/accounts/${fixture.accountId}`, {
      method: 'PATCH',
      cookie,
      json: { inboxContactsPageCap: INT4_MAX, maxEmailsPerDownload: 0 },
    });
    expect(account.status).toBe(200);
    expect((await account.json()).account).toMatchObject({ inboxContactsPageCap: INT4_MAX, maxEmailsPerDownload: 0 });
  });
});

describe('an import refused by its fields', () => {
  it('ends the unread file upload without an uncaught exception (which stops the server)', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      for (const emailAddress of ['not-an-address', 'nul\u0000@example.com']) {
        const form = new FormData();
        form.set('emailAddress', emailAddress);
        form.set('file', new Blob([MBOX.repeat(20_000)]), 'big.mbox');
        const response = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
        expect(response.status).toBe(400);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});

describe('input hardening of better-auth routes (their bodies are not our schemas)', () => {
  it.each([
    ['sign-in/email', { email: 'input-walk@example.com', password: 'correct-\u0000horse-1' }],
    ['sign-in/email', { email: 'input-walk\u0000@example.com', password: 'correct-horse-1' }],
    ['sign-up/email', { email: 'new-user@example.com', password: 'correct-horse-1', name: 'New\u0000User' }],
    ['update-user', { name: 'Nul\u0000Name' }],
    ['revoke-session', { token: 'tok\u0000en' }],
    ['change-password', { currentPassword: 'correct-horse-1', newPassword: 'correct-\u0000horse-2' }],
    ['change-email', { newEmail: 'other\u0000@example.com' }],
    ['two-factor/enable', { password: 'correct-\u0000horse-1' }],
    ['two-factor/verify-totp', { code: '12\u00003456' }],
    ['two-factor/verify-backup-code', { code: 'abcde-\u0000fghij' }],
    ['two-factor/disable', { password: 'correct-\u0000horse-1' }],
  ])('POST /api/auth/%s with NUL in the body answers 400', async (route, json) => {
    const response = await t.request(`/api/auth/${route}`, { method: 'POST', cookie, json });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION');
  });

  it('GET /api/auth/get-session with NUL in the query answers 400', async () => {
    const response = await t.request('/api/auth/get-session?disableCookieCache=tr%00ue', { cookie });
    expect(response.status).toBe(400);
  });

  it('still signs in with a valid body', async () => {
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'input-walk@example.com', password: 'correct-horse-1' },
    });
    expect(response.status).toBe(200);
  });
});
