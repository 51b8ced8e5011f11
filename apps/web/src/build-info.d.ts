/** The root package.json's version, put in by vite.config.ts at build time. */
declare const __PENMAN_VERSION__: string;
