import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { vapidKeys } from './vapid.ts';

const log = pino({ level: 'silent' });
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe('VAPID keys', () => {
  it('are made once into DATA_DIR and kept across restarts, even by processes starting together', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-vapid-'));
    folders.push(dataDir);
    const [first, second] = await Promise.all([
      vapidKeys({ vapid: undefined, dataDir }, log),
      vapidKeys({ vapid: undefined, dataDir }, log),
    ]);
    expect(first).toEqual(second);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await vapidKeys({ vapid: undefined, dataDir }, log)).toEqual(first);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
  });

  it('come from the environment when given there, and nothing is written', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-vapid-'));
    folders.push(dataDir);
    const given = { publicKey: `B${'c'.repeat(86)}`, privateKey: 'd'.repeat(43) };
    expect(await vapidKeys({ vapid: given, dataDir }, log)).toEqual(given);
    await expect(stat(path.join(dataDir, 'vapid-keys.json'))).rejects.toThrow();
  });
});
