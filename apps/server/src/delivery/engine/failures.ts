import { DELIVERY_MESSAGES, MICROSOFT_MESSAGES } from '@penman/contract';

export type DeliveryFailure = { message: string; retryable: boolean };

type ErrorLike = {
  code?: string;
  responseCode?: number;
  command?: string;
  rejected?: string[];
  message?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  status?: number;
  response?: { status?: number; data?: { error?: unknown } };
};

const NETWORK_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'NoConnection',
]);

/**
 * A failed attempt in the user's words, and whether Retry can help: nodemailer's SMTP errors
 * (EAUTH, EENVELOPE with the refused recipients, 552 too large, network codes), imapflow's and
 * the connectors' MailError codes, and Gmail API answers (403 insufficient scope -> reconnect).
 */
export function describeFailure(error: unknown): DeliveryFailure {
  const e = (error ?? {}) as ErrorLike;
  const status = e.response?.status ?? e.status;
  if (status === 403 || e.code === 'GMAIL_SCOPE') return { message: DELIVERY_MESSAGES.gmailReadOnly, retryable: true };
  if (e.code === 'GMAIL_RECONNECT') return { message: DELIVERY_MESSAGES.gmailReconnect, retryable: true };
  // Microsoft no longer accepts the consent, or the mailbox refuses IMAP/SMTP with a fresh token: its own words.
  if (e.code === 'AUTH' && (e.message === MICROSOFT_MESSAGES.reconnectNeeded || e.message === MICROSOFT_MESSAGES.imapDisabled))
    return { message: e.message, retryable: true };
  if (e.code === 'EAUTH' || e.code === 'AUTH' || e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return { message: DELIVERY_MESSAGES.authRefused, retryable: true };
  if (status === 401 || e.code === 'GMAIL_RECONNECT' || e.response?.data?.error === 'invalid_grant')
    return { message: DELIVERY_MESSAGES.gmailReconnect, retryable: true };
  if (e.responseCode === 552 || e.responseCode === 523 || /too large|size limit|exceeds/i.test(e.message ?? ''))
    return { message: DELIVERY_MESSAGES.tooLarge, retryable: false };
  if (e.code === 'EENVELOPE' && e.rejected?.length)
    return { message: DELIVERY_MESSAGES.recipientRefused(e.rejected.join(', ')), retryable: true };
  if (e.code === 'EENVELOPE' && e.command?.startsWith('RCPT'))
    return { message: DELIVERY_MESSAGES.recipientRefused(/<([^>]+)>/.exec(e.message ?? '')?.[1] ?? ''), retryable: true };
  if (e.code === 'PRIVATE_HOST') return { message: DELIVERY_MESSAGES.privateHost, retryable: false };
  // Settings that would send the IMAP password to another server: its own words (the host named).
  if (e.code === 'IMAP_PASSWORD_ELSEWHERE' && e.message) return { message: e.message, retryable: true };
  if ((e.code && NETWORK_CODES.has(e.code)) || e.code === 'TEMPORARY' || e.code === 'RATE_LIMIT' || (status !== undefined && status >= 500))
    return { message: DELIVERY_MESSAGES.unreachable, retryable: true };
  if (status !== undefined && status >= 400) return { message: DELIVERY_MESSAGES.gmailRefused, retryable: true };
  return { message: DELIVERY_MESSAGES.unknown, retryable: true };
}
