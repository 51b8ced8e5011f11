// `npm run admin -- <command>`: the operator CLI (see `npm run admin -- help`).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['server']);
await import(pathToFileURL(path.join(root, 'apps/server/dist/cli.js')).href);
