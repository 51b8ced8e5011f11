import { type ApiErrorCode, ZApiError } from '@penman/contract';

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

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

type ErrorResponse = { status: number; statusText: string; json(): Promise<unknown> };

/** The one place that turns a non-2xx answer into an `ApiRequestError`, whatever its body. */
export async function parseApiError(response: ErrorResponse): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(response.status, code, message, fields);
  }
  const code = CODE_BY_STATUS[response.status] ?? 'INTERNAL';
  return new ApiRequestError(response.status, code, response.statusText || `Request failed (${response.status})`);
}

/** A request that never got an answer (offline, server down, aborted). */
export function networkError(cause: unknown): ApiRequestError {
  const error = new ApiRequestError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  error.cause = cause;
  return error;
}
