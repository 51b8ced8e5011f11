import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import type { Env } from '../env.ts';

/** The operator's OAuth client and Google's endpoints (configurable so tests use a local stand-in). */
export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
};

/** Reading mail (sync, training). */
export const GMAIL_READONLY_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
/** Creating drafts and sending the replies the user approved (issue 20); never deleting or changing mail. */
export const GMAIL_COMPOSE_SCOPE = 'https://www.googleapis.com/auth/gmail.compose';

const TOKEN_TIMEOUT_MS = 30_000;
const API_TIMEOUT_MS = 60_000;

/** Gmail settings from the environment, or null when the operator has not configured an OAuth client. */
export function googleConfigFromEnv(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_AUTH_URL' | 'GOOGLE_TOKEN_URL' | 'GMAIL_API_URL'>,
): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authUrl: env.GOOGLE_AUTH_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    apiUrl: env.GMAIL_API_URL,
  };
}

/**
 * google-auth-library's OAuth2 client on the configured endpoints. Its own retries are off: the sync
 * engine's retry policy is the one place that decides to retry, throttle or fail.
 */
export function createOAuthClient(config: GoogleConfig, redirectUri?: string): OAuth2Client {
  return new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
    endpoints: { oauth2AuthBaseUrl: config.authUrl, oauth2TokenUrl: config.tokenUrl },
    transporterOptions: { timeout: TOKEN_TIMEOUT_MS, retryConfig: { retry: 0 } },
  });
}

/** The Gmail API client (@googleapis/gmail) on the configured root URL, authorised by `auth`. */
export function createGmailApi(config: GoogleConfig, auth: OAuth2Client): gmail_v1.Gmail {
  return gmail({
    version: 'v1',
    // googleapis-common pins its own copy of google-auth-library; the client is duck-typed at run time.
    auth: auth as unknown as gmail_v1.Options['auth'],
    rootUrl: config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`,
    retry: false,
    timeout: API_TIMEOUT_MS,
  });
}
