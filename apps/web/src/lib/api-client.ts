import type { ClientResponse } from 'hono/client';
import { hc } from 'hono/client';
import type { ApiType } from '../../../server/src/app.ts';
import { networkError, parseApiError } from './api-error.ts';

/** The typed client of the Penman API (same origin; the session cookie rides along). */
export const api = hc<ApiType>('/api');

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type SuccessBody<R> = R extends ClientResponse<infer Body, infer Status, 'json'> ? (Status extends SuccessStatus ? Body : never) : never;

/** Awaits a client call and returns its success body; any other answer throws an `ApiRequestError`. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await parseApiError(response);
  return (await response.json()) as SuccessBody<R>;
}
