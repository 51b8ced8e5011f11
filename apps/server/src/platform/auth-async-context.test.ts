import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { hooksPromises, trackAuthBackgroundTask } from './auth-async-context.ts';

// Whether the storage's promise hook is on: Node's own field (no public accessor exists).
const isOn = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

/**
 * Node 22 (async_hooks): the storage's hook is on or off as expected. Node 24 (async context frame,
 * no promise hooks; CI runs this file on both): the storage is left as Node made it, never wrapped.
 */
function expectHook(storage: AsyncLocalStorage<unknown>, on: boolean) {
  if (hooksPromises(storage)) expect(isOn(storage)).toBe(on);
  else expect(Object.hasOwn(storage, 'run')).toBe(false);
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const { request, signUpAndIn } = await createTestApp({ SIGN_IN_ATTEMPTS_PER_MINUTE: '100' });

describe("better-auth's async context", () => {
  it('is switched off once the auth calls are over, and sessions work across many concurrent calls', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpAndIn(`person${i}@example.com`)));
    // Each person's session, looked up 5 times at once with everyone else's.
    const statuses = await Promise.all(
      people.flatMap(({ cookie }) => Array.from({ length: 5 }, async () => (await request('/api/accounts', { cookie })).status)),
    );
    expect(statuses).toEqual(Array(30).fill(200));
    const sessions = await Promise.all(people.map(({ cookie }) => request('/api/auth/get-session', { cookie }).then((r) => r.json())));
    expect(sessions.map((session) => session.user.id)).toEqual(people.map(({ user }) => user.id));

    // Wrong passwords go through the rate limiter (its background writes) and fail as they should.
    const wrong = await request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'person0@example.com', password: 'nope-nope-1' },
    });
    expect(wrong.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expectHook(await getRequestStateAsyncLocalStorage(), false);
    expectHook(await getCurrentDBAdapterAsyncLocalStorage(), false);
  });

  it('stays on while a run or a background task is still going', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const slow = deferred();
    const task = deferred();
    const [slowStore, quickStore] = [new WeakMap(), new WeakMap()];
    const seen: unknown[] = [];
    const slowRun = storage.run(slowStore, async () => {
      await slow.promise;
      seen.push(storage.getStore());
    });
    await storage.run(quickStore, async () => {
      await Promise.resolve();
      seen.push(storage.getStore());
    });
    trackAuthBackgroundTask(task.promise);
    slow.resolve();
    await slowRun;
    expect(seen[0]).toBe(quickStore);
    expect(seen[1]).toBe(slowStore);
    expectHook(storage, true);
    task.resolve();
    await task.promise;
    await Promise.resolve();
    expectHook(storage, false);
  });
});
