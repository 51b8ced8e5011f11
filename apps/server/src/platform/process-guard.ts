import type { Logger } from 'pino';

/**
 * What the process does with an error nobody caught (an 'error' event without a listener, a
 * throw in a callback, a rejected promise nobody awaits). Until the server serves, such an error
 * stops it (exit 1): a half-started server must not look healthy. Once it serves, the error most
 * likely came from one request's or one job's callback, and exiting would cut every other request
 * and every running job with it, so it is logged and the process goes on.
 *
 * The log carries the error's type, code, first message line and stack frames, never the rest of
 * its message: a database error's message ends with the query's parameters (mail, addresses).
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
      logger.fatal({ error: describeError(error), origin }, 'uncaught error while starting');
      exit(1);
      return;
    }
    logger.error({ error: describeError(error), origin }, 'uncaught error: logged, the server keeps running');
  };
  process.on('uncaughtException', (error, origin) => onError(error, origin));
  process.on('unhandledRejection', (reason) => onError(reason, 'unhandledRejection'));
  return {
    markServing: () => {
      serving = true;
    },
  };
}

const MAX_MESSAGE_CHARS = 300;
const MAX_FRAMES = 12;

/** An error as the log may show it: type, code, first message line, stack frames; its cause the same way. */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const firstLine = error.message.split('\n', 1)[0]!;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: firstLine.length > MAX_MESSAGE_CHARS ? `${firstLine.slice(0, MAX_MESSAGE_CHARS)}…` : firstLine,
    stack: frames,
    ...(error.cause !== undefined && depth < 3 ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}
