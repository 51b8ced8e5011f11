import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets index.html
 * so the client router can render the page (or its not-found page). Assets go out as the .br or
 * .gz file the web build wrote beside them, when the browser accepts it.
 */
export function mountWebApp<E extends Env>(app: Hono<E>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  app.use(
    '/assets/*',
    serveStatic({
      root: path.relative(process.cwd(), distDir),
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir), precompressed: true }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
