import { type ApiErrorCode, ZApiError } from '@penman/contract';
import { ApiRequestError } from './api-request-error.ts';

// The error class has its own module without zod, for the code every page loads first (the session).
export { ApiRequestError, networkError } from './api-request-error.ts';

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
