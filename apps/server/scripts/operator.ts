import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { databaseSourceFor, openDatabase } from '../src/db/client.ts';

export interface Envelope<T> {
  status: number;
  msg: string;
  attachment: T;
}

/**
 * Call an operator route: through the running server when there is one (the embedded database admits one
 * process at a time), otherwise through an in-process app on the same data.
 */
export async function operatorCall<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<Envelope<T>> {
  const config = loadConfig();
  const headers = { 'content-type': 'application/json', locale: 'en_US' };
  try {
    const token = (await readFile(path.join(config.dataDir, 'admin.token'), 'utf8')).trim();
    const response = await fetch(`http://127.0.0.1:${config.port}${API_BASE}${route}`, {
      method,
      headers: { ...headers, 'x-admin-token': token },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.ok) return (await response.json()) as Envelope<T>;
  } catch {
    // No server answering on this port (or no token yet): fall through to an in-process app.
  }
  const database = await openDatabase(databaseSourceFor(config));
  await database.migrate();
  // An in-process app on the operator's own data is local by definition, even where the HTTP routes are off.
  const app = await buildApp({
    config: { ...config, logLevel: 'error', backgroundWorkers: false, operatorRoutes: true },
    database,
  });
  try {
    const token = (await readFile(path.join(config.dataDir, 'admin.token'), 'utf8')).trim();
    const response = await app.inject({
      method,
      url: `${API_BASE}${route}`,
      headers: { ...headers, 'x-admin-token': token },
      payload: body === undefined ? undefined : JSON.stringify(body),
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
