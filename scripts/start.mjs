// `npm start`: build what changed, then run the server (HTTP + workers + embedded PostgreSQL).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['web', 'server']);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
