import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { connectDatabase, type Database, withDatabaseName } from '../platform/db/client.ts';

const TEMPLATE_DATABASE = 'penman_template';

/** A fresh, migrated database for this test file, copied from the template and dropped after. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE} strategy file_copy`);
  await admin.end();
  const database = connectDatabase(withDatabaseName(serverUrl, name), { max: 5 });
  afterAll(async () => {
    await database.pool.end();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return database;
}
