import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const GUARD = pathToFileURL(path.join(import.meta.dirname, 'process-guard.ts')).href;
const LOGGER = pathToFileURL(path.join(import.meta.dirname, 'logger.ts')).href;

/**
 * A node process with the guard installed and a real pino logger on stdout; `body` then throws
 * the way request code can: in a timer callback, from an 'error' event without a listener, in a
 * promise nobody awaits.
 */
function runGuarded(body: string) {
  const script = `
    import { EventEmitter } from 'node:events';
    import { createLogger } from ${JSON.stringify(LOGGER)};
    import { installProcessGuard } from ${JSON.stringify(GUARD)};
    const guard = installProcessGuard({ logger: createLogger({ level: 'info' }) });
    ${body}
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const logs = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; origin: string; err: Record<string, unknown>; reasonType?: string });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, logs };
}

// What a failed database query's message looks like: its parameters (mail) after the first line.
const QUERY_ERROR = 'Failed query: insert into emails (subject) values ($1)\\nparams: The secret subject';

describe('the process guard', () => {
  it('once the server serves, logs what a request throws and keeps running', () => {
    const run = runGuarded(`
      guard.markServing();
      setTimeout(() => { throw Object.assign(new Error('${QUERY_ERROR}'), { code: '23505' }); }, 10);
      setTimeout(() => new EventEmitter().emit('error', new Error('Unexpected end of form')), 20);
      setTimeout(() => { Promise.reject(new TypeError('nobody awaited me')); }, 30);
      setTimeout(() => { Promise.reject('a rejected string with alice@example.com in it'); }, 40);
      setTimeout(() => { console.log('still serving'); }, 200);
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('still serving');
    expect(run.logs.map((l) => [l.level, l.origin, l.err?.type ?? l.reasonType, l.err?.message])).toEqual([
      [50, 'uncaughtException', 'Error', 'Failed query: insert into emails (subject) values ($1)'],
      [50, 'uncaughtException', 'Error', 'Unexpected end of form'],
      [50, 'unhandledRejection', 'TypeError', 'nobody awaited me'],
      [50, 'unhandledRejection', 'string', undefined],
    ]);
    expect(run.logs[0]!.err).toMatchObject({ code: '23505', stack: expect.stringMatching(/\n\s+at /) });
    expect(run.stdout).not.toContain('The secret subject');
    expect(run.stdout).not.toContain('alice@example.com');
  });

  it('before the server serves, stops the process on the first uncaught error or rejection', () => {
    const thrown = runGuarded(`
      setTimeout(() => { throw new Error('migrations failed'); }, 10);
      setTimeout(() => { console.log('still running'); }, 200);
    `);
    expect(thrown.status).toBe(1);
    expect(thrown.stdout).not.toContain('still running');
    expect(thrown.logs).toEqual([
      expect.objectContaining({ level: 60, origin: 'uncaughtException', err: expect.objectContaining({ message: 'migrations failed' }) }),
    ]);

    const rejected = runGuarded(`
      Promise.reject(new Error('queue did not start'));
      setTimeout(() => { console.log('still running'); }, 200);
    `);
    expect(rejected.status).toBe(1);
    expect(rejected.logs).toEqual([expect.objectContaining({ level: 60, origin: 'unhandledRejection' })]);
  });
});
