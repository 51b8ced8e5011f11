import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { GoogleConfig } from '../platform/google.ts';

/**
 * A local stand-in for Google's OAuth endpoints and the part of the Gmail API Penman uses, so tests
 * run the real `google-auth-library` and `@googleapis/gmail` over HTTP. One mailbox, served from
 * real messages; answers and errors have Google's shapes.
 *
 * - consent page `GET /o/oauth2/v2/auth`: redirects to `redirect_uri` with a fresh code and the state
 * - token endpoint `POST /token`: authorization_code (refresh + access token) and refresh_token grants
 * - Gmail `GET /gmail/v1/users/me/{profile,messages,messages/:id,history}`
 * - failures on demand (`failNext`), revoked grants, history older than Gmail keeps (404)
 * - delivery (issue 20): `POST messages/send` and `POST drafts` (recorded in `sent` / `drafts`,
 *   stored as SENT / DRAFT messages), `q=rfc822msgid:` in messages.list, the scopes granted
 *   (`grantScopes`, read-only by default as before; a grant without compose answers 403 to both)
 */
export type StandInFailure = { status: number; body?: unknown; headers?: Record<string, string> };
type FailureTarget = 'token' | 'api' | ((request: { method: string; path: string }) => boolean);

type StoredMessage = { id: string; raw: Buffer; internalDate: number; labelIds: Set<string>; historyId: number; threadId: string };
const READONLY = 'https://www.googleapis.com/auth/gmail.readonly';
const COMPOSE = 'https://www.googleapis.com/auth/gmail.compose';
type HistoryRecord =
  | { id: number; kind: 'messageAdded'; messageId: string }
  | { id: number; kind: 'labelAdded'; messageId: string; labelIds: string[] };

const DAY_MS = 86_400_000;

/** Google's error body for the Gmail API. */
export function gmailApiError(status: number, reason: string, message: string) {
  const statusNames: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
  };
  return { error: { code: status, message, errors: [{ message, domain: 'global', reason }], status: statusNames[status] ?? 'UNKNOWN' } };
}

