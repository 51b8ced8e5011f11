import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { type DestinationStream, type Level, pino } from 'pino';
import { getEnv } from '../env.ts';

const env = getEnv();

/** Fields of node-postgres' DatabaseError that name things, never values (detail, hint, where and internalQuery can hold values). */
const DATABASE_ERROR_FIELDS = ['severity', 'code', 'position', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
/** Fields no error may bring into the log, whatever its class: SQL parameters and PostgreSQL's value-bearing fields. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'hint', 'where', 'internalQuery']);
const MAX_CAUSES = 5;

/** drizzle's message ends with the parameters ("\nparams: a,b"); anything that copied it does too. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*$/, '');

/**
 * An error as the log may hold it: class, message, code, stack and causes, without the values
 * of a failed query. A DrizzleQueryError keeps its SQL (placeholders only) and loses `params`; a
 * PostgreSQL error keeps what names the failure (code, constraint, table, routine) and loses
 * `detail`/`hint`/`where`; a data exception (SQLSTATE class 22) quotes the offending value in its
 * message, so its quotes are emptied. Other errors keep their scalar fields (objects such as an
 * HTTP client's request config, which can carry tokens, are dropped).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const type = error.constructor?.name || error.name;
  // The SQL goes in `query`, once: drizzle's message repeats it (and the parameters).
  let message = error instanceof DrizzleQueryError ? 'Failed query' : withoutParams(error.message);
  const serialized: Record<string, unknown> = { type };
  if (error instanceof pg.DatabaseError) {
    if (error.code?.startsWith('22')) message = message.replace(/"[^"]*"/g, '"…"');
    for (const field of DATABASE_ERROR_FIELDS) if (error[field] !== undefined) serialized[field] = error[field];
  } else {
    for (const [key, value] of Object.entries(error)) {
      if (VALUE_FIELDS.has(key) || key === 'name' || key === 'cause' || key === 'errors') continue;
      if (typeof value === 'string') serialized[key] = withoutParams(value);
      else if (typeof value === 'number' || typeof value === 'boolean') serialized[key] = value;
    }
  }
  serialized.message = message;
  if (error instanceof DrizzleQueryError) serialized.query = error.query;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  serialized.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (depth < MAX_CAUSES) {
    if (error.cause !== undefined) serialized.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) serialized.errors = error.errors.slice(0, 10).map((inner) => serializeError(inner, depth + 1));
  }
  return serialized;
}

/** A logger with Penman's redaction and error serializer, to `destination` (stdout when absent). */
export function createLogger({
  level,
  destination,
  pretty = false,
}: {
  level: Level | 'silent';
  destination?: DestinationStream;
  pretty?: boolean;
}) {
  const options = {
    level,
    serializers: { err: serializeError },
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
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** One logger. Secrets, mail and SQL parameters are never passed to it; `redact` and `serializeError` are second guards. */
export const logger = createLogger({
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  pretty: process.stdout.isTTY && env.NODE_ENV !== 'test',
});
