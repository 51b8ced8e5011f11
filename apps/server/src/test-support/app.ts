import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../app.ts';
import { openDeps } from '../deps.ts';
import { parseEnv } from '../env.ts';
import { jobHandlers } from '../job-handlers.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';
import { registerJobs, startWorkers } from '../platform/queue.ts';
import { createUserWithPassword } from '../users/service.ts';
import { createTestDatabase } from './database.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests assert on response bodies of every shape
export type TestResponse = Omit<Response, 'json'> & { json: () => Promise<any> };

const ORIGIN = 'http://localhost:3000';

/** The session cookie a sign-in (or invitation) answer set, as a Cookie request header. */
export function cookieFrom(response: Pick<Response, 'headers'>): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The whole HTTP app over a fresh database, with the real dependencies (auth, queue, realtime, storage). */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { workers?: boolean; imapCa?: string } = {}) {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-app-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0001',
    PUBLIC_URL: ORIGIN,
    // Parsed in this thread unless a test asks for worker threads.
    MAIL_PARSE_THREADS: '0',
    ...envOverrides,
  });
  const deps = await openDeps(env, { database, ...(options.imapCa ? { imapCa: options.imapCa } : {}) });
  await registerJobs(deps.queue, jobHandlers);
  if (options.workers) await startWorkers(deps.queue, jobHandlers, deps);
  const app = createApp(deps);
  afterAll(async () => {
    await deps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request as the browser would send it (same origin), carrying `cookie` when given. */
  const request = (url: string, init: RequestInit & { cookie?: string; json?: unknown; ip?: string } = {}): Promise<TestResponse> => {
    const headers = new Headers(init.headers);
    headers.set('origin', ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    // The node adapter's socket, as getConnInfo reads it: rate limits key on this address.
    return Promise.resolve(
      app.request(
        url,
        { ...init, headers, body },
        { incoming: { socket: { remoteAddress: init.ip ?? '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } },
      ),
    );
  };

  /** Creates a user (named Test User unless `name` says) and signs them in; returns the session cookie. */
  const signUpAndIn = async (email: string, password = 'correct-horse-1', name = { firstName: 'Test', lastName: 'User' }) => {
    const user = await createUserWithPassword({
      db: deps.db,
      auth: deps.auth,
      user: { email, password, ...name },
    });
    const response = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const cookie = cookieFrom(response);
    return { user, cookie };
  };

  /** Stores a bare IMAP account of `userId` (no credentials, never synced); answers its id. */
  const insertEmailAccount = async (userId: string, emailAddress: string) => {
    const [row] = await deps.db
      .insert(emailAccounts)
      .values({ userId, emailAddress, provider: 'exchange', displayName: emailAddress })
      .returning({ id: emailAccounts.id });
    return row!.id;
  };

  return { app, deps, env, database, request, signUpAndIn, insertEmailAccount };
}
