import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { connectDatabase, withDatabaseName } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

const serverUrl = inject('pgServerUrl');
const name = `m_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const database = connectDatabase(withDatabaseName(serverUrl, name), { max: 2 });
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  await database.pool.end();
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

/** The committed migrations up to and including `tag`, as a folder of their own. */
function migrationsUpTo(tag: string): string {
  const source = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(0, journal.entries.findIndex((e: { tag: string }) => e.tag === tag) + 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-migrations-'));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

it('an installation with mail from before email_search (0005) keeps its full-text search and has its words counted, and new mail is queued', async () => {
  await migrate(database.db, { migrationsFolder: migrationsUpTo('0004_emails_narrow_heap') });
  const { pool } = database;
  await pool.query(`insert into users (id, name, email) values ('u1', 'U', 'u1@example.com')`);
  const { rows: accounts } = await pool.query<{ id: string }>(
    `insert into email_accounts (user_id, email_address, provider, display_name) values ('u1', 'u1@example.com', 'exchange', 'u1') returning id`,
  );
  const accountId = accounts[0]!.id;
  await pool.query(
    `insert into emails (user_id, email_account_id, message_key, subject, body_text) values ('u1', $1, 'old@x', 'Old mail', 'the heliotrope report')`,
    [accountId],
  );

  await runMigrations(database);

  const { rows: found } = await pool.query(
    `select s.user_id, s.email_account_id, s.search_text from email_search s join emails e on e.id = s.email_id
     where s.search @@ websearch_to_tsquery('simple', 'heliotrope')`,
  );
  expect(found).toEqual([{ user_id: 'u1', email_account_id: accountId, search_text: 'old mail\n\n' }]);
  expect((await pool.query('select * from email_search_queue')).rows).toEqual([]);
  // 0006 counts the words of the mail indexed so far ('' is the account's number of indexed emails).
  const wordCounts = async () => (await pool.query('select word, emails from email_word_counts order by word')).rows;
  expect(await wordCounts()).toEqual(['', 'heliotrope', 'mail', 'old', 'report', 'the'].map((word) => ({ word, emails: 1 })));

  await pool.query(
    `insert into emails (user_id, email_account_id, message_key, subject) values ('u1', $1, 'new@x', 'New'), ('u1', $1, 'new2@x', 'New 2')`,
    [accountId],
  );
  const { rows: queued } = await pool.query<{ n: number }>(
    `select count(*)::int as n from email_search_queue q join emails e on e.id = q.email_id where e.message_key like 'new%'`,
  );
  expect(queued[0]!.n).toBe(2);
  // Deleting mail deletes its search row.
  await pool.query(`delete from emails where message_key = 'old@x'`);
  expect((await pool.query('select * from email_search')).rows).toEqual([]);
  expect(await wordCounts()).toEqual([]);
});