function messageIdOf(raw: Buffer): string | null {
  const head = raw.subarray(0, Math.min(raw.length, 16_384)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const match = /^Message-ID:[ \t]*<?([^>\r\n]+)>?/im.exec(end >= 0 ? head.slice(0, end) : head);
  return match ? match[1]!.trim() : null;
}

function dateOf(raw: Buffer): number | undefined {
  const head = raw.subarray(0, Math.min(raw.length, 16_384)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const match = /^Date:[ \t]*(.+)$/im.exec(end >= 0 ? head.slice(0, end) : head);
  const time = match ? Date.parse(match[1]!.replace(/\s*\([^)]*\)\s*$/, '')) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

export async function startGoogleStandIn(options: { emailAddress?: string } = {}) {
  const clientId = `stand-in-${randomBytes(4).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = randomBytes(12).toString('base64url');
  const emailAddress = options.emailAddress ?? 'john.lavorato@enron.com';

  const messages = new Map<string, StoredMessage>();
  const history: HistoryRecord[] = [];
  let historyId = 1000;
  /** history.list with a start id below this answers 404, as Gmail does for ids older than about a week. */
  let oldestHistoryId = historyId;
  let sequence = 0;

  const codes = new Map<string, { withRefreshToken: boolean; redirectUri: string | null; scope: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  /** Scopes of each access token (what the grant behind it allows). */
  const tokenScopes = new Map<string, string>();
  /** Scopes every new grant gets (the consent's `scope` when it names them). */
  let grantedScope = READONLY;
  const sent: { id: string; threadId: string | null; raw: Buffer }[] = [];
  const draftsCreated: { id: string; messageId: string; threadId: string | null; raw: Buffer }[] = [];
  const failures: { target: FailureTarget; failure: StandInFailure }[] = [];
  const calls: { method: string; path: string; query: URLSearchParams }[] = [];
  const tokenRequests: URLSearchParams[] = [];

  const issueRefreshToken = () => {
    const token = `1//stand-in-refresh-${randomBytes(16).toString('base64url')}`;
    refreshTokens.add(token);
    return token;
  };
  const issueAccessToken = (scope = grantedScope) => {
    const token = `ya29.stand-in-${randomBytes(16).toString('base64url')}`;
    accessTokens.add(token);
    tokenScopes.set(token, scope);
    return token;
  };

  function addMessage(raw: Buffer, opts: { labels: string[]; internalDate?: number; threadId?: string }): string {
    const internalDate = opts.internalDate ?? dateOf(raw) ?? Date.UTC(2001, 0, 1) + sequence * DAY_MS;
    // Like Gmail's: hexadecimal, growing with the time received (milliseconds, then a counter).
    const id = ((BigInt(internalDate) << 20n) | BigInt(sequence++ & 0xfffff)).toString(16);
    historyId += 1;
    messages.set(id, { id, raw, internalDate, labelIds: new Set(opts.labels), historyId, threadId: opts.threadId ?? id });
    history.push({ id: historyId, kind: 'messageAdded', messageId: id });
    return id;
  }

  function addLabel(id: string, label: string) {
    const message = messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    message.labelIds.add(label);
    historyId += 1;
    message.historyId = historyId;
    history.push({ id: historyId, kind: 'labelAdded', messageId: id, labelIds: [label] });
  }

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const takeFailure = (kind: 'token' | 'api', method: string, path: string) => {
    const index = failures.findIndex(({ target }) =>
      typeof target === 'function' ? kind === 'api' && target({ method, path }) : target === kind,
    );
    return index < 0 ? undefined : failures.splice(index, 1)[0]!.failure;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    tokenRequests.push(form);
    const failure = takeFailure('token', 'POST', '/token');
    if (failure) return send(res, failure.status, failure.body ?? { error: 'internal_failure' }, failure.headers);
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== clientId || secret !== clientSecret) {
      return send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grant = form.get('grant_type');
    const bearer = (scope = grantedScope) => ({
      access_token: issueAccessToken(scope),
      expires_in: 3599,
      scope,
      token_type: 'Bearer',
    });
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || (code.redirectUri !== null && code.redirectUri !== form.get('redirect_uri'))) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      }
      return send(res, 200, code.withRefreshToken ? { ...bearer(code.scope), refresh_token: issueRefreshToken() } : bearer(code.scope));
    }
    if (grant === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      return send(res, 200, bearer());
    }
    return send(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` });
  }

  function consent(url: URL, res: http.ServerResponse) {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirectUri) return send(res, 400, { error: 'invalid_request' });
    // Google grants what the consent asked for, within what this stand-in is told users grant.
    const asked = (url.searchParams.get('scope') ?? READONLY).split(/\s+/);
    const code = issueCode({ redirectUri, scope: asked.filter((s) => grantedScope.split(' ').includes(s)).join(' ') || READONLY });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  const sorted = () =>
    [...messages.values()].sort((a, b) => b.internalDate - a.internalDate || (BigInt(`0x${b.id}`) > BigInt(`0x${a.id}`) ? 1 : -1));

  function listMessages(query: URLSearchParams) {
    const labels = query.getAll('labelIds').flatMap((l) => l.split(','));
    let after = Number.NEGATIVE_INFINITY;
    let before = Number.POSITIVE_INFINITY;
    for (const term of (query.get('q') ?? '').split(/\s+/).filter(Boolean)) {
      const [key, value] = term.split(':');
      if (key === 'after') after = Number(value) * 1000;
      else if (key === 'before') before = Number(value) * 1000;
    }
    let messageIdHeader: string | null = null;
    for (const term of (query.get('q') ?? '').split(/\s+/).filter(Boolean))
      if (term.startsWith('rfc822msgid:')) messageIdHeader = term.slice('rfc822msgid:'.length).replace(/^<|>$/g, '');
    const found = sorted().filter(
      (m) =>
        labels.every((l) => m.labelIds.has(l)) &&
        m.internalDate > after &&
        m.internalDate < before &&
        (messageIdHeader === null || messageIdOf(m.raw) === messageIdHeader),
    );
    const max = Math.min(500, Number(query.get('maxResults') ?? 100));
    const offset = Number(query.get('pageToken') ?? 0);
    const page = found.slice(offset, offset + max);
    return {
      ...(page.length ? { messages: page.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
      ...(offset + max < found.length ? { nextPageToken: String(offset + max) } : {}),
      resultSizeEstimate: found.length,
    };
  }

  function listHistory(query: URLSearchParams): [number, unknown] {
    const start = Number(query.get('startHistoryId'));
    if (!Number.isFinite(start) || !query.get('startHistoryId'))
      return [400, gmailApiError(400, 'invalidArgument', 'Invalid startHistoryId')];
    if (start < oldestHistoryId) return [404, gmailApiError(404, 'notFound', 'Requested entity was not found.')];
    const label = query.get('labelId');
    const types = query.getAll('historyTypes');
    const records = history.filter((r) => {
      if (r.id <= start || (types.length && !types.includes(r.kind))) return false;
      const message = messages.get(r.messageId);
      return !label || (message?.labelIds.has(label) ?? false);
    });
    const max = Math.min(500, Number(query.get('maxResults') ?? 100));
    const offset = Number(query.get('pageToken') ?? 0);
    const page = records.slice(offset, offset + max).map((r) => {
      const m = messages.get(r.messageId)!;
      const message = { id: m.id, threadId: m.id, labelIds: [...m.labelIds] };
      return r.kind === 'messageAdded'
        ? { id: String(r.id), messages: [{ id: m.id, threadId: m.id }], messagesAdded: [{ message }] }
        : { id: String(r.id), messages: [{ id: m.id, threadId: m.id }], labelsAdded: [{ message, labelIds: r.labelIds }] };
    });
    return [
      200,
      {
        ...(page.length ? { history: page } : {}),
        ...(offset + max < records.length ? { nextPageToken: String(offset + max) } : {}),
        historyId: String(historyId),
      },
    ];
  }

  function gmail(method: string, path: string, query: URLSearchParams, req: http.IncomingMessage, res: http.ServerResponse) {
    const failure = takeFailure('api', method, path);
    if (failure)
      return send(res, failure.status, failure.body ?? gmailApiError(failure.status, 'backendError', 'Failure'), failure.headers);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!bearer || !accessTokens.has(bearer[1]!)) {
      return send(res, 401, gmailApiError(401, 'authError', 'Request had invalid authentication credentials.'));
    }
    const compose = /^\/gmail\/v1\/users\/me\/(messages\/send|drafts)$/.exec(path);
    if (method === 'POST' && compose) {
      if (!(tokenScopes.get(bearer[1]!) ?? '').split(' ').includes(COMPOSE))
        return send(res, 403, gmailApiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'));
      void readBody(req).then((text) => {
        const body = JSON.parse(text) as { raw?: string; threadId?: string; message?: { raw?: string; threadId?: string } };
        const message = compose[1] === 'drafts' ? body.message : body;
        const raw = Buffer.from(message?.raw ?? '', 'base64url');
        const threadId = message?.threadId ?? null;
        const id = addMessage(raw, {
          labels: compose[1] === 'drafts' ? ['DRAFT'] : ['SENT'],
          internalDate: Date.now(),
          ...(threadId ? { threadId } : {}),
        });
        const stored = messages.get(id)!;
        if (compose[1] === 'drafts') {
          const draftId = `r-${id}`;
          draftsCreated.push({ id: draftId, messageId: id, threadId, raw });
          return send(res, 200, { id: draftId, message: { id, threadId: stored.threadId, labelIds: ['DRAFT'] } });
        }
        sent.push({ id, threadId, raw });
        return send(res, 200, { id, threadId: stored.threadId, labelIds: ['SENT'] });
      });
      return;
    }
    const route = /^\/gmail\/v1\/users\/([^/]+)\/(profile|messages|history)(?:\/([^/]+))?$/.exec(path);
    if (method !== 'GET' || !route || (route[1] !== 'me' && route[1] !== emailAddress)) {
      return send(res, 404, gmailApiError(404, 'notFound', 'Not Found'));
    }
    const [, , kind, id] = route;
    if (kind === 'profile') {
      return send(res, 200, { emailAddress, messagesTotal: messages.size, threadsTotal: messages.size, historyId: String(historyId) });
    }
    if (kind === 'history' && !id) {
      const [status, body] = listHistory(query);
      return send(res, status, body);
    }
    if (kind === 'messages' && !id) return send(res, 200, listMessages(query));
    if (kind === 'messages' && id) {
      const m = messages.get(id);
      if (!m) return send(res, 404, gmailApiError(404, 'notFound', 'Requested entity was not found.'));
      const format = query.get('format') ?? 'full';
      return send(res, 200, {
        id: m.id,
        threadId: m.threadId,
        labelIds: [...m.labelIds],
        snippet: '',
        sizeEstimate: m.raw.length,
        historyId: String(m.historyId),
        internalDate: String(m.internalDate),
        ...(format === 'raw' ? { raw: m.raw.toString('base64url') } : {}),
      });
    }
    return send(res, 404, gmailApiError(404, 'notFound', 'Not Found'));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.searchParams });
    const done = (error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'internal', message: String(error) });
    };
    try {
      if (method === 'POST' && url.pathname === '/token') void token(req, res).catch(done);
      else if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') consent(url, res);
      else if (url.pathname.startsWith('/gmail/')) gmail(method, url.pathname, url.searchParams, req, res);
      else send(res, 404, { error: 'not_found' });
    } catch (error) {
      done(error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(stop);

  /** A one-time authorization code, as the consent page would hand out. */
  function issueCode({
    withRefreshToken = true,
    redirectUri = null,
    scope = grantedScope,
  }: {
    withRefreshToken?: boolean;
    redirectUri?: string | null;
    scope?: string;
  } = {}) {
    const code = `4/stand-in-${randomBytes(12).toString('base64url')}`;
    codes.set(code, { withRefreshToken, redirectUri, scope });
    return code;
  }

  const config: GoogleConfig = {
    clientId,
    clientSecret,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    apiUrl: url,
  };

  return {
    url,
    config,
    /** The GOOGLE_* / GMAIL_API_URL settings that point Penman at this stand-in. */
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: config.authUrl,
      GOOGLE_TOKEN_URL: config.tokenUrl,
      GMAIL_API_URL: config.apiUrl,
    },
    emailAddress,
    addMessage,
    addLabel,
    deleteMessage: (id: string) => messages.delete(id),
    /** Ids carrying `label`, newest first (Gmail's order). */
    labelIds: (label: string) =>
      sorted()
        .filter((m) => m.labelIds.has(label))
        .map((m) => m.id),
    historyId: () => historyId,
    /** Gmail keeps about a week of history: from now on, older start ids answer 404. */
    forgetHistory: () => {
      historyId += 1;
      oldestHistoryId = historyId;
    },
    issueCode,
    issueRefreshToken,
    /** What users grant from now on ('read' = gmail.readonly only, as before issue 20; 'compose' = readonly + compose). */
    grantScopes: (grant: 'read' | 'compose') => {
      grantedScope = grant === 'compose' ? `${READONLY} ${COMPOSE}` : READONLY;
      for (const token of accessTokens) tokenScopes.set(token, grantedScope);
    },
    /** messages.send calls received (raw message, threadId asked for). */
    sent,
    /** drafts.create calls received. */
    draftsCreated,
    refreshTokens,
    /** The user removed Penman's access: every refresh token is now invalid_grant. */
    revokeAll: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    /** The next request matching `target` gets this answer instead (once per call of failNext). */
    failNext: (target: FailureTarget, failure: StandInFailure) => failures.push({ target, failure }),
    calls,
    tokenRequests,
    /** How many requests matched since `from` (an index into `calls`). */
    countCalls: (match: RegExp, from = 0) => calls.slice(from).filter((c) => match.test(`${c.method} ${c.path}`)).length,
    stop,
  };
}
