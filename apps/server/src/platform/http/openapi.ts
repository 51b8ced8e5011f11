import { z } from '@hono/zod-openapi';
import { ZApiError } from '@penman/contract';

// The pieces every area's OpenAPI routes are built from.

/** A JSON answer of a route, described by its zod schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/** The security requirement of routes for signed-in users (the session cookie). */
export const security = [{ cookieAuth: [] }];

/** The `{id}` of a route on one of the user's records (an account, mostly). */
export const ZIdParam = z.object({ id: z.uuid() });

/** The error answers of a route on one of the user's accounts. */
export const accountErrors = {
  400: json(ZApiError, 'Invalid input'),
  401: json(ZApiError, 'Not signed in'),
  404: json(ZApiError, 'No such account of yours'),
};
