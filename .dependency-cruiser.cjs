/**
 * The module rules of docs/modules.md and docs/web-client.md as a check (`npm run check:modules`, part of
 * `npm run check`). Tests are left out: they build what they test from any layer.
 */
const notTest = '\\.(test|shared\\.test|spec)\\.tsx?$|-fixtures?\\.tsx?$|/test/|/e2e/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'modules-meet-through-services',
      comment:
        'A module uses another only through its services (service.ts, <topic>.service.ts) or the ports it ' +
        'publishes (events.ts, <topic>.port.ts); money moves only through wallet/ledger.ts (docs/modules.md).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: notTest },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/[^/]*service[.]ts$',
          '^apps/server/src/modules/[^/]+/events\\.ts$',
          '^apps/server/src/modules/[^/]+/[^/]*[.]port[.]ts$',
          '^apps/server/src/modules/wallet/ledger\\.ts$',
        ],
      },
    },
    {
      name: 'platform-depends-on-no-module',
      comment: 'Platform code is what every module needs and no module owns: it imports none (docs/modules.md).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: notTest },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'ledger-store-only-behind-the-ledger',
      comment: 'Balances change only through wallet/ledger.ts: outside the wallet, nothing opens its store.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [notTest, '^apps/server/src/modules/wallet/'] },
      to: { path: '^apps/server/src/modules/wallet/ledger\\.store\\.ts$' },
    },
    {
      name: 'web-lib-below-api',
      comment: 'The web layers (docs/web-client.md): lib is below api, so lib never calls the server itself.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: notTest },
      to: { path: '^apps/web/src/api/' },
    },
    {
      name: 'no-circular',
      comment: 'A loop between files makes their load order matter and their owners unclear.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: notTest },
      to: { circular: true, path: '^apps/server/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
