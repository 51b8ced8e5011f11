import { defineConfig } from 'tsup';

// One ESM bundle per entry; npm packages stay external (native binaries, worker-thread transports),
// the workspace contract package is bundled in.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    cli: 'src/admin/cli.ts',
    'parse-worker': 'src/mail/parse-worker.ts',
    'extract-process': 'src/files/extract-process.ts',
    'extract-worker': 'src/files/extract-worker.ts',
  },
  format: 'esm',
  target: 'node22',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  splitting: true,
  sourcemap: true,
  skipNodeModulesBundle: true,
  // email-providers is a JSON list: bundled, since esbuild drops the import attribute Node needs to load JSON.
  noExternal: ['@penman/contract', 'email-providers'],
});
