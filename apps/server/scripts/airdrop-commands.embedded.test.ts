import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceServer } from '../src/platform/server-file.ts';
import { runCommandInProcess } from '../src/test/in-process-command.ts';
import { commandApp, runCommand, signedUpUser } from './command-runner.ts';

let dataDir: string;
let stop: () => Promise<void>;

/**
 * Runs an operator command while the server runs (the commands find it through server.json and call it over HTTP),
 * as its own process (`npx tsx`). Each such process spends seconds of CPU importing the server, so one run per
 * script proves its wiring and `inProcess` runs the same script in this process for the other cases.
 */
const command = (script: string, args: string[] = []) => runCommand(script, args, { dataDir });
const inProcess = (script: string, args: string[] = []) => runCommandInProcess(script, args, { dataDir });

/** A running server with a registered user and one pending listing application, made through the real routes. */
beforeAll(async () => {
  const made = await commandApp('polaris-air-cli-');
  dataDir = made.dataDir;
  const { app, database } = made;
  const token = await signedUpUser(app, dataDir, 'project@example.com');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const upload = await app.inject({
    method: 'POST',
    url: '/rest/polarisex/shelves-coin/logo/upload',
    headers: { token, 'content-type': 'multipart/form-data; boundary=b' },
    payload: Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\n\r\n'),
      png,
      Buffer.from('\r\n--b--\r\n'),
    ]),
  });
  const logoImageId = (upload.json() as { attachment: { id: string } }).attachment.id;
  const applied = await app.inject({
    method: 'POST',
    url: '/rest/polarisex/shelves-coin/apply',
    headers: { token },
    payload: {
      name: 'Command Token',
      symbol: 'CMDT',
      chainId: 201,
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      logoImageId,
      website: 'https://cmd.example.org',
      whitepaper: 'https://cmd.example.org/paper',
      contact: 'cmd@example.org',
      description: 'From the command test',
    },
  });
  expect(applied.json()).toMatchObject({ status: 200 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const withdraw = await announceServer(dataDir, {
    port: (app.server.address() as { port: number }).port,
    database: 'pglite',
  });
  stop = async () => {
    await withdraw();
    await app.close();
    await database.close();
  };
}, 60_000);
afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('airdrop and listing operator commands', () => {
  it('airdrop:create funds an airdrop and answers its usage; listing:pending shows the application', async () => {
    const [made, usage, pending] = await Promise.all([
      command('airdrop-create.ts', [
        ...['--project', 'CLI drop', '--asset', 'USDT', '--mode', 'prorata', '--pool', '500'],
        ...['--starts', 'now', '--ends', '+2d', '--distribute', '+3d'],
      ]),
      inProcess('airdrop-create.ts', ['--project', 'x']),
      inProcess('listing.ts', ['pending']),
    ]);
    expect(made.out).toContain('Airdrop #1 created: 500 USDT moved into its pool from outside (chain clearing).');
    expect(made.code).toBe(0);
    expect(usage.code).toBe(2);
    expect(pending.out).toContain('#1  CMDT (Command Token) on BNB Smart Chain');
  }, 180_000);

  it('listing:approve puts it in the catalogue; a second review is refused; listing:network turns deposits on', async () => {
    const approved = await command('listing.ts', ['approve', '--id', '1', '--decimals', '18']);
    expect(approved.out).toContain('Application #1 approved');
    expect(approved.code).toBe(0);
    const [again, network] = await Promise.all([
      inProcess('listing.ts', ['reject', '--id', '1']),
      inProcess('listing.ts', ['network', '--asset', 'CMDT', '--chain', '201', '--deposit', 'on']),
    ]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('This application has already been reviewed');
    expect(network.out).toContain('CMDT on chain 201: deposits on, withdrawals off.');
  }, 180_000);
});
