import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS, GMAIL_CALLBACK_MESSAGES } from '@penman/contract';
import { z } from 'zod';

/** What /gmail-callback posts to the window that opened it (spec part 1 section 7). */
const ZGmailAuthMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('GMAIL_AUTH_SUCCESS'), email: z.string() }),
  z.object({ type: z.literal('GMAIL_AUTH_ERROR'), error: z.string() }),
]);
export type GmailAuthMessage = z.infer<typeof ZGmailAuthMessage>;

/** The popup's message, or null for anything else arriving on the window. */
export function parseGmailAuthMessage(data: unknown): GmailAuthMessage | null {
  const parsed = ZGmailAuthMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const GMAIL_CALLBACK_PATH = '/gmail-callback';

/**
 * Fallback route of the popup's message when the browser cut the popup off from its opener
 * (Cross-Origin-Opener-Policy across Google's pages): a BroadcastChannel, which only same-origin pages share.
 */
export const GMAIL_AUTH_CHANNEL = 'penman-gmail-auth';
export function gmailRedirectUri(origin: string): string {
  return `${origin}${GMAIL_CALLBACK_PATH}`;
}

type Frame = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/** window.open features of the 500x600 consent popup, centred on the current window. */
export function gmailPopupFeatures(frame: Frame): string {
  const { width, height } = ACCOUNT_TIMINGS.gmailPopup;
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type GmailCallbackParams = { code: string | null; state: string | null; error: string | null };
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
 * reads 'Failed to process authentication'.
 */
export async function completeGmailCallback(params: GmailCallbackParams, origin: string, exchange: Exchange): Promise<GmailAuthMessage> {
  if (params.error) return { type: 'GMAIL_AUTH_ERROR', error: params.error };
  if (!params.code || !params.state) return { type: 'GMAIL_AUTH_ERROR', error: FAILED_TO_PROCESS };
  try {
    const result = await exchange({ code: params.code, state: params.state, redirectUri: gmailRedirectUri(origin) });
    return { type: 'GMAIL_AUTH_SUCCESS', email: result.email || emailFromState(params.state) || '' };
  } catch (error) {
    return { type: 'GMAIL_AUTH_ERROR', error: isServerAnswer(error) ? error.message || FAILED_TO_EXCHANGE : FAILED_TO_PROCESS };
  }
}

/** An `ApiRequestError` the server answered (status 0 is a network failure). */
function isServerAnswer(error: unknown): error is Error & { status: number } {
  return error instanceof Error && 'status' in error && typeof error.status === 'number' && error.status > 0;
}

const FAILED_TO_EXCHANGE = GMAIL_CALLBACK_MESSAGES.exchangeFailed;
const FAILED_TO_PROCESS = GMAIL_CALLBACK_MESSAGES.processFailed;

/** The toast for a popup's error message (spec: the popup's error, else 'Gmail authentication failed.'). */
export function gmailErrorDescription(error: string | undefined): string {
  return error?.trim() ? error : ACCOUNT_MESSAGES.gmailAuthFailed;
}
