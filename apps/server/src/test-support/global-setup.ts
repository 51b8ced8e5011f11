import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, ensureDatabaseExists, withDatabaseName } from '../platform/db/client.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.ts';
import { runMigrations } from '../platform/db/migrate.ts';
import { startQueue } from '../platform/queue.ts';

export const TEMPLATE_DATABASE = 'penman_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, in memory (/dev/shm) with fsync off; migrations and the
 * job queue's schema go into a template database that each test file copies.
 */
export default async function setup(project: TestProject) {
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, 'penman-test-'));
  // The cluster runs as the postgres user when we are root: it must be able to enter this folder.
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    secretDir: dir,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  await ensureDatabaseExists(server.url, TEMPLATE_DATABASE);
  const templateUrl = withDatabaseName(server.url, TEMPLATE_DATABASE);
  const template = connectDatabase(templateUrl, { max: 2 });
  await runMigrations(template);
  await template.pool.end();
  const queue = await startQueue(templateUrl);
  await queue.stop();
  project.provide('pgServerUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
