import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { toMbox } from '../mail/connectors/mbox/fixtures.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { userFileFolders } from './delete-account-service.ts';

const t = await createTestApp({}, { workers: true });
const PASSWORD = 'correct-horse-1';
const PHILLIP = 'phillip.allen@enron.com';
const allenRaws = enronFolder('allen-p', 'sent')
  .slice(0, 40)
  .map((file) => fs.readFileSync(file));

async function importMbox(cookie: string, mbox: Buffer, emailAddress = PHILLIP) {
  const form = new FormData();
  form.set('emailAddress', emailAddress);
  form.set('file', new Blob([mbox]), 'mail.mbox');
  const response = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
  expect(response.status).toBe(201);
  const { account } = await response.json();
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { account: now } = await (await t.request(`/api/accounts/${account.id}`, { cookie })).json();
    if (now.initializationStatus !== 'initializing' || Date.now() > deadline) return now as { id: string; initializationStatus: string };
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function uploadKnowledge(cookie: string, accountId: string, name: string, text: string) {
  const form = new FormData();
  form.set('categories', 'knowledge');
  form.set('file', new Blob([text]), name);
  const response = await t.request(`/api/accounts/${accountId}/files`, { method: 'POST', cookie, body: form });
  expect(response.status).toBe(201);
}

/** The zip's entries and their bytes, read with yauzl. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zipfile.on('error', reject);
    zipfile.on('end', resolve);
    zipfile.on('entry', (entry: yauzl.Entry) => {
      zipfile.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zipfile.readEntry();
        });
      });
    });
    zipfile.readEntry();
  });
  return entries;
}

async function messageKeys(accountId: string): Promise<string[]> {
  const { rows } = await t.deps.db.execute<{ message_key: string }>(
    sql`select message_key from emails where email_account_id = ${accountId} order by message_key`,
  );
  return rows.map((row) => row.message_key);
}

/** Rows of the user in every table with a user_id column, or reached through their accounts. */
async function rowsOfUser(userId: string): Promise<Record<string, number>> {
  const { rows: tables } = await t.deps.db.execute<{ table_name: string; key: string }>(sql`
    select c.table_name, case when bool_or(c.column_name = 'user_id') then 'user_id' else 'email_account_id' end as key
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name in ('user_id', 'email_account_id')
    group by c.table_name order by c.table_name`);
  const { rows: accounts } = await t.deps.db.execute<{ id: string }>(sql`select id from email_accounts where user_id = ${userId}`);
  const accountIds = accounts.map((row) => row.id);
  const counts: Record<string, number> = {};
  for (const { table_name: table, key } of tables) {
    const mine =
      key === 'user_id'
        ? sql`user_id = ${userId}`
        : accountIds.length
          ? sql`email_account_id in (${sql.join(
              accountIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql`false`;
    const { rows } = await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${mine}`);
    counts[table] = rows[0]!.n;
  }
  // Tables keyed otherwise: the user row, email_search by its email.
  const { rows: users } = await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from users where id = ${userId}`);
  counts.users = users[0]!.n;
  return counts;
}

async function filesOfUser(userId: string): Promise<string[]> {
  const folders = userFileFolders(userId);
  const stored = (await Promise.all(folders.files.map((folder) => t.deps.files.list(folder)))).flat();
  const importsDir = t.deps.storage.absolutePath(folders.imports);
  const imports = fs.existsSync(importsDir) ? fs.readdirSync(importsDir, { recursive: true }).map(String) : [];
  return [...stored, ...imports.map((name) => path.join(folders.imports, name))];
}

describe('GET /api/settings/export', () => {
  it('streams a zip with every part of the user, and the mbox imports back with the same messages', async () => {
    const { cookie } = await t.signUpAndIn('phillip@example.com');
    const account = await importMbox(cookie, toMbox(allenRaws));
    expect(account.initializationStatus).toBe('completed');
    await uploadKnowledge(cookie, account.id, 'Opening hours.txt', 'We open at nine.');
    const before = await messageKeys(account.id);
    expect(before.length).toBe(allenRaws.length);

    const response = await t.request('/api/settings/export', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="penman-export-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''penman-export-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    // Streamed: the size is not known up front.
    expect(response.headers.get('content-length')).toBeNull();
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()].sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        `mail/${PHILLIP}.mbox`,
        `mail/${PHILLIP}/original/mail.mbox`,
        'contacts.csv',
        'contacts.vcf',
        'style-profiles.json',
        'drafts.json',
      ]),
    );
    expect(names.some((name) => /^files\/knowledge-documents\/\d+-Opening.hours\.txt$/.test(name))).toBe(true);
    const profile = JSON.parse(entries.get('profile.json')!.toString());
    expect(profile.user.email).toBe('phillip@example.com');
    expect(JSON.stringify(profile)).not.toMatch(/encrypted|password/i);
    expect(profile.emailAccounts).toHaveLength(1);
    const csv = entries.get('contacts.csv')!.toString();
    expect(csv.split('\r\n')[0]).toBe('email,first_name,last_name,display_name,company,job_title,department,phone,notes,internal,mailbox');
    const contactCount = csv.trim().split('\r\n').length - 1;
    expect(contactCount).toBeGreaterThan(0);
    expect(
      entries
        .get('contacts.vcf')!
        .toString()
        .match(/BEGIN:VCARD/g),
    ).toHaveLength(contactCount);
    expect(JSON.parse(entries.get('drafts.json')!.toString())).toEqual(expect.any(Array));

    // Round trip: the account goes, the exported mbox comes back through Penman's own import.
    const deleted = await t.request(`/api/accounts/${account.id}`, {
      method: 'DELETE',
      cookie,
      json: { confirmation: 'DELETE EMAIL ACCOUNT' },
    });
    expect(deleted.status).toBeLessThan(300);
    const again = await importMbox(cookie, entries.get(`mail/${PHILLIP}.mbox`)!);
    expect(again.initializationStatus).toBe('completed');
    expect(await messageKeys(again.id)).toEqual(before);
  });
});

describe('POST /api/settings/delete-account', () => {
  it('needs the typed confirmation and the password, then deletes every row and file of the user, and only theirs', async () => {
    const a = await t.signUpAndIn('ada@example.com');
    const b = await t.signUpAndIn('bob@example.com');
    const accountA = await importMbox(a.cookie, toMbox(allenRaws.slice(0, 10)));
    const accountB = await importMbox(b.cookie, toMbox(allenRaws.slice(10, 20)));
    await uploadKnowledge(a.cookie, accountA.id, 'a.txt', 'Ada notes');
    await uploadKnowledge(b.cookie, accountB.id, 'b.txt', 'Bob notes');
    const second = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'ada@example.com', password: PASSWORD } });
    const otherSession = second.headers.get('set-cookie')!.split(';')[0]!;

    const rowsA = await rowsOfUser(a.user.id);
    const rowsB = await rowsOfUser(b.user.id);
    expect(rowsA.emails).toBe(10);
    expect(rowsA.sessions).toBe(2);
    expect(rowsA.knowledge_documents).toBe(1);
    expect((await filesOfUser(a.user.id)).length).toBeGreaterThanOrEqual(2);
    const filesB = await filesOfUser(b.user.id);

    const wrongText = await t.request('/api/settings/delete-account', {
      method: 'POST',
      cookie: a.cookie,
      json: { confirmation: 'delete my account', password: PASSWORD },
    });
    expect(wrongText.status).toBe(400);
    const wrongPassword = await t.request('/api/settings/delete-account', {
      method: 'POST',
      cookie: a.cookie,
      json: { confirmation: 'DELETE MY ACCOUNT', password: 'not-it-at-all' },
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).error.fields).toEqual({ password: 'Current password is incorrect' });
    expect(await rowsOfUser(a.user.id)).toEqual(rowsA);

    const deleted = await t.request('/api/settings/delete-account', {
      method: 'POST',
      cookie: a.cookie,
      json: { confirmation: 'DELETE MY ACCOUNT', password: PASSWORD },
    });
    expect(deleted.status).toBe(204);
    const after = await rowsOfUser(a.user.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await filesOfUser(a.user.id)).toEqual([]);
    const { rows: jobs } = await t.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where data->>'userId' = ${a.user.id} and state in ('created', 'retry', 'active')`,
    );
    expect(jobs[0]!.n).toBe(0);
    // Signed out everywhere.
    for (const cookie of [a.cookie, otherSession]) expect((await t.request('/api/settings/profile', { cookie })).status).toBe(401);
    // The other user is untouched.
    expect(await rowsOfUser(b.user.id)).toEqual(rowsB);
    expect(await filesOfUser(b.user.id)).toEqual(filesB);
  });

  it('asks for the two-factor code when two-factor sign-in is on', async () => {
    const { cookie, user } = await t.signUpAndIn('tess@example.com');
    const ip = '203.0.113.77';
    const enable = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const code = () => OTPAuth.URI.parse(totpURI).generate();
    const verify = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie, json: { code: code() }, ip });
    expect(verify.status).toBe(200);
    const session = verify.headers.get('set-cookie')?.split(';')[0] || cookie;
    const json = { confirmation: 'DELETE MY ACCOUNT', password: PASSWORD };
    const noCode = await t.request('/api/settings/delete-account', { method: 'POST', cookie: session, json });
    expect((await noCode.json()).error.fields).toEqual({ code: 'Enter the code from your authenticator app' });
    const wrongCode = await t.request('/api/settings/delete-account', {
      method: 'POST',
      cookie: session,
      json: { ...json, code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    const deleted = await t.request('/api/settings/delete-account', { method: 'POST', cookie: session, json: { ...json, code: code() } });
    expect(deleted.status).toBe(204);
    expect((await rowsOfUser(user.id)).users).toBe(0);
  });
});
