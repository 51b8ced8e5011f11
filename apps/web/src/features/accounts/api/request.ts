import type { z } from 'zod';
import { ApiRequestError, networkError, parseApiError } from '@/lib/api-error.ts';

type JsonRequest = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; json?: unknown; signal?: AbortSignal };

/**
 * Bridge for the accounts calls the typed client (`api` + `unwrap`) cannot express yet: same-origin
 * `/api` + path, JSON in, the answer checked against the contract's schema, errors from `parseApiError`.
 * Used by initialize / retry / pause / stop and download-progress, whose paths the server's
 * `actionRoute` helper does not keep literal in ApiType; move them to `unwrap(api…)` once it does.
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
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return checkAnswer(schema, body, response.status);
}

export type UploadProgress = { loaded: number; total: number };

/**
 * A multipart upload with progress events (fetch cannot report upload progress), answered like
 * `requestJson`. `signal` aborts the upload.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  schema: S,
  form: FormData,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const json = () => Promise.resolve().then(() => JSON.parse(xhr.responseText) as unknown);
      if (xhr.status < 200 || xhr.status >= 300) {
        void parseApiError({ status: xhr.status, statusText: xhr.statusText, json }).then(reject);
        return;
      }
      json()
        .catch(() => undefined)
        .then((body) => resolve(checkAnswer(schema, body, xhr.status)))
        .catch(reject);
    });
    xhr.addEventListener('error', () => reject(networkError(new Error('Upload failed'))));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function checkAnswer<S extends z.ZodType>(schema: S, body: unknown, status: number): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(status, 'INTERNAL', 'The server sent an unexpected answer.');
  return parsed.data;
}
