import { buildApp } from './app.ts';
import { loadConfig, missingSharedKeys } from './config.ts';
import { databaseSourceFor, openDatabase } from './db/client.ts';

const sharedKeysProblem = missingSharedKeys();
if (sharedKeysProblem) {
  console.error(sharedKeysProblem);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(databaseSourceFor(config));
await database.migrate();
const app = await buildApp({ config, database });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Polaris is running on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
