import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { databaseSourceFor, openDatabase } from './db/client.ts';
import { existingAdminToken, freshAdminToken } from './platform/operator-guard.ts';
import { Readiness } from './platform/readiness.ts';
import { announcedServer, announceServer, answersHealth } from './platform/server-file.ts';
import { missingSharedKeys } from './shared-keys.ts';

const sharedKeysProblem = missingSharedKeys();
if (sharedKeysProblem) {
  console.error(sharedKeysProblem);
  process.exit(1);
}
const config = loadConfig();
// Made here, before anything is written into it (the admin token, server.json, uploads), whichever database the
// node uses: with PostgreSQL nothing else would make it, and the first write died with ENOENT.
mkdirSync(config.dataDir, { recursive: true });
// Another server on this data folder (several processes on one PostgreSQL) keeps its token: both check the same one.
const announced = await announcedServer(config.dataDir);
const other = announced && (await answersHealth(announced.port)) ? announced : null;
if (other && !config.databaseUrl) {
  console.error(
    `A Polaris server (process ${other.pid}, port ${other.port}) already runs on the embedded database in ${config.dataDir}, ` +
      'which takes one process at a time. Stop it first (Ctrl+C in its terminal).',
  );
  process.exit(1);
}
const database = await openDatabase(databaseSourceFor(config));
const readiness = new Readiness({ migrated: false });
await database.migrate();
readiness.markMigrated();
const adminToken = other ? await existingAdminToken(config.dataDir) : await freshAdminToken(config.dataDir);
const app = await buildApp({ config, database, adminToken, readiness });

let withdraw = async () => {};
/**
 * The drain (docs/deploy.md): `/ready` answers 503 at once, and for DRAIN_GRACE_MS the node keeps serving while the
 * balancer's health check notices and sends new requests elsewhere. Then the app closes: chat sockets get 1012
 * (reconnect at once), the port stops accepting, requests in flight finish, the background workers stop, and
 * the database pool closes; exit 0. A second signal, or DRAIN_TIMEOUT_MS, ends the process at once with exit 1.
 */
const shutdown = async (signal: string) => {
  if (readiness.isDraining) {
    app.log.warn({ signal }, 'second signal while draining: exiting now');
    process.exit(1);
  }
  readiness.startDraining();
  app.log.info({ signal, graceMs: config.drainGraceMs }, 'draining');
  setTimeout(() => {
    app.log.error({ timeoutMs: config.drainTimeoutMs }, 'drain timed out: exiting now');
    process.exit(1);
  }, config.drainTimeoutMs).unref();
  await new Promise((resolve) => setTimeout(resolve, config.drainGraceMs));
  await withdraw();
  await app.close();
  await database.close();
  app.log.info('drained');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Operator commands find this server through DATA_DIR/server.json, whatever PORT they were started with.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
withdraw = await announceServer(config.dataDir, { port, database: database.kind });
app.log.info(
  `Polaris is running on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
