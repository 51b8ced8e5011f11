import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { readPostmaster } from '../platform/db/embedded-postgres.ts';

const SERVER_SOURCE = path.join(import.meta.dirname, '..');

/** After a test that ran real server processes: kill them and the PostgreSQL they left in DATA_DIR. */
export function killServerProcesses(children: ChildProcess[], dataDir: string): void {
  for (const child of children) child.kill('SIGKILL');
  const postmaster = readPostmaster(path.join(dataDir, 'pg'));
  if (!postmaster) return;
  try {
    process.kill(postmaster.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Penman as `npm start` runs it (main.ts, NODE_ENV=production, embedded PostgreSQL in `dataDir`),
 * from the sources; resolves once /api/health answers, or the process exited, or a minute passed.
 */
export async function startServerProcess(options: { port: number; dataDir: string; env?: Record<string, string> }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    PUBLIC_URL: `http://localhost:${options.port}`,
    LOG_LEVEL: 'error',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_SOURCE, 'main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${options.port}`;
  const isHealthy = () =>
    fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
  let healthy = false;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null && !healthy) {
    healthy = await isHealthy();
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  /** Creates a user with the operator CLI and signs in; answers the session cookie. */
  const signUpAndIn = async (email: string, password = 'correct-horse-1') => {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_SOURCE, 'admin/cli.ts'), 'create-user', '--email', email, '--password', password],
      {
        env,
        stdio: 'ignore',
      },
    );
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  return { child, base, origin: env.PUBLIC_URL, healthy, isHealthy, output: () => output, signUpAndIn };
}
