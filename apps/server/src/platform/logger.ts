import { pino } from 'pino';
import { getEnv } from '../env.ts';

const env = getEnv();

/** One logger. Secrets and mail bodies are never passed to it; `redact` is a second guard. */
export const logger = pino({
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  redact: {
    paths: [
      'password',
      '*.password',
      'encryptedPassword',
      '*.encryptedPassword',
      'token',
      '*.token',
      'secret',
      '*.secret',
      'bodyText',
      'bodyHtml',
      'headers.cookie',
      'headers.authorization',
    ],
    censor: '[redacted]',
  },
  ...(process.stdout.isTTY && env.NODE_ENV !== 'test' ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
});
