import type { Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';

/** Zod validation failures answer the one error shape, with a message per field. */
// biome-ignore lint/suspicious/noExplicitAny: shared by routers of every env type
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  return c.json(new AppError('VALIDATION', first, { fields }).toBody(), 400);
};

export function handleError(error: Error, c: Context, production: boolean) {
  if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return c.json(new AppError(code, error.message || 'Request failed').toBody(), status);
  }
  logger.error({ err: error, path: c.req.path }, 'unhandled error');
  const message = production ? 'Internal server error' : error.message;
  return c.json(new AppError('INTERNAL', message).toBody(), 500);
}
