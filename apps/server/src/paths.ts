import path from 'node:path';

/** Paths fixed relative to the repository, so `npm start` works from any workspace directory. */
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
