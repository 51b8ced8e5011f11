import path from 'node:path';
import type { Env } from '../../env.ts';
import { ensureDataDir } from '../data-dir.ts';
import { connectDatabase, type Database, ensureDatabaseExists, withDatabaseName } from './client.ts';
import { connectionUrl, embeddedPassword, runningPostmaster, startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

export type OpenedDatabase = Database & { close: () => Promise<void> };

const DATABASE_NAME = 'penman';

type OpenOptions = {
  /** Reuse a PostgreSQL already serving DATA_DIR (the admin CLI beside a running server). */
  attachToRunning?: boolean;
  log?: (message: string) => void;
};

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/pg, started by us.
 * Migrations are applied either way.
 */
export async function openDatabase(env: Env, options: OpenOptions = {}): Promise<OpenedDatabase> {
  let serverUrl: string;
  let stopServer = async () => {};
  if (env.DATABASE_URL) {
    serverUrl = env.DATABASE_URL;
  } else {
    ensureDataDir(env.dataDir);
    const databaseDir = path.join(env.dataDir, 'pg');
    const running = options.attachToRunning ? runningPostmaster(databaseDir) : undefined;
    if (running) {
      serverUrl = connectionUrl(running.port, embeddedPassword(env.dataDir));
    } else {
      const server = await startEmbeddedPostgres({ databaseDir, secretDir: env.dataDir, log: options.log });
      serverUrl = server.url;
      stopServer = server.stop;
    }
    await ensureDatabaseExists(serverUrl, DATABASE_NAME);
    serverUrl = withDatabaseName(serverUrl, DATABASE_NAME);
  }
  const database = connectDatabase(serverUrl);
  try {
    await runMigrations(database);
  } catch (error) {
    await database.pool.end().catch(() => {});
    await stopServer().catch(() => {});
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.pool.end().catch(() => {});
      await stopServer();
    },
  };
}
