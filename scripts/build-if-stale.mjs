// Rebuilds the production bundles when any source is newer than the last build, so `npm start`
// builds once on a fresh clone and starts at once afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = {
  server: {
    stamp: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages/contract/src', 'package-lock.json'],
    command: ['run', 'build', '-w', '@penman/server'],
  },
  web: {
    stamp: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/contract/src',
      'package-lock.json',
    ],
    command: ['run', 'build', '-w', '@penman/web'],
  },
};

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function buildIfStale(names) {
  for (const name of names) {
    const target = targets[name];
    const stampFile = path.join(root, target.stamp);
    const built = fs.existsSync(stampFile) ? fs.statSync(stampFile).mtimeMs : 0;
    const newest = Math.max(...target.sources.map(newestMtime));
    if (built > newest) continue;
    process.stdout.write(`Building ${name}...\n`);
    const result = spawnSync('npm', target.command, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
