import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';

/** Methods that change nothing; other sites may trigger them (links, images) but cannot read the answers. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE_MESSAGE = 'This request did not come from a Penman page, so it was refused.';

/**
 * Refuses every request that can change state (any method but GET, HEAD and OPTIONS) unless it
 * comes from a page of Penman itself: its `Origin` is PUBLIC_URL's origin, or, from a browser that
 * sent no Origin, `Sec-Fetch-Site` is `same-origin`. The session cookie proves nothing here:
 * SameSite=Lax sends it with requests from another port of the same host, which is the same site.
 * Browsers send Origin with every non-GET fetch, XHR and form post; other clients must send it too.
 */
export function sameOriginWrites(publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const sameOrigin = origin === undefined ? c.req.header('sec-fetch-site') === 'same-origin' : origin === ownOrigin;
    if (!sameOrigin) throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    await next();
  });
}
