import type { Logger } from 'pino';

/**
 * What the process does with an error nobody caught (an 'error' event without a listener, a
 * throw in a callback, a rejected promise nobody awaits). Until the server serves, such an error
 * stops it (exit 1): a half-started server must not look healthy. Once it serves, the error most
 * likely came from one request's or one job's callback, and exiting would cut every other request
 * and every running job with it, so it is logged and the process goes on.
 *
 * The error goes to the log through Penman's error serializer (`platform/logger.ts`), which keeps
 * SQL parameters and PostgreSQL's value-bearing fields out; a rejection that is not an Error is
 * logged by its type alone (it may be anything, mail included).
 */
export function installProcessGuard(options: {
  logger: Logger;
  /** Errors that are expected (e.g. the database going away during a shutdown): not even logged. */
  ignore?: (error: unknown) => boolean;
  exit?: (code: number) => void;
}): { markServing: () => void } {
  const { logger, ignore = () => false, exit = (code: number) => process.exit(code) } = options;
  let serving = false;
  const onError = (error: unknown, origin: string) => {
    if (ignore(error)) return;
    if (!serving) {
      logger.fatal({ ...loggable(error), origin }, 'uncaught error while starting');
      exit(1);
      return;
    }
    logger.error({ ...loggable(error), origin }, 'uncaught error: logged, the server keeps running');
  };
  process.on('uncaughtException', (error, origin) => onError(error, origin));
  process.on('unhandledRejection', (reason) => onError(reason, 'unhandledRejection'));
  return {
    markServing: () => {
      serving = true;
    },
  };
}

function loggable(error: unknown): { err: Error } | { reasonType: string } {
  return error instanceof Error ? { err: error } : { reasonType: typeof error };
}
