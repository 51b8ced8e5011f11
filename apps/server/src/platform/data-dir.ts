import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, uploaded files and generated secrets.
 * It stays traversable (0755) because the embedded PostgreSQL runs as another user when we are root;
 * the secret files themselves are 0600.
 */
export function ensureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
}

/** Reads a generated secret from DATA_DIR, creating it on first use. */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensureDataDir(dataDir);
  const value = randomBytes(bytes).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** APP_SECRET from the environment, else the one generated into DATA_DIR. Never logged. */
export function resolveAppSecret(env: { APP_SECRET?: string | undefined; dataDir: string }): string {
  return env.APP_SECRET ?? readOrCreateSecret(env.dataDir, 'app-secret');
}
