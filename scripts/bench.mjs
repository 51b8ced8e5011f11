// `npm run bench -- <name>`: runs bench/<name>.ts against the production build. Results go in BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const available = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  process.stderr.write(`Usage: npm run bench -- <name>\nAvailable: ${available.join(', ')}\n`);
  process.exit(2);
}
buildIfStale(['web', 'server']);
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', `${name}.ts`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
