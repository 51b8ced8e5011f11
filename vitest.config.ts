import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['apps/server/src/test-support/global-setup.ts'],
    setupFiles: ['apps/server/src/test-support/setup-file.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
