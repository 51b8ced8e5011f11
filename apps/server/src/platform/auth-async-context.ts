import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps the state of a call in three AsyncLocalStorage instances. On Node 20 and 22 an
 * AsyncLocalStorage, once used, hooks every promise the process creates from then on, whoever
 * creates it: after the first sign-in, a mail download spent about a fifth of its main thread
 * there (BENCHMARKS.md, sync). So the three switch themselves off whenever none of their `run()`s
 * and none of better-auth's background tasks is still going; the next `run()` switches them on again.
 * On Node 24 a storage lives in the async context frame and hooks no promise: it is left as it is
 * (there, `disable()` would delete its store from whatever frame is current).
 */
let running = 0;
let storages: AsyncLocalStorage<unknown>[] = [];
let installed: Promise<void> | undefined;

/** Built on async_hooks (Node 22; 24 with --no-async-context-frame): it then carries Node's own `enabled` flag. */
export function hooksPromises(storage: AsyncLocalStorage<unknown>): boolean {
  return typeof (storage as unknown as { enabled?: unknown }).enabled === 'boolean';
}

function ended() {
  running--;
  if (running === 0) for (const storage of storages) storage.disable();
}

/** better-auth's `advanced.backgroundTasks.handler`: a task it lets run past its call keeps the storages on. */
export function trackAuthBackgroundTask(task: Promise<unknown>): void {
  running++;
  task.then(ended, ended);
}

/** Makes better-auth's storages switch off when idle (once per process). */
export function switchOffAuthAsyncContextWhenIdle(): Promise<void> {
  installed ??= (async () => {
    storages = (
      await Promise.all([
        getRequestStateAsyncLocalStorage(),
        getCurrentAuthContextAsyncLocalStorage(),
        getCurrentDBAdapterAsyncLocalStorage(),
      ])
    ).filter(hooksPromises);
    for (const storage of storages) {
      const run = storage.run.bind(storage);
      storage.run = <R, A extends unknown[]>(store: unknown, callback: (...args: A) => R, ...args: A): R => {
        running++;
        let result: R;
        try {
          result = run(store, callback, ...args);
        } catch (error) {
          ended();
          throw error;
        }
        // The context lives as long as the callback's promise; the caller handles its rejection.
        if (result instanceof Promise) result.then(ended, ended);
        else ended();
        return result;
      };
    }
  })();
  return installed;
}
