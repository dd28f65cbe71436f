import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solveCaptcha } from '../../test/captcha.ts';
import { httpClient } from '../../test/http-client.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';

/**
 * Two real server processes on one PostgreSQL: a captcha solution is single use across the fleet, whichever
 * process issued its challenge and whichever ones receive it.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  await processes.createDatabase();
  [a, b] = await Promise.all([processes.start(), processes.start()]);
}, 120_000);

afterAll(async () => {
  await processes.close();
});

describe('a captcha solution across processes', () => {
  it('is accepted by exactly one of 200 simultaneous uses split between two processes', async () => {
    const clientA = httpClient(a.baseUrl, a.dataDir);
    const clientB = httpClient(b.baseUrl, b.dataDir);
    const captcha = await solveCaptcha(clientA.call);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? clientA : clientB).call('POST', '/user/vcode/send', {
          body: { email: `fleet${i}@example.com`, purpose: 'signup', captcha },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(199);
  });

  it('lets the fixtures sign people up through either process', async () => {
    const account = await httpClient(b.baseUrl, b.dataDir).register('fleet-joiner@example.com');
    expect(account.token).toBeTruthy();
  });
});
