import { parseArgs } from 'node:util';
import { EnvError, getEnv } from '../env.ts';

const USAGE = `Penman admin

  npm run admin -- create-user --email E --password P [--first F --last L]
  npm run admin -- invite EMAIL         print a one-time sign-up link (valid 7 days)
  npm run admin -- owner-link           print a one-time link that creates an account with any email
  npm run admin -- reset-password EMAIL [--password P]
                                        set a new password (printed when not given); signs them out everywhere
  npm run admin -- disable-2fa EMAIL    turn off two-factor sign-in for a user who lost their authenticator
  npm run admin -- export EMAIL FILE    write all of a user's data to a zip (as Settings, Export My Data)
  npm run admin -- waitlist             list the waitlist
  npm run admin -- messages             list the contact-form messages

Works on the same DATA_DIR / DATABASE_URL as the server, whether or not it is running.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  if (!command || values.help || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const { runAdminCommand } = await import('./commands.ts');
  const output = await runAdminCommand(env, { command, args: rest, options: values });
  process.stdout.write(`${output}\n`);
}

main(process.argv.slice(2)).catch((error) => fail(error instanceof Error ? error.message : String(error)));
