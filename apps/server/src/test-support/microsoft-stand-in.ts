import { createHash, createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Microsoft identity platform (issue 22), so tests and the e2e run use the
 * real OAuth client library over HTTP, and Dovecot checks the real XOAUTH2 bearer tokens.
 * No vitest import: Playwright's e2e starts it too.
 *
 * - discovery `GET {url}/{tenant}/v2.0/.well-known/openid-configuration` and its JWKS (RS256 keys)
 * - authorize `GET {url}/{tenant}/oauth2/v2.0/authorize`: consents at once as `login_hint` and
 *   302-redirects to `redirect_uri?code&state` (`?error=access_denied` for a hint starting with `deny`)
 * - token `POST {url}/{tenant}/oauth2/v2.0/token`: authorization_code (client secret, redirect URI,
 *   PKCE S256 verifier, single use) and refresh_token grants; opaque access tokens that expire,
 *   a new refresh token on every grant (old ones stay valid, as Microsoft's do), a signed id_token
 *   with `preferred_username` and `email`; `invalid_grant` after `revoke(login)`
 * - introspection `POST {url}/introspect` (RFC 7662 style, what Dovecot's oauth2 passdb calls):
 *   `{ active, email, dovecot_user }` for a live access token, `{ active: false }` otherwise
 */
export type MicrosoftStandInOptions = {
  /** Sign-in name (the mailbox address) → Dovecot user; others read the Dovecot user named like the address's local part. */
  users?: Record<string, string>;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of access tokens (expires_in), seconds; default 3600. */
  accessTokenSeconds?: number;
};

type Grant = { login: string; scope: string };
type IssuedCode = Grant & { clientId: string; redirectUri: string; codeChallenge: string | null; expiresAt: number };

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startMicrosoftStandIn(options: MicrosoftStandInOptions = {}) {
  const users = new Map(Object.entries(options.users ?? {}).map(([login, user]) => [login.toLowerCase(), user]));
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? randomBytes(18).toString('base64url');
  let accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  const tenantId = randomUUID();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');

  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const revoked = new Set<string>();
  /** Logins whose mailbox refuses IMAP and SMTP: their tokens are valid, the mail servers say no. */
  const mailDisabled = new Set<string>();
  /** Every token request's grant type and outcome (no secrets), in order. */
  const tokenRequests: { grantType: string; login?: string; error?: string }[] = [];
  /** Every introspection: the login when the token was live, else null. */
  const introspections: (string | null)[] = [];
  /** Refresh tokens issued per login, oldest first (tests check the newest one is what Penman stores). */
  const refreshTokensIssued = new Map<string, string[]>();

  /** The Dovecot user a sign-in name reads: the `users` entry, else the address's local part. */
  const dovecotUserOf = (login: string) => users.get(login) ?? login.split('@')[0]!;

  let chosenAccount: string | null = null;
  let url = '';
  const issuerOf = (tenant: string) => `${url}/${tenant}/v2.0`;

  const sign = (claims: Record<string, unknown>) => {
    const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const body = base64url(JSON.stringify(claims));
    const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey);
    return `${head}.${body}.${base64url(signature)}`;
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };
  /** Microsoft's error body: an OAuth error code, an AADSTS description, and its numeric codes. */
  const oauthError = (res: http.ServerResponse, status: number, error: string, aadsts: number, text: string) =>
    send(res, status, {
      error,
      error_description: `AADSTS${aadsts}: ${text} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
      error_codes: [aadsts],
      timestamp: new Date().toISOString(),
    });

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const issueTokens = (grant: Grant, tenant: string) => {
    const accessToken = `EwB-stand-in-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    const refreshToken = `M.C-stand-in-${randomBytes(24).toString('base64url')}`;
    refreshTokens.set(refreshToken, grant);
    refreshTokensIssued.set(grant.login, [...(refreshTokensIssued.get(grant.login) ?? []), refreshToken]);
    const now = Math.floor(Date.now() / 1000);
    const idToken = grant.scope.split(' ').includes('openid')
      ? sign({
          aud: clientId,
          iss: issuerOf(tenant),
          iat: now,
          nbf: now,
          exp: now + 3600,
          name: grant.login.split('@')[0],
          oid: createHash('sha256').update(grant.login).digest('hex').slice(0, 32),
          preferred_username: grant.login,
          email: grant.login,
          sub: createHash('sha256').update(`${clientId}:${grant.login}`).digest('base64url'),
          tid: tenantId,
          ver: '2.0',
        })
      : undefined;
    return {
      token_type: 'Bearer',
      scope: grant.scope,
      expires_in: accessTokenSeconds,
      ext_expires_in: accessTokenSeconds,
      access_token: accessToken,
      refresh_token: refreshToken,
      ...(idToken ? { id_token: idToken } : {}),
    };
  };

  function authorize(query: URLSearchParams, res: http.ServerResponse) {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId || !redirectUri || query.get('response_type') !== 'code') {
      return oauthError(res, 400, 'invalid_request', 900144, 'The request body must contain the parameter client_id and redirect_uri.');
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    // The account picker: the user may sign in as another account than the hint named.
    const login = (chosenAccount ?? query.get('login_hint') ?? '').toLowerCase();
    chosenAccount = null;
    if (login.startsWith('deny')) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
    } else {
      const code = `M.C-code-${randomBytes(24).toString('base64url')}`;
      const method = query.get('code_challenge_method');
      codes.set(code, {
        login,
        scope: (query.get('scope') ?? '').split(/\s+/).filter(Boolean).join(' '),
        clientId,
        redirectUri,
        codeChallenge: method === 'S256' ? query.get('code_challenge') : null,
        expiresAt: Date.now() + 10 * 60_000,
      });
      back.searchParams.set('code', code);
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function token(tenant: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const grantType = form.get('grant_type') ?? '';
    const refuse = (status: number, error: string, aadsts: number, text: string, login?: string) => {
      tokenRequests.push({ grantType, error, ...(login ? { login } : {}) });
      return oauthError(res, status, error, aadsts, text);
    };
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64')
          .toString('utf8')
          .split(':')
          .map((part) => decodeURIComponent(part))
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== clientId || secret !== clientSecret) {
      return refuse(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    }
    if (grantType === 'authorization_code') {
      const codeValue = form.get('code') ?? '';
      const code = codes.get(codeValue);
      // One use only, like Microsoft's (a replayed code is refused).
      codes.delete(codeValue);
      if (!code || code.expiresAt < Date.now()) {
        return refuse(400, 'invalid_grant', 54005, 'OAuth2 Authorization code was already redeemed, please retry with a new valid code.');
      }
      if (code.redirectUri !== form.get('redirect_uri')) {
        return refuse(
          400,
          'invalid_grant',
          50148,
          'The redirect_uri does not match the one used in the authorization request.',
          code.login,
        );
      }
      const verifier = form.get('code_verifier');
      if (code.codeChallenge !== null) {
        const challenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
        if (challenge !== code.codeChallenge) {
          return refuse(
            400,
            'invalid_grant',
            501481,
            'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
            code.login,
          );
        }
      }
      tokenRequests.push({ grantType, login: code.login });
      return send(res, 200, issueTokens({ login: code.login, scope: code.scope }, tenant));
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant || revoked.has(grant.login)) {
        return refuse(
          400,
          'invalid_grant',
          50173,
          'The provided grant has expired due to it being revoked, a fresh auth token is needed.',
          grant?.login,
        );
      }
      tokenRequests.push({ grantType, login: grant.login });
      return send(res, 200, issueTokens(grant, tenant));
    }
    return refuse(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grantType}'.`);
  }

  async function introspect(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const grant = accessTokens.get(form.get('token') ?? '');
    if (!grant || grant.expiresAt <= Date.now() || revoked.has(grant.login) || mailDisabled.has(grant.login)) {
      introspections.push(null);
      return send(res, 200, { active: false });
    }
    introspections.push(grant.login);
    return send(res, 200, {
      active: true,
      email: grant.login,
      dovecot_user: dovecotUserOf(grant.login),
      scope: grant.scope,
      client_id: clientId,
      exp: Math.floor(grant.expiresAt / 1000),
    });
  }

  const server = http.createServer((req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://stand-in');
    const parts = requestUrl.pathname.split('/').filter(Boolean);
    const handle = async () => {
      if (req.method === 'POST' && requestUrl.pathname === '/introspect') return introspect(req, res);
      const [tenant, ...rest] = parts;
      const route = rest.join('/');
      if (!tenant) return send(res, 404, { error: 'not_found' });
      if (req.method === 'GET' && route === 'v2.0/.well-known/openid-configuration') {
        return send(res, 200, {
          issuer: issuerOf(tenant),
          authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/authorize`,
          token_endpoint: `${url}/${tenant}/oauth2/v2.0/token`,
          jwks_uri: `${url}/${tenant}/discovery/v2.0/keys`,
          response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
          response_modes_supported: ['query', 'fragment', 'form_post'],
          subject_types_supported: ['pairwise'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
          claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'name', 'preferred_username', 'email', 'tid', 'ver', 'oid'],
        });
      }
      if (req.method === 'GET' && route === 'discovery/v2.0/keys') {
        return send(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] });
      }
      if (req.method === 'GET' && route === 'oauth2/v2.0/authorize') return authorize(requestUrl.searchParams, res);
      if (req.method === 'POST' && route === 'oauth2/v2.0/token') return token(tenant, req, res);
      return send(res, 404, { error: 'not_found' });
    };
    handle().catch(() => send(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The authority (MICROSOFT_AUTHORITY). */
    url,
    /** Where Dovecot's oauth2 passdb checks bearer tokens. */
    introspectionUrl: `${url}/introspect`,
    clientId,
    clientSecret,
    tenantId,
    tokenRequests,
    introspections,
    /** The refresh tokens issued to `login`, oldest first. */
    refreshTokensOf: (login: string) => [...(refreshTokensIssued.get(login.toLowerCase()) ?? [])],
    addUser(login: string, dovecotUser: string) {
      users.set(login.toLowerCase(), dovecotUser);
    },
    /** The next sign-in picks this account in Microsoft's account picker, whatever the login hint said. */
    chooseAccount(login: string) {
      chosenAccount = login;
    },
    /** Access tokens issued from now on live this long (seconds). */
    setAccessTokenSeconds(seconds: number) {
      accessTokenSeconds = seconds;
    },
    /** Every access token issued so far stops working (as after their expiry); refresh tokens still work. */
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    /** The mailbox does not allow IMAP or SMTP (turned off by its administrator): the mail servers refuse its tokens. */
    disableMail(login: string) {
      mailDisabled.add(login.toLowerCase());
    },
    /** The user withdrew consent (or an admin revoked the sessions): every token of `login` stops working. */
    revoke(login: string) {
      revoked.add(login.toLowerCase());
    },
    /** A new consent after a revoke: tokens issued from now on work again (the revoked ones stay dead). */
    restore(login: string) {
      const key = login.toLowerCase();
      revoked.delete(key);
      for (const [token, grant] of refreshTokens) if (grant.login === key) refreshTokens.delete(token);
      for (const [token, grant] of accessTokens) if (grant.login === key) accessTokens.delete(token);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
