import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openDeps } from '../deps.ts';
import { parseEnv } from '../env.ts';
import { contactMessages, waitlist } from '../platform/db/schema/index.ts';
import { createTestDatabase } from '../test-support/database.ts';
import { runAdminCommand } from './commands.ts';

const database = await createTestDatabase();
const env = parseEnv({
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  APP_SECRET: 'cli-secret-cli-secret-cli-secret-cli-1',
  PUBLIC_URL: 'https://penman.example.com',
});
const run = (command: string, args: string[] = [], options: Record<string, string> = {}) =>
  runAdminCommand(env, { command, args, options });

/** Signs in through the real HTTP app on the CLI's database: what the user would see. */
async function signInStatus(email: string, password: string): Promise<number> {
  const deps = await openDeps(env, { attachToRunningDatabase: true });
  try {
    const response = await createApp(deps).request(
      '/api/auth/sign-in/email',
      {
        method: 'POST',
        headers: { origin: env.publicUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } },
    );
    return response.status;
  } finally {
    await deps.close();
  }
}

describe('admin CLI commands', () => {
  it('creates a user who can then sign in', async () => {
    expect(await run('create-user', [], { email: 'Op@Example.com', password: 'secret123', first: 'Op', last: 'Erator' })).toBe(
      'Created user op@example.com',
    );
    const { rows } = await database.pool.query(
      'select p.first_name, p.last_name, u.email from users u join profiles p on p.user_id = u.id',
    );
    expect(rows).toEqual([{ first_name: 'Op', last_name: 'Erator', email: 'op@example.com' }]);
    await expect(run('create-user', [], { email: 'op@example.com', password: 'secret123' })).rejects.toThrow(
      'An account with this email already exists.',
    );
  });

  it('validates create-user options with the sign-up rules', async () => {
    await expect(run('create-user', [], { email: 'bad', password: '123' })).rejects.toThrow(
      /--email: Please enter a valid email address\n--password: Password must be at least 6 characters/,
    );
  });

  it('prints a one-time invitation link on the public URL', async () => {
    const output = await run('invite', ['new@example.com']);
    expect(output).toMatch(
      /^Sign-up link for new@example.com \(valid until .+, works once\):\nhttps:\/\/penman\.example\.com\/invite\/[\w-]+$/,
    );
    await expect(run('invite', ['not-an-email'])).rejects.toThrow('Please enter a valid email address');
  });

  it('lists the waitlist', async () => {
    expect(await run('waitlist')).toBe('The waitlist is empty.');
    await database.db.insert(waitlist).values({ name: 'Wanda W', email: 'wanda@example.com', howHeard: 'friend' });
    expect(await run('waitlist')).toMatch(/wanda@example\.com {2}Wanda W {2}friend$/);
  });

  it('lists contact messages with their forwarding state', async () => {
    expect(await run('messages')).toBe('No contact messages.');
    await database.db.insert(contactMessages).values({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Pricing',
      message: 'Hello,\nhow much is it?',
      forwardError: 'HTTP 500',
      createdAt: new Date('2025-06-01T10:00:00Z'),
    });
    expect(await run('messages')).toBe(
      '2025-06-01T10:00:00.000Z  Grace Hopper <grace@example.com>  not forwarded: HTTP 500\n  Subject: Pricing\n    Hello,\n    how much is it?',
    );
  });

  it('reset-password prints a new random password, signs the user out everywhere, and takes --password', async () => {
    await run('create-user', [], { email: 'locked@example.com', password: 'forgotten-1' });
    const { rows: users } = await database.pool.query<{ id: string }>(`select id from users where email = 'locked@example.com'`);
    await database.pool.query(
      `insert into sessions (id, token, user_id, expires_at) values ('s-locked', 't-locked', $1, now() + interval '1 day')`,
      [users[0]!.id],
    );
    const output = await run('reset-password', ['Locked@Example.com']);
    const match = /^New password of locked@example\.com \(every session of theirs is signed out\):\n(\S{16})$/.exec(output);
    expect(match).not.toBeNull();
    const { rows: sessions } = await database.pool.query(`select id from sessions where user_id = $1`, [users[0]!.id]);
    expect(sessions).toEqual([]);
    expect(await signInStatus('locked@example.com', 'forgotten-1')).toBe(401);
    expect(await signInStatus('locked@example.com', match![1]!)).toBe(200);

    expect(await run('reset-password', ['locked@example.com'], { password: 'chosen-by-op' })).toBe(
      'Password of locked@example.com changed; every session of theirs is signed out.',
    );
    expect(await signInStatus('locked@example.com', 'chosen-by-op')).toBe(200);
    await expect(run('reset-password', ['locked@example.com'], { password: '123' })).rejects.toThrow(
      '--password: Password must be at least 6 characters',
    );
    await expect(run('reset-password', ['nobody@example.com'])).rejects.toThrow('No user with the email nobody@example.com');
  });

  it('disable-2fa turns two-factor sign-in off, secret and backup codes included', async () => {
    await run('create-user', [], { email: 'lost-phone@example.com', password: 'secret123' });
    const { rows: users } = await database.pool.query<{ id: string }>(`select id from users where email = 'lost-phone@example.com'`);
    await database.pool.query(`update users set two_factor_enabled = true where id = $1`, [users[0]!.id]);
    await database.pool.query(`insert into two_factors (id, secret, backup_codes, user_id) values ('tf-1', 'enc', 'enc', $1)`, [
      users[0]!.id,
    ]);
    expect(await run('disable-2fa', ['lost-phone@example.com'])).toBe(
      'Two-factor sign-in of lost-phone@example.com is off; they sign in with their password alone.',
    );
    const { rows } = await database.pool.query(
      `select u.two_factor_enabled, (select count(*)::int from two_factors where user_id = u.id) as secrets from users u where u.id = $1`,
      [users[0]!.id],
    );
    expect(rows).toEqual([{ two_factor_enabled: false, secrets: 0 }]);
    expect(await run('disable-2fa', ['lost-phone@example.com'])).toBe('Two-factor sign-in of lost-phone@example.com was already off.');
    await expect(run('disable-2fa', ['not-an-email'])).rejects.toThrow('disable-2fa EMAIL: Please enter a valid email address');
  });

  it('exports a user to a zip file', async () => {
    await run('create-user', [], { email: 'leaving@example.com', password: 'secret123' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-export-'));
    try {
      const file = path.join(dir, 'leaving.zip');
      expect(await run('export', ['Leaving@Example.com', file])).toMatch(
        /^Data of leaving@example\.com written to .*leaving\.zip \(\d+ bytes\)\.$/,
      );
      const zip = fs.readFileSync(file);
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      for (const entry of ['profile.json', 'contacts.csv', 'drafts.json']) expect(zip.includes(Buffer.from(entry))).toBe(true);
      await expect(run('export', ['nobody@example.com', file])).rejects.toThrow('No user with the email nobody@example.com');
      await expect(run('export', ['leaving@example.com'])).rejects.toThrow('export EMAIL FILE: name the zip file to write');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names unknown commands', async () => {
    await expect(run('frobnicate')).rejects.toThrow('Unknown command "frobnicate"');
  });
});
