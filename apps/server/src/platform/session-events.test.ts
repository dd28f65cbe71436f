import { describe, expect, it } from 'vitest';
import type { RealtimeBus } from './realtime.ts';
import { SessionEvents, type SessionsEnded } from './session-events.ts';

/** A bus that takes announcements and brings them back only when told: Redis, slow under load. */
function slowBus() {
  const handlers = new Set<(payload: string) => void>();
  const held: string[] = [];
  const bus: RealtimeBus = {
    publish: async (_channel, payload) => {
      held.push(payload);
    },
    subscribe: async (_channel, handler) => {
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
      };
    },
    close: async () => {},
  };
  const deliver = () => {
    for (const payload of held.splice(0)) for (const handler of handlers) handler(payload);
  };
  return { bus, deliver };
}

describe('session announcements', () => {
  it("tell this process's holders before `ended` returns, whatever the bus takes; the bus's copy comes too", async () => {
    const { bus, deliver } = slowBus();
    const events = new SessionEvents({ bus, scope: 'test' });
    const heard: SessionsEnded[] = [];
    const stop = await events.subscribe((event) => heard.push(event));
    await events.ended({ sessionIds: [7] });
    expect(heard).toEqual([{ sessionIds: [7] }]);
    // Other processes hear it through the bus, and so does this one, again (every holder is idempotent).
    deliver();
    expect(heard).toEqual([{ sessionIds: [7] }, { sessionIds: [7] }]);

    await stop();
    await events.ended({ userId: 3 });
    deliver();
    expect(heard).toHaveLength(2);
  });

  it('tells the other holders when one throws, and reports the error', async () => {
    const { bus } = slowBus();
    const errors: unknown[] = [];
    const events = new SessionEvents({ bus, scope: 'test', onError: (error) => errors.push(error) });
    await events.subscribe(() => {
      throw new Error('holder failed');
    });
    const heard: SessionsEnded[] = [];
    await events.subscribe((event) => heard.push(event));
    await events.ended({ userId: 3 });
    expect(errors).toHaveLength(1);
    expect(heard).toEqual([{ userId: 3 }]);
  });
});
