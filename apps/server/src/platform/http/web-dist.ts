import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../env.ts';

/** The built web app: WEB_DIST_DIR, else apps/web/dist found from here (source tree or bundle). */
export function webDistDir(env: Pick<Env, 'WEB_DIST_DIR'>): string | undefined {
  if (env.WEB_DIST_DIR) return path.resolve(env.WEB_DIST_DIR);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}
