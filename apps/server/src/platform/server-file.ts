import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

/**
 * The machine's list of running servers, one file per process (`<pid>.json`, readable by its user only), so an
 * operator command run without DATA_DIR finds a server started with another one (issue 23): `npm start` in one
 * terminal with `DATA_DIR=/srv/polaris`, `npm run wallet:deposit` in another without it.
 */
const SERVER_REGISTRY = path.join(tmpdir(), 'polaris-servers');

/** A running server as the machine's list has it: where it listens and the data it holds. */
export interface RunningServer extends ServerFile {
  dataDir: string;
}

/** Writes the server file; the answer removes it again, unless another server has announced itself since. */
export async function announceServer(
  dataDir: string,
  server: Omit<ServerFile, 'pid' | 'startedAt'>,
  registry = SERVER_REGISTRY,
) {
  const file: ServerFile = { pid: process.pid, ...server, startedAt: new Date().toISOString() };
  const temporary = `${serverFilePath(dataDir)}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, serverFilePath(dataDir));
  const listed = path.join(registry, `${process.pid}.json`);
  try {
    await mkdir(registry, { recursive: true });
    await writeFile(listed, JSON.stringify({ ...file, dataDir: path.resolve(dataDir) }), { mode: 0o600 });
  } catch {
    // The list is a convenience for commands; a server that cannot write it still runs.
  }
  return async () => {
    await rm(listed, { force: true });
    const now = await readServerFile(dataDir);
    if (now?.pid === file.pid && now.port === file.port) await rm(serverFilePath(dataDir), { force: true });
  };
}

/** The servers on the machine's list whose process is alive and whose DATA_DIR still names them. */
export async function runningServers(registry = SERVER_REGISTRY): Promise<RunningServer[]> {
  let names: string[];
  try {
    names = await readdir(registry);
  } catch {
    return [];
  }
  const found: RunningServer[] = [];
  for (const name of names.filter((entry) => /^\d+\.json$/.test(entry))) {
    try {
      const entry = JSON.parse(await readFile(path.join(registry, name), 'utf8')) as RunningServer;
      const current = await announcedServer(entry.dataDir);
      if (current?.pid === entry.pid && current.port === entry.port) found.push({ ...current, dataDir: entry.dataDir });
    } catch {
      // Another user's entry, or one half written: not ours to use.
    }
  }
  return found.sort((a, b) => a.port - b.port);
}

/**
 * Which server an operator command goes through. Told where the data is (DATA_DIR or DATABASE_URL set), it uses that
 * data's own server or none. Not told, it follows the running server like the person who started it would expect:
 * the one announced in the default DATA_DIR, else the only one running on the machine; with several it refuses and
 * lists them, rather than opening the default data quietly beside a server on other data.
 */
export function chooseServer(input: {
  told: boolean;
  dataDir: string;
  own: ServerFile | null;
  running: RunningServer[];
}):
  | { kind: 'server'; server: ServerFile; dataDir: string }
  | { kind: 'alone' }
  | { kind: 'ambiguous'; running: RunningServer[] } {
  if (input.own) return { kind: 'server', server: input.own, dataDir: input.dataDir };
  if (input.told || input.running.length === 0) return { kind: 'alone' };
  if (input.running.length === 1)
    return { kind: 'server', server: input.running[0]!, dataDir: input.running[0]!.dataDir };
  return { kind: 'ambiguous', running: input.running };
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
