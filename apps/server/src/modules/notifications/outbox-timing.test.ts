import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** A row asked for later waits for its time, and a row written once per key is written once (docs/notifications.md). */

let t: TestApp;
const ran: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.services.outbox.handle({
    'test.later': async (payload: unknown) => {
      ran.push(payload);
    },
  });
});
afterAll(() => t.close());

it('runs a row asked for later only once its time has come, and a second write of its key does nothing', async () => {
  const at = new Date(t.clock.now().getTime() + 30_000);
  await t.database.db.transaction(async (tx) => {
    for (const n of [1, 2, 3]) await t.services.outbox.add(tx, 'test.later', { n }, { at, once: 'test:window' });
  });
  // Waiting for its time: not run, and not counted as a backlog.
  await t.services.outbox.settle();
  expect(ran).toEqual([]);
  expect((await t.services.outbox.backlog()).waiting).toBe(0);

  t.clock.advance(30_000);
  expect((await t.services.outbox.backlog()).waiting).toBe(1);
  await t.services.outbox.settle();
  expect(ran).toEqual([{ n: 1 }]);
  // Once run (and deleted), the key is free again for the next window.
  await t.database.db.transaction((tx) => t.services.outbox.add(tx, 'test.later', { n: 4 }, { once: 'test:window' }));
  await t.services.outbox.settle();
  expect(ran).toEqual([{ n: 1 }, { n: 4 }]);
});
