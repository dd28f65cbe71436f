import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceServer, chooseServer, type RunningServer, runningServers, type ServerFile } from './server-file.ts';

const file = (port: number): ServerFile => ({ pid: 1, port, database: 'pglite', startedAt: '2026-01-01T00:00:00Z' });
const running = (port: number, dataDir: string): RunningServer => ({ ...file(port), dataDir });

describe('which server an operator command goes through (issue 23)', () => {
  it('uses the server of the data it was told, else none', () => {
    expect(chooseServer({ told: true, dataDir: '/a', own: file(8080), running: [] })).toEqual({
      kind: 'server',
      server: file(8080),
      dataDir: '/a',
    });
    expect(chooseServer({ told: true, dataDir: '/a', own: null, running: [running(9090, '/b')] })).toEqual({
      kind: 'alone',
    });
  });

  it('not told, follows the only running server rather than opening the default data beside it', () => {
    expect(chooseServer({ told: false, dataDir: '/repo/data', own: null, running: [running(9090, '/srv')] })).toEqual({
      kind: 'server',
      server: running(9090, '/srv'),
      dataDir: '/srv',
    });
    expect(chooseServer({ told: false, dataDir: '/repo/data', own: null, running: [] })).toEqual({ kind: 'alone' });
    const two = [running(8080, '/x'), running(9090, '/y')];
    expect(chooseServer({ told: false, dataDir: '/repo/data', own: null, running: two })).toEqual({
      kind: 'ambiguous',
      running: two,
    });
  });
});

describe("the machine's list of running servers", () => {
  let registry: string;
  let dataDir: string;
  beforeAll(async () => {
    registry = await mkdtemp(path.join(tmpdir(), 'polaris-registry-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-data-'));
  });
  afterAll(async () => {
    await rm(registry, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists a server while it runs, with its data, and forgets it when it stops or its process is gone', async () => {
    const withdraw = await announceServer(dataDir, { port: 40_799, database: 'pglite' }, registry);
    // A file left by a killed process on other data is ignored.
    await writeFile(
      path.join(registry, '999999999.json'),
      JSON.stringify({ ...running(40_798, '/nowhere'), pid: 999_999_999 }),
    );
    expect(await runningServers(registry)).toEqual([
      expect.objectContaining({ pid: process.pid, port: 40_799, dataDir: path.resolve(dataDir) }),
    ]);
    await withdraw();
    expect(await runningServers(registry)).toEqual([]);
    expect(await runningServers(path.join(registry, 'missing'))).toEqual([]);
  });
});
