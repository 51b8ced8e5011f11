import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';

/** Writes .br and .gz beside each built asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  return {
    name: 'penman-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const target = path.join(dir, file);
        const source = fs.readFileSync(target);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
        fs.writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// The product's version for the Help page (root package.json), fixed at build time.
const PENMAN_VERSION: string =
  JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')).version ?? 'dev';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: { __PENMAN_VERSION__: JSON.stringify(PENMAN_VERSION) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      // `npm run dev` starts the server with PUBLIC_URL=http://localhost:5173, so better-auth
      // trusts the origin of requests arriving through this proxy.
      '/api': { target: API_TARGET },
    },
  },
});
