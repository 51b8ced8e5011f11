import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { connectDatabase, withDatabaseName } from '../platform/db/client.ts';
import { migrationsFolder, runMigrations } from '../platform/db/migrate.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder, listFiles } from '../test-support/corpus.ts';

const t = await createTestApp();
const { cookie, user } = await t.signUpAndIn('james@example.com');
const mbox = toMbox(
  enronFolder('steffes-j', 'inbox')
    .slice(0, 3)
    .map((file) => fs.readFileSync(file)),
);

function importMailbox(emailAddress: string) {
  const form = new FormData();
  form.set('emailAddress', emailAddress);
  form.set('file', new Blob([mbox]), 'james.mbox');
  return t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
}

describe('one account per address and user', () => {
  it('six concurrent imports of one address make one account and five 409s', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => importMailbox(i % 2 ? 'James.Steffes@enron.com' : 'james.steffes@enron.com')),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'james.steffes@enron.com is already connected.',
          fields: { emailAddress: 'james.steffes@enron.com is already connected.' },
        },
      });
    }
    const rows = await t.deps.db.select({ id: emailAccounts.id }).from(emailAccounts).where(eq(emailAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
    // The refused uploads left no file behind.
    expect(listFiles(path.join(t.env.dataDir, 'imports'))).toHaveLength(1);
  });

  it('the database refuses a second row for an address in another letter case', async () => {
    const other = await t.signUpAndIn('walter@example.com');
    await t.insertEmailAccount(other.user.id, 'walter@example.com');
    await expect(t.insertEmailAccount(other.user.id, 'Walter@Example.com')).rejects.toThrow();
    // Another user may connect the same address.
    await t.insertEmailAccount(user.id, 'walter@example.com');
  });
});

describe('the migration to one account per address', () => {
  const serverUrl = inject('pgServerUrl');
  const name = `dup_${Date.now().toString(36)}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-migrations-'));

  afterAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('keeps the oldest account of each duplicated address, with its mail, and drops the later copies', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = connectDatabase(withDatabaseName(serverUrl, name), { max: 2 });
    try {
      // The migrations from before the unique index.
      const source = migrationsFolder();
      const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
      const entries = journal.entries.slice(0, journal.entries.findIndex((e: { tag: string }) => e.tag === '0006_email_word_counts') + 1);
      fs.mkdirSync(path.join(folder, 'meta'));
      fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
      for (const entry of entries) fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
      await migrate(database.db, { migrationsFolder: folder });

      const { pool } = database;
      await pool.query(`insert into users (id, name, email) values ('u1', 'U', 'u1@example.com'), ('u2', 'V', 'u2@example.com')`);
      const insert = async (userId: string, address: string, createdAt: string) =>
        (
          await pool.query<{ id: string }>(
            `insert into email_accounts (user_id, email_address, provider, created_at) values ($1, $2, 'exchange', $3) returning id`,
            [userId, address, createdAt],
          )
        ).rows[0]!.id;
      const oldest = await insert('u1', 'a@example.com', '2026-01-01');
      const later = await insert('u1', 'A@example.com', '2026-01-02');
      const latest = await insert('u1', 'a@example.com', '2026-01-03');
      const otherUser = await insert('u2', 'a@example.com', '2026-01-04');
      for (const accountId of [oldest, later]) {
        await pool.query(`insert into emails (user_id, email_account_id, message_key, subject) values ('u1', $1, 'm@x', 'Hi')`, [
          accountId,
        ]);
      }

      await runMigrations(database);

      const { rows } = await pool.query<{ id: string }>('select id from email_accounts order by created_at');
      expect(rows.map((row) => row.id)).toEqual([oldest, otherUser]);
      const { rows: mail } = await pool.query<{ email_account_id: string }>('select email_account_id from emails');
      expect(mail.map((row) => row.email_account_id)).toEqual([oldest]);
      expect(latest).not.toBe(oldest);
    } finally {
      await database.pool.end();
    }
  });
});
