import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built web app: hashed assets cached for a year (a missing one is a 404), every other path gets index.html
 * so the client router can render the page (or its not-found page). Assets go out as the .br or
 * .gz file the web build wrote beside them, when the browser accepts it.
 */
export function mountWebApp<E extends Env>(app: Hono<E>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  // Set once the file is served: serveStatic's onFound runs after it has built the response.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: path.relative(process.cwd(), distDir), precompressed: true }));
  // A hashed asset that is not there (a tab still open from before an upgrade asks for the old
  // build's) is a 404: the page in its place would fail as "not a module script".
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir), precompressed: true }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
