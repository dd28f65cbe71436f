/**
 * Server test files that open no database and no Redis (pure functions, parsers, stubbed peers), from
 * apps/server. The PostgreSQL pass leaves them out (vitest.config.ts): there they would only run again exactly
 * as in the embedded pass. database-free.test.ts checks that none of them, nor anything it imports, can reach
 * PostgreSQL, PGlite or Redis; a file that comes to need one fails that check until it leaves this list.
 */
export const DATABASE_FREE_TESTS = [
  'scripts/chain-local.test.ts',
  'scripts/demo/content.test.ts',
  'src/modules/activity/rules.test.ts',
  'src/modules/activity/split.test.ts',
  'src/modules/chain/evm-node.test.ts',
  'src/modules/chain/fees.test.ts',
  'src/modules/chain/solana/deposits.test.ts',
  'src/modules/chain/solana/withdrawals.test.ts',
  'src/modules/chain/sweep-worth.test.ts',
  'src/modules/chain/ton/deposits.test.ts',
  'src/modules/chain/ton/jetton.test.ts',
  'src/modules/chain/ton/withdrawals.test.ts',
  'src/modules/chat/room-wire.test.ts',
  'src/modules/daogame/http.test.ts',
  'src/modules/invite/rules.test.ts',
  'src/modules/live/media.test.ts',
  'src/modules/market/decimal.test.ts',
  'src/modules/master/payees.test.ts',
  'src/modules/notifications/quiet-hours.test.ts',
  'src/modules/oidc/apple-secret.test.ts',
  'src/modules/places/nominatim.test.ts',
  'src/modules/push/vapid.test.ts',
  'src/modules/redpacket/split.test.ts',
  'src/modules/share/config.test.ts',
  'src/modules/vip/rules.test.ts',
  'src/modules/wallet/addresses.test.ts',
  'src/modules/wallet/ton-zod.test.ts',
  'src/platform/connection-counter.test.ts',
  'src/platform/json-api.test.ts',
  'src/platform/places/cities.test.ts',
  'src/platform/session-events.test.ts',
  'src/platform/sms.test.ts',
  'src/platform/worker.test.ts',
  'src/test/tls-cert.test.ts',
];
