import { ACCOUNT_TIMINGS } from '@penman/contract';
import { z } from 'zod';

/**
 * The pure half of the OAuth consent popups (Gmail, Microsoft): what the callback page posts to the
 * window that opened it, how it finishes the code exchange, and the popup's window features. The
 * hook (`use-oauth-connect.ts`) and the callback page (`oauth-callback.tsx`) use one flow each.
 */
export type OAuthPrefix = 'GMAIL' | 'MICROSOFT';

/** What a callback page posts: `GMAIL_AUTH_SUCCESS` and `GMAIL_AUTH_ERROR` are the spec's (part 1 section 7). */
export type OAuthMessage<P extends OAuthPrefix = OAuthPrefix> =
  | { type: `${P}_AUTH_SUCCESS`; email: string }
  | { type: `${P}_AUTH_ERROR`; error: string };

export type OAuthFlow<P extends OAuthPrefix = OAuthPrefix> = {
  prefix: P;
  /** Where the provider sends the popup back (the server checks the same path). */
  callbackPath: string;
  /**
   * Fallback route of the popup's message when the browser cut the popup off from its opener
   * (Cross-Origin-Opener-Policy across the provider's pages): a BroadcastChannel, shared only by same-origin pages.
   */
  channel: string;
  /** The popup's window name: a second click reuses the window instead of opening another. */
  popupName: string;
  /** The callback's own failures: the server answered without a message, or anything else went wrong. */
  failures: { exchangeFailed: string; processFailed: string };
  /** What the popup reports when the provider came back with `?error` (and `?error_description`). */
  providerError: (error: string, description: string | null) => string;
};

/** The popup's message for this flow, or null for anything else arriving on the window or the channel. */
export function parseOAuthMessage<P extends OAuthPrefix>(flow: OAuthFlow<P>, data: unknown): OAuthMessage<P> | null {
  const parsed = z
    .discriminatedUnion('type', [
      z.object({ type: z.literal(successType(flow)), email: z.string() }),
      z.object({ type: z.literal(errorType(flow)), error: z.string() }),
    ])
    .safeParse(data);
  return parsed.success ? (parsed.data as OAuthMessage<P>) : null;
}

export function isOAuthSuccess<P extends OAuthPrefix>(message: OAuthMessage<P>): message is Extract<OAuthMessage<P>, { email: string }> {
  return 'email' in message;
}

function successType<P extends OAuthPrefix>(flow: OAuthFlow<P>) {
  return `${flow.prefix}_AUTH_SUCCESS` as const;
}

function errorType<P extends OAuthPrefix>(flow: OAuthFlow<P>) {
  return `${flow.prefix}_AUTH_ERROR` as const;
}

export function oauthRedirectUri(flow: Pick<OAuthFlow, 'callbackPath'>, origin: string): string {
  return `${origin}${flow.callbackPath}`;
}

type Frame = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/** window.open features of the 500x600 consent popup, centred on the current window. */
export function oauthPopupFeatures(frame: Frame): string {
  const { width, height } = ACCOUNT_TIMINGS.gmailPopup;
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** The callback URL's query: the provider's one-time code and our state, or its error. */
export type OAuthCallbackParams = { code: string | null; state: string | null; error: string | null; errorDescription?: string | null };
type Exchange = (input: { code: string; state: string; redirectUri: string }) => Promise<{ email: string }>;

/** The email carried in the consent's state (JSON with `email`), when it can be read. */
export function emailFromState(state: string | null): string | null {
  if (!state) return null;
  try {
    const parsed: unknown = JSON.parse(state);
    return typeof parsed === 'object' && parsed !== null && 'email' in parsed && typeof parsed.email === 'string' ? parsed.email : null;
  } catch {
    return null;
  }
}

/**
 * What the callback page reports to its opener: the provider's error; else the server's answer to the
 * code exchange (its error message, e.g. 'No refresh token received from Google'); any other failure
 * reads the flow's 'Failed to process authentication'.
 */
export async function completeOAuthCallback<P extends OAuthPrefix>(
  flow: OAuthFlow<P>,
  params: OAuthCallbackParams,
  origin: string,
  exchange: Exchange,
): Promise<OAuthMessage<P>> {
  const failed = (error: string) => ({ type: errorType(flow), error }) as OAuthMessage<P>;
  if (params.error) return failed(flow.providerError(params.error, params.errorDescription ?? null));
  if (!params.code || !params.state) return failed(flow.failures.processFailed);
  try {
    const result = await exchange({ code: params.code, state: params.state, redirectUri: oauthRedirectUri(flow, origin) });
    return { type: successType(flow), email: result.email || emailFromState(params.state) || '' } as OAuthMessage<P>;
  } catch (error) {
    return failed(isServerAnswer(error) ? error.message || flow.failures.exchangeFailed : flow.failures.processFailed);
  }
}

/** An `ApiRequestError` the server answered (status 0 is a network failure). */
function isServerAnswer(error: unknown): error is Error & { status: number } {
  return error instanceof Error && 'status' in error && typeof error.status === 'number' && error.status > 0;
}
