import { EnvError, getEnv } from './env.ts';

// Configuration is checked before anything else loads, so a bad value stops with one clear message.
try {
  getEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const { runServer } = await import('./server.ts');
const { logger } = await import('./platform/logger.ts');
runServer().catch((error) => {
  logger.fatal({ err: error }, 'Penman failed to start');
  process.exit(1);
});
