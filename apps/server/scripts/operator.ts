import { API_BASE } from '@polaris/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { databaseSourceFor, openDatabase } from '../src/db/client.ts';
import { existingAdminToken } from '../src/platform/operator-guard.ts';
import { announcedServer, chooseServer, runningServers, serverFilePath } from '../src/platform/server-file.ts';

export interface Envelope<T> {
  status: number;
  msg: string;
  attachment: T;
}

/** What the command answers when it may not run: a plain sentence of what to do, printed by the command. */
const refusal = <T>(msg: string): Envelope<T> => ({ status: 503, msg, attachment: null as T });

/**
 * Call an operator route (docs/api.md, "Operator commands"). A running server on this DATA_DIR announces itself in
 * DATA_DIR/server.json: the call goes to it, with the token it wrote (PORT is not needed). With no server, an
 * in-process app on the same data answers, with DATA_DIR's token as it is: nothing a command does changes the token
 * a server checks. A server that holds the data but does not answer is never worked around (the embedded database
 * takes one process at a time): the command refuses and says what to do.
 */
export async function operatorCall<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<Envelope<T>> {
  const config = loadConfig();
  const headers = { 'content-type': 'application/json', locale: 'en_US' };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const told = Boolean(process.env.DATA_DIR?.trim() || process.env.DATABASE_URL?.trim());
  const choice = chooseServer({
    told,
    dataDir: config.dataDir,
    own: await announcedServer(config.dataDir),
    running: told ? [] : await runningServers(),
  });
  if (choice.kind === 'ambiguous') {
    const list = choice.running.map((one) => `  PORT=${one.port} DATA_DIR=${one.dataDir}`).join('\n');
    return refusal(
      `Several Polaris servers are running and none holds ${config.dataDir}:\n${list}\n` +
        'Run the command with the DATA_DIR of the one you mean, e.g. DATA_DIR=<its data> npm run wallet:deposit -- …',
    );
  }
  if (choice.kind === 'server') {
    const { server, dataDir } = choice;
    if (dataDir !== config.dataDir)
      console.error(`Using the Polaris server on port ${server.port} (DATA_DIR=${dataDir}).`);
    const token = await existingAdminToken(dataDir);
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${server.port}${API_BASE}${route}`, {
        method,
        headers: { ...headers, 'x-admin-token': token },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      return refusal(
        `The Polaris server (process ${server.pid}) holds ${dataDir} but does not answer on port ${server.port}. ` +
          'Wait until it has started and run the command again, or stop it (Ctrl+C in its terminal) and run the command ' +
          `without it. If no server is running, delete ${serverFilePath(dataDir)}.`,
      );
    }
    if (response.status === 404) {
      return refusal(
        `The Polaris server on port ${server.port} has its operator routes off (OPERATOR_ROUTES=off). ` +
          'Restart it with OPERATOR_ROUTES=on, or stop it and run the command without it.',
      );
    }
    return (await response.json()) as Envelope<T>;
  }
  const database = await openDatabase(databaseSourceFor(config));
  await database.migrate();
  const adminToken = await existingAdminToken(config.dataDir);
  // An in-process app on the operator's own data is local by definition, even where the HTTP routes are off.
  const app = await buildApp({
    config: { ...config, logLevel: 'error', backgroundWorkers: false, operatorRoutes: true },
    database,
    adminToken,
  });
  try {
    const response = await app.inject({
      method,
      url: `${API_BASE}${route}`,
      headers: { ...headers, 'x-admin-token': adminToken },
      payload,
    });
    return response.json() as Envelope<T>;
  } finally {
    await app.close();
    await database.close();
  }
}

/** `--name value` pairs from the command line. */
export function flags(argv: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      result[name!] = inline ?? argv[++i] ?? '';
    }
  }
  return result;
}
