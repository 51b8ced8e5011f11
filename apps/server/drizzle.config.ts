import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// Paths are resolved against this file and handed to drizzle-kit relative to the working
// directory (it mishandles absolute `out` paths), so `npm run db:generate` from the repo root
// and `npx drizzle-kit generate` inside apps/server both work.
const here = (path: string) => relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: here('./src/platform/db/schema/index.ts'),
  out: here('./drizzle'),
});
