import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';

/**
 * `DATA_DIR/server.json`: a running server says where it listens, so operator commands find it without being told
 * its port (docs/api.md, "Operator commands"). Written once the server listens, removed when it shuts down; a file
 * left by a killed server names a process that is gone, and is ignored.
 */
export interface ServerFile {
  pid: number;
  port: number;
  database: 'pglite' | 'postgres';
  startedAt: string;
}

export const serverFilePath = (dataDir: string) => path.join(dataDir, 'server.json');

/** Writes the server file; the answer removes it again, unless another server has announced itself since. */
export async function announceServer(dataDir: string, server: Omit<ServerFile, 'pid' | 'startedAt'>) {
  const file: ServerFile = { pid: process.pid, ...server, startedAt: new Date().toISOString() };
  const temporary = `${serverFilePath(dataDir)}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, serverFilePath(dataDir));
  return async () => {
    const now = await readServerFile(dataDir);
    if (now?.pid === file.pid && now.port === file.port) await rm(serverFilePath(dataDir), { force: true });
  };
}

async function readServerFile(dataDir: string): Promise<ServerFile | null> {
  try {
    const parsed = JSON.parse(await readFile(serverFilePath(dataDir), 'utf8')) as Partial<ServerFile>;
    if (!Number.isInteger(parsed.pid) || !Number.isInteger(parsed.port)) return null;
    return parsed as ServerFile;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server that announced itself in DATA_DIR and whose process is alive; null when none is. */
export async function announcedServer(dataDir: string): Promise<ServerFile | null> {
  const file = await readServerFile(dataDir);
  return file && processAlive(file.pid) ? file : null;
}

/** Whether a server answers its health check on this machine's port (within `timeoutMs`). */
export async function answersHealth(port: number, timeoutMs = 2000): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${API_BASE}/health`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok;
  } catch {
    return false;
  }
}
