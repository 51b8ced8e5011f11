import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { updateContact } from '../contacts/service.ts';
import { listEmails } from '../emails/service.ts';
import { createTestApp } from '../test-support/app.ts';
import { contacts } from './db/schema/index.ts';
import { AppError } from './errors.ts';
import { createLogger } from './logger.ts';

const t = await createTestApp();
const { user } = await t.signUpAndIn('logger@example.com');
const accountId = await t.insertEmailAccount(user.id, 'logger-account@example.com');
const [contact] = await t.deps.db
  .insert(contacts)
  .values({ userId: user.id, emailAccountId: accountId, emailAddress: 'private-friend@example.com' })
  .returning({ id: contacts.id });

/** What a failing call logs, as the server logs an unhandled error, parsed from the JSON line. */
async function logOf(failing: () => Promise<unknown>) {
  const error = await failing().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  createLogger({ level: 'info', destination }).error({ err: error, path: '/api/somewhere' }, 'unhandled error');
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, err: JSON.parse(lines[0]!).err };
}

describe('the log of a failed query', () => {
  it("keeps the class, code and SQL of a query that failed on a user's search term, not the term", async () => {
    const search = 'merger with acme corp\u0000';
    const { line, err } = await logOf(() => listEmails({ db: t.deps.db, userId: user.id, query: { search, limit: 25, offset: 0 } }));
    expect(line).not.toContain('merger');
    expect(line).not.toContain('acme');
    expect(line).not.toMatch(/params/i);
    expect(err).toMatchObject({ type: 'DrizzleQueryError', query: expect.stringContaining('"emails"') });
    expect(err.message).toBe('Failed query');
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
    expect(err.cause).toMatchObject({ type: 'DatabaseError', code: '22021' });
  });

  it("keeps a user's note out of the log", async () => {
    const { line, err } = await logOf(() =>
      updateContact({
        db: t.deps.db,
        userId: user.id,
        contactId: contact!.id,
        changes: { notes: 'owes me $500\u0000', phoneNumber: undefined, jobTitle: undefined, department: undefined },
      }),
    );
    expect(line).not.toContain('owes me');
    expect(err).toMatchObject({ type: 'DrizzleQueryError', query: expect.stringContaining('update "contacts"') });
  });

  it("drops PostgreSQL's detail, which repeats the values of a violated constraint", async () => {
    const { line, err } = await logOf(() =>
      t.deps.db.insert(contacts).values({ userId: user.id, emailAccountId: accountId, emailAddress: 'private-friend@example.com' }),
    );
    expect(line).not.toContain('private-friend');
    expect(err.cause).toMatchObject({ type: 'DatabaseError', code: '23505', constraint: 'contacts_account_email_uq' });
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('masks the value PostgreSQL quotes in the message of a data error', async () => {
    const { line, err } = await logOf(() => t.deps.db.execute(sql`select ${'my-secret-count'}::integer`));
    expect(line).not.toContain('my-secret-count');
    expect(err.cause).toMatchObject({ code: '22P02', message: expect.stringContaining('invalid input syntax for type integer') });
  });
});

describe('the log of other errors', () => {
  it('keeps their class, message, code and stack', async () => {
    const { err } = await logOf(() => Promise.reject(new AppError('CONFLICT', 'Already connected')));
    expect(err).toMatchObject({ type: 'AppError', message: 'Already connected', code: 'CONFLICT' });
    expect(err.stack).toMatch(/^AppError: Already connected\n\s+at /);
  });
});

describe("better-auth's unexpected errors", () => {
  it('are thrown to our error handler (and its serializer), not printed with their SQL parameters', async () => {
    const { cookie } = await t.signUpAndIn('logger-auth@example.com');
    // Straight to better-auth, past the HTTP guard that refuses NUL: a query of its own fails.
    const request = new Request('http://localhost:3000/api/auth/update-user', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Secret\u0000Name' }),
    });
    const { line, err } = await logOf(() => t.deps.auth.handler(request));
    expect(line).not.toContain('Secret');
    expect(err).toMatchObject({ type: 'DrizzleQueryError', query: expect.stringContaining('update "users"') });
  });
});
