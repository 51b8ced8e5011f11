// The tests use real programs: Chromium (end-to-end) and Dovecot (IMAP). Install them when missing,
// if we can (root on Debian/Ubuntu); otherwise stop with the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const needed = [
  { binary: '/usr/bin/chromium', pkg: 'chromium' },
  { binary: '/usr/sbin/dovecot', pkg: 'dovecot-imapd' },
];
const missing = needed.filter((n) => !fs.existsSync(n.binary)).map((n) => n.pkg);
if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    process.stderr.write(`The tests need ${missing.join(' and ')}. Install with:\n  sudo sh -c '${command}'\n`);
    process.exit(1);
  }
  process.stdout.write(`Installing ${missing.join(', ')} (needed by the tests)...\n`);
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  execFileSync('/usr/bin/chromium', ['--version'], { stdio: 'ignore' });
}
