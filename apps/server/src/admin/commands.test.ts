import { describe, expect, it } from 'vitest';
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

  it('names unknown commands', async () => {
    await expect(run('frobnicate')).rejects.toThrow('Unknown command "frobnicate"');
  });
});
