import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, eachClaimed, FailingItems, ItemsFailed, startWorker, WORKER_MAX_BACKOFF_MS } from './worker.ts';

const log = pino({ level: 'silent' });

describe('backoffDelay', () => {
  it('is the interval after a success, doubles with each failure, and stops at the cap', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5].map((failures) => backoffDelay(1000, failures, 60_000, none))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000,
    ]);
    expect(backoffDelay(1000, 6, 60_000, none)).toBe(60_000);
    expect(backoffDelay(1000, 500, 60_000, none)).toBe(60_000);
    expect(backoffDelay(10_000, 40, WORKER_MAX_BACKOFF_MS, none)).toBe(WORKER_MAX_BACKOFF_MS);
  });

  it('takes up to a quarter off at random, never going below the interval', () => {
    const most = () => 0.999_999;
    expect(backoffDelay(1000, 3, 60_000, most)).toBe(6000);
    expect(backoffDelay(1000, 20, 60_000, () => 0.5)).toBe(52_500);
    expect(backoffDelay(1000, 1, 1000, most)).toBe(1000);
    // An interval above the cap: the interval stands.
    expect(backoffDelay(10_000, 3, 5000, most)).toBe(10_000);
  });
});

describe('startWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs of a worker whose outcome the test decides, with the fake time of each run. */
  function probe(outcomes: boolean[]) {
    const at: number[] = [];
    const start = Date.now();
    const work = async () => {
      at.push(Date.now() - start);
      if (outcomes.shift() === false) throw new Error('down');
    };
    return { at, work };
  }

  it('waits interval × 2^failures after failures in a row, and returns to its interval after a success', async () => {
    const { at, work } = probe([true, false, false, false, true, true]);
    const stop = startWorker('probe', 1000, work, log, { random: () => 0, maxBackoffMs: 60_000 });
    await vi.advanceTimersByTimeAsync(1000 + 1000 + 2000 + 4000 + 8000 + 1000);
    stop();
    // Run 1 ok; 2, 3, 4 fail (waits 2 s, 4 s, 8 s after them); 5 ok; 6 one interval later.
    expect(at).toEqual([1000, 2000, 4000, 8000, 16_000, 17_000]);
  });

  it('keeps trying at the cap while the work keeps failing', async () => {
    const { at, work } = probe(Array.from({ length: 20 }, () => false));
    const stop = startWorker('probe', 1000, work, log, { random: () => 0, maxBackoffMs: 5000 });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 5000 + 5000 + 5000);
    stop();
    expect(at).toEqual([1000, 3000, 7000, 12_000, 17_000, 22_000]);
  });

  it('never starts a run while the last one is still going, and stops for good', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const stop = startWorker(
      'slow',
      100,
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 350));
        running--;
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(most).toBe(1);
    // Each run starts 100 ms after the last one ended: at 100, 550, 1000, 1450 and 1900 ms.
    expect(runs).toBe(5);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(5);
  });

  it('stopping waits for the run in progress to end, and answers at once when none is', async () => {
    let release = () => {};
    let ended = false;
    const stop = startWorker(
      'drain',
      100,
      async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        ended = true;
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    // The run holds on (a transaction midway): the stop does not answer before it ends.
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toBe(true);
    // A stopped worker with nothing running answers at once, and runs no more.
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ended).toBe(true);
  });

  it('a work function that throws before its promise counts as a failed run, not a crash', async () => {
    let calls = 0;
    const stop = startWorker(
      'sync',
      1000,
      () => {
        calls++;
        throw new Error('at once');
      },
      log,
      { random: () => 0 },
    );
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    stop();
    expect(calls).toBe(3);
  });
});

describe('FailingItems and eachClaimed', () => {
  it('holds a failing item for 1, 2, 4 … times the base, and forgets it after a success', () => {
    let now = 0;
    const failing = new FailingItems({ now: () => now, baseMs: 1000, maxMs: 3000, random: () => 0 });
    expect(failing.failed(7)).toBe(1);
    expect(failing.held()).toEqual([7]);
    now = 1000;
    expect(failing.held()).toEqual([]);
    expect(failing.failed(7)).toBe(2);
    now = 2999;
    expect(failing.held()).toEqual([7]);
    now = 3000;
    expect(failing.held()).toEqual([]);
    failing.failed(7);
    now = 5999;
    expect(failing.held()).toEqual([7]); // capped at 3000
    failing.succeeded(7);
    expect(failing.held()).toEqual([]);
    expect(failing.failed(7)).toBe(1);
  });

  it('goes on past an item that fails, then reports it; a failure before any claim ends the run', async () => {
    const failing = new FailingItems({ now: () => 0, random: () => 0 });
    const queue = [1, 2, 3, 4];
    const done: number[] = [];
    const one = async (skip: number[], claimed: (id: number) => void) => {
      const id = queue.find((item) => !skip.includes(item) && !done.includes(item));
      if (id === undefined) return false;
      claimed(id);
      if (id === 2) throw new Error('poison');
      done.push(id);
      return true;
    };
    const error = await eachClaimed('probe', failing, 10, one).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ItemsFailed);
    expect((error as ItemsFailed).failures.map((f) => f.id)).toEqual([2]);
    expect((error as ItemsFailed).done).toBe(3);
    expect(done).toEqual([1, 3, 4]);
    // Held: the next run finds nothing to do and succeeds.
    expect(await eachClaimed('probe', failing, 10, one)).toBe(0);

    const down = new Error('database away');
    await expect(
      eachClaimed('probe', failing, 10, async () => {
        throw down;
      }),
    ).rejects.toBe(down);
  });
});
