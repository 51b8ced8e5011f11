import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { readPostmaster } from '../platform/db/embedded-postgres.ts';

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
