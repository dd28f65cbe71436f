import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { REPO_ROOT } from '../paths.ts';
import { databaseUrlWithName, TEMPLATE_DATABASE, type TestDatabaseTemplate } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Migrate once per run, then every test file starts from a copy: a PGlite data-dir dump, or a PostgreSQL
 * database created from a template when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(url, TEMPLATE_DATABASE) });
    await template.migrate();
    await template.close();
    project.provide('databaseTemplate', { kind: 'postgres', url });
    return;
  }
  const template = await openDatabase({ kind: 'pglite' });
  await template.migrate();
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  const dir = path.join(REPO_ROOT, '.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
}
