import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../platform/http/errors.ts';
import type { AppDeps } from '../platform/http/types.ts';

/** Public, signed-out routes: the waitlist and the contact form. */
export function publicRoutes(_deps: AppDeps) {
  return new OpenAPIHono({ defaultHook: validationHook });
}
