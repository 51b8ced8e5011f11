import { createMiddleware } from 'hono/factory';
import type { Auth } from '../auth.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from './types.ts';

/** Resolves the signed-in user from the session cookie; every data route sits behind it. */
export function requireUser(deps: { auth: Auth }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Two areas' middleware can match one path (/accounts/*): look the session up once.
    if (c.get('userId')) return next();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHORIZED', 'User not authenticated');
    c.set('userId', session.user.id);
    c.set('sessionId', session.session.id);
    await next();
  });
}
