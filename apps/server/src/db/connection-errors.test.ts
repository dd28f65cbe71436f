import { type AddressInfo, createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './client.ts';

describe('which database errors answer 503', () => {
  it('counts a pool that found no free connection in time, as pg-pool reports it', async () => {
    // A server that takes the connection and never answers: the pool's wait ends in pg-pool's own timeout error.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const pool = new pg.Pool({ host: '127.0.0.1', port, max: 1, connectionTimeoutMillis: 50 });
    const failureOf = () =>
      pool.connect().then(
        () => null,
        (failure: unknown) => failure as Error,
      );
    // The first caller's connection times out while it is opened; the second waits for the only slot, in vain.
    const [opening, waiting] = await Promise.all([failureOf(), failureOf()]);
    await pool.end();
    silent.close();
    expect(opening?.message).toBe('Connection terminated due to connection timeout');
    expect(waiting?.message).toBe('timeout exceeded when trying to connect');
    expect(isConnectionLoss(opening)).toBe(true);
    expect(isConnectionLoss(waiting)).toBe(true);
  });

  it('counts lost and refused connections, and not a wrong query', () => {
    expect(isConnectionLoss(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionLoss(new Error('duplicate key value'))).toBe(false);
  });
});
