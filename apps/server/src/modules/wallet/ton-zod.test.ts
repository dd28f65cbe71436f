import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TonClient4 } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The root package.json overrides @ton/ton's `zod ^3` with the project's zod 4 (one zod in the tree; docs/deploy.md,
// "Runtime"). @ton/ton validates every TON API answer with zod: this proves its codecs still build and parse on
// zod 4, against a local endpoint answering whatever the test puts in `body`.
let body: unknown;
const server = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
});
let client: TonClient4;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  client = new TonClient4({ endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => {
  server.close();
});

describe('@ton/ton on zod 4', () => {
  const last = { seqno: 7, shard: '-9223372036854775808', workchain: -1, fileHash: 'f', rootHash: 'r' };

  it('parses a well-formed answer and strips unknown keys, as on zod 3', async () => {
    body = { last, init: { fileHash: 'f0', rootHash: 'r0' }, stateRootHash: 's', now: 1_700_000_000, extra: true };
    expect(await client.getLastBlock()).toEqual({
      last,
      init: { fileHash: 'f0', rootHash: 'r0' },
      stateRootHash: 's',
      now: 1_700_000_000,
    });
  });

  it('rejects a malformed answer through its own error path (error.format())', async () => {
    body = { last: { ...last, seqno: 'seven' }, init: {}, now: 'later' };
    await expect(client.getLastBlock()).rejects.toThrow(/^Mailformed response/);
  });

  it('parses a union answer by its literal discriminant', async () => {
    body = { exist: false };
    // `{ exist: false }` matched the union's first member; the client turns it into its "out of scope" error.
    await expect(client.getBlock(1)).rejects.toThrow('Block is out of scope');
  });
});
