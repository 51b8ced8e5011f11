import type { z } from 'zod';
import { ApiRequestError, networkError, parseApiError } from './api-error.ts';

type JsonRequest = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH'; json?: unknown; signal?: AbortSignal | undefined };

/**
 * Same-origin `/api` + path, JSON in, the answer checked against the contract's schema, errors from
 * `parseApiError`. For routes the typed client (`api` + `unwrap`) does not know: the drafting routes
 * (issue 18) were built in parallel with their screens, against the contract's schemas.
 */
export async function requestJson<S extends z.ZodType>(path: string, schema: S, { method = 'GET', json, signal }: JsonRequest = {}) {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: json === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal,
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await parseApiError(response);
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(response.status, 'INTERNAL', 'The server sent an unexpected answer.');
  return parsed.data as z.infer<S>;
}
