import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

export const TEMPLATE_DATABASE = 'polaris_test_template';

export type TestDatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string };

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(template: TestDatabaseTemplate): Promise<DatabaseHandle> {
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const name = `polaris_test_${randomBytes(6).toString('hex')}`;
  // Two copies of one template at the same moment can collide ("being accessed by other users"): retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(template.url, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
      break;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('being accessed')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(template.url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(template.url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
