import { MICROSOFT_SCOPES } from '@penman/contract';
import * as oidc from 'openid-client';
import type { Env } from '../env.ts';

/**
 * The Microsoft identity platform (Microsoft 365 and Outlook.com, issue 22) through openid-client:
 * discovery of the tenant's endpoints, authorization code with PKCE (S256), and the refresh token
 * grant. openid-client validates the id_token's claims (issuer, audience, expiry; for the
 * `common` tenant its issuer template `.../{tenantid}/v2.0` is filled with the token's `tid`); the
 * signature is not checked, as OIDC Core 3.1.3.7 allows for a token received directly from the
 * token endpoint over TLS.
 */
export type MicrosoftConfig = {
  clientId: string;
  clientSecret: string;
  /** `common`, `organizations`, `consumers`, or a tenant id or domain. */
  tenant: string;
  /** https://login.microsoftonline.com, or a local stand-in in tests. */
  authority: string;
  imap: { host: string; port: number };
  smtp: { host: string; port: number };
};

/** Seconds each request to the identity platform may take. */
const REQUEST_TIMEOUT_SECONDS = 30;

/** Microsoft settings from the environment, or null when the operator has not registered an app. */
export function microsoftConfigFromEnv(
  env: Pick<
    Env,
    | 'MICROSOFT_CLIENT_ID'
    | 'MICROSOFT_CLIENT_SECRET'
    | 'MICROSOFT_TENANT'
    | 'MICROSOFT_AUTHORITY'
    | 'MICROSOFT_IMAP_HOST'
    | 'MICROSOFT_IMAP_PORT'
    | 'MICROSOFT_SMTP_HOST'
    | 'MICROSOFT_SMTP_PORT'
  >,
): MicrosoftConfig | null {
  if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET) return null;
  return {
    clientId: env.MICROSOFT_CLIENT_ID,
    clientSecret: env.MICROSOFT_CLIENT_SECRET,
    tenant: env.MICROSOFT_TENANT,
    authority: env.MICROSOFT_AUTHORITY.replace(/\/+$/, ''),
    imap: { host: env.MICROSOFT_IMAP_HOST, port: env.MICROSOFT_IMAP_PORT },
    smtp: { host: env.MICROSOFT_SMTP_HOST, port: env.MICROSOFT_SMTP_PORT },
  };
}

/** What a grant gave: the access token and when it expires, a refresh token when one was issued, the scopes. */
export type MicrosoftTokenSet = {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  refreshToken: string | null;
  scopes: string[];
};

/** The identity platform refused the grant for good (revoked consent, expired or unknown token, wrong code or verifier). */
export class MicrosoftGrantError extends Error {
  constructor(
    readonly error: string,
    readonly status: number | undefined,
  ) {
    super(`Microsoft refused the grant: ${error}`);
  }
}

export type MicrosoftOAuth = {
  config: MicrosoftConfig;
  authorizationUrl(params: { redirectUri: string; state: string; codeVerifier: string; loginHint: string }): Promise<string>;
  /** Redeems the code; the mailbox address is the id_token's `email`, else its `preferred_username`. */
  exchangeCode(params: {
    redirectUri: string;
    code: string;
    state: string;
    codeVerifier: string;
  }): Promise<MicrosoftTokenSet & { address: string | null }>;
  refresh(refreshToken: string): Promise<MicrosoftTokenSet>;
};

function tokenSet(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, now: number): MicrosoftTokenSet {
  return {
    accessToken: response.access_token,
    expiresAt: now + (response.expiresIn() ?? 3600) * 1000,
    refreshToken: response.refresh_token ?? null,
    scopes: (response.scope ?? '').split(/\s+/).filter(Boolean),
  };
}

/** openid-client's refusals (an OAuth error body) become MicrosoftGrantError; network trouble stays as it is. */
function grantError(error: unknown): unknown {
  if (error instanceof oidc.ResponseBodyError) return new MicrosoftGrantError(error.error, error.status);
  if (error instanceof oidc.AuthorizationResponseError) return new MicrosoftGrantError(error.error, undefined);
  return error;
}

/**
 * The operator's app on the identity platform. Discovery runs once per process, on first use (and
 * again after it failed). Plain http is allowed only for an http authority (the tests' stand-in).
 */
export function createMicrosoftOAuth(config: MicrosoftConfig): MicrosoftOAuth {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(`${config.authority}/${config.tenant}/v2.0`), config.clientId, config.clientSecret, undefined, {
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...(config.authority.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    config,
    async authorizationUrl({ redirectUri, state, codeVerifier, loginHint }) {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        response_type: 'code',
        response_mode: 'query',
        scope: MICROSOFT_SCOPES.join(' '),
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        login_hint: loginHint,
        // The account picker: a browser signed in to another Microsoft account can still choose this one.
        prompt: 'select_account',
      });
      return url.href;
    },
    async exchangeCode({ redirectUri, code, state, codeVerifier }) {
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      const now = Date.now();
      try {
        const response = await oidc.authorizationCodeGrant(await configuration(), callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          idTokenExpected: true,
        });
        const claims = response.claims();
        const address = [claims?.email, claims?.preferred_username].find(
          (value): value is string => typeof value === 'string' && value.includes('@'),
        );
        return { ...tokenSet(response, now), address: address ?? null };
      } catch (error) {
        throw grantError(error);
      }
    },
    async refresh(refreshToken) {
      const now = Date.now();
      try {
        // The scopes asked at consent again: Microsoft issues the access token for the resource they name.
        return tokenSet(await oidc.refreshTokenGrant(await configuration(), refreshToken, { scope: MICROSOFT_SCOPES.join(' ') }), now);
      } catch (error) {
        throw grantError(error);
      }
    },
  };
}

/**
 * No access token for an account: AUTH (Microsoft refuses the refresh token for good: the user must
 * reconnect; the message says so) or TEMPORARY (Microsoft could not be reached). The connectors turn
 * it into a MailError with the same code and message.
 */
export class MicrosoftTokenError extends Error {
  constructor(
    readonly code: 'AUTH' | 'TEMPORARY',
    message: string,
  ) {
    super(message);
  }
}

/** An outlook account as the token source needs it (its refresh token is the encrypted secret). */
export type MicrosoftAccountRef = { id: string; userId: string; encryptedPassword: string | null };

/**
 * Microsoft mail for the connectors and delivery: the servers, and access tokens per account (built
 * in `microsoft/tokens.ts`, handed out by deps). `accessToken` throws MicrosoftTokenError.
 */
export type MicrosoftMail = {
  oauth: MicrosoftOAuth;
  /** A live access token; `renew` refreshes even when the cached one looks valid (a server refused it). */
  accessToken(account: MicrosoftAccountRef, options?: { renew?: boolean }): Promise<string>;
  /** Caches the tokens a code exchange gave, for the account whose refresh token is `encryptedRefreshToken`. */
  remember(accountId: string, encryptedRefreshToken: string, tokens: MicrosoftTokenSet): void;
};
