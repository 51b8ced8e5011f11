import { NUL_MESSAGE } from '@penman/contract';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';

const AUTH_PATH = '/api/auth/';

/** The path (`a.b.0`) of the first string holding NUL, keys included, or undefined. */
function nulAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key].join('.') : nulAt(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function parsedBody(text: string, contentType: string): unknown {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: better-auth refuses it itself.
    return text;
  }
}

/**
 * better-auth's routes take bodies our schemas (`ZText`) never see, and pass NUL on to
 * PostgreSQL: 500, with the failed query printed. For `/api/auth/*` this refuses NUL anywhere in
 * the query or the body with 400 first. Bodies there are small (BODY_LIMIT_BYTES); a clone is read.
 */
export const authInputWithoutNul = createMiddleware(async (c, next) => {
  if (!c.req.path.startsWith(AUTH_PATH)) return next();
  let field = nulAt(Object.fromEntries(new URL(c.req.url).searchParams));
  if (!field && c.req.raw.body) {
    const text = await c.req.raw.clone().text();
    field = text.includes('\u0000') ? '_' : nulAt(parsedBody(text, c.req.header('content-type') ?? ''));
  }
  if (field) throw new AppError('VALIDATION', NUL_MESSAGE, { fields: { [field]: NUL_MESSAGE } });
  await next();
});
