import { type ChildProcess, execFileSync } from 'node:child_process';

/**
 * The production server the benches drive: waits for it to report healthy, then makes the bench
 * user with the admin CLI and signs in as a browser would (same Origin), answering the cookie.
 */
export async function signInToFreshServer(options: {
  root: string;
  base: string;
  env: NodeJS.ProcessEnv;
  server: ChildProcess;
  user?: { email: string; password: string };
}): Promise<string> {
  const { root, base, env, server } = options;
  const user = options.user ?? { email: 'bench@example.com', password: 'bench-secret' };
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error('the server exited');
    await new Promise((r) => setTimeout(r, 100));
  }
  execFileSync(process.execPath, ['apps/server/dist/cli.js', 'create-user', '--email', user.email, '--password', user.password], {
    cwd: root,
    env,
  });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(user),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
