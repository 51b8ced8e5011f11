import { afterEach } from 'vitest';

// console.error fails the test that caused it: an error nobody asserted on is a bug.
const errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
};
afterEach(() => {
  if (errors.length === 0) return;
  const logged = errors.splice(0).map((args) => args.map(String).join(' '));
  throw new Error(`console.error was called:\n${logged.join('\n')}`);
});
