import type { ApiErrorCode } from '@penman/contract';

export type ApiRequestErrorCode = ApiErrorCode | 'NETWORK';

/** A failed API call: the server's `{ error: { code, message, fields? } }`, or a network failure (status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiRequestErrorCode;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: ApiRequestErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** A request that never got an answer (offline, server down, aborted). */
export function networkError(cause: unknown): ApiRequestError {
  const error = new ApiRequestError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  error.cause = cause;
  return error;
}
