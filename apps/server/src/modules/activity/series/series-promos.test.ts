import type { Activity, PromoCheck, Series, SeriesPromoCreateResult } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { createTestApp } from '../../../test/app.ts';
import type { WalletUser } from '../../../test/wallet-fixtures.ts';
import { closeCheckingLedger, createActivity, DAY, guest, HOUR, host, signUp } from '../activity-fixtures.ts';
import { createPromo, promoUses } from '../promo-fixtures.ts';

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;
let gina: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365' } });
  olivia = await host(t, 'olivia@example.com');
  cohost = await host(t, 'cohost@example.com');
  gina = await guest(t, 'gina@example.com', '50');
});
afterAll(() => closeCheckingLedger(t));

async function ok<T>(method: 'GET' | 'POST', path: string, user: WalletUser, input: Record<string, unknown>) {
  const result = await t.call<T>(method, path, {
    token: user.token,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  expect(result.status, `${path}: ${result.msg} ${JSON.stringify(result.attachment)}`).toBe(200);
  return result.attachment;
}

const detail = (id: string, user: WalletUser = olivia) => ok<Activity>('GET', '/activity/detail', user, { id });
const seriesOf = (id: string) => ok<Series>('GET', '/activity/series', olivia, { id });
const typeId = (activity: Activity, name: string) => activity.ticketTypes.find((type) => type.name === name)!.id;
const check = (user: WalletUser, activityId: string, code: string) =>
  t.call<PromoCheck>('POST', '/activity/promo/check', { token: user.token, body: { activityId, code } });

/** A weekly series of Olivia's, Standard at 10 USDT and a hidden free Speaker type; answers its dates' ids. */
async function weekly(title: string) {
  const start = Math.floor((t.clock.now().getTime() + 3 * DAY) / 60_000) * 60_000;
  const first = await createActivity(t, olivia, {
    title,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * HOUR).toISOString(),
    coHosts: [cohost.uid],
    ticketTypes: [
      { name: 'Standard', price: '10', asset: 'USDT' },
      { name: 'Speaker', hidden: true },
    ],
  });
  const made = await ok<Series>('POST', '/activity/series/create', olivia, {
    activityId: first.id,
    frequency: 'weekly',
    count: 20,
  });
  return { seriesId: made.id, codes: made.upcoming.map((date) => date.activityId) };
}

describe('promo codes for a series', () => {
  it('keeps a hidden ticket type hidden on every date the series makes', async () => {
    const { codes } = await weekly('Hidden Types Weekly');
    for (const code of codes.slice(1, 3)) {
      expect((await detail(code, gina)).ticketTypes.map((type) => type.name)).toEqual(['Standard']);
      expect((await detail(code)).ticketTypes.map((type) => [type.name, type.hidden])).toEqual([
        ['Standard', false],
        ['Speaker', true],
      ]);
    }
  });

  it('makes the code on this date and every later one, each with uses of its own, and on dates made later', async () => {
    const { seriesId, codes } = await weekly('Speakers Weekly');
    const second = await detail(codes[1]!);
    const made = await ok<SeriesPromoCreateResult>('POST', '/activity/series/promoCreate', olivia, {
      activityId: codes[1],
      code: 'Speaker',
      kind: 'free',
      ticketTypeIds: [typeId(second, 'Speaker')],
      maxUses: 2,
    });
    expect(made).toMatchObject({ promo: { code: 'Speaker', kind: 'free', maxUses: 2, uses: 0 }, skipped: [] });
    expect(made.dates).toBe(codes.length - 1);
    // The date before it has no such code.
    expect(await promoUses(t, olivia, codes[0]!)).toEqual({});
    expect((await check(gina, codes[0]!, 'speaker')).attachment).toMatchObject([{ field: 'code' }]);

    // On a later date the code shows that date's own Speaker type, and its uses are that date's.
    const fourth = await detail(codes[3]!);
    const unlocked = await check(gina, codes[3]!, 'SPEAKER');
    expect(unlocked.attachment).toMatchObject({
      code: 'Speaker',
      unlocked: [{ id: typeId(fourth, 'Speaker'), name: 'Speaker', hidden: true }],
    });
    const seat = await signUp(t, gina, codes[3]!, { ticketTypeId: typeId(fourth, 'Speaker'), promoCode: 'speaker' });
    expect(seat.attachment).toMatchObject({ status: 'approved' });
    expect(await promoUses(t, olivia, codes[3]!)).toEqual({ Speaker: 1 });
    expect(await promoUses(t, olivia, codes[4]!)).toEqual({ Speaker: 0 });

    // A date the worker makes later gets the code when it is made.
    t.clock.advance(7 * DAY);
    await t.services.activity.series.generateDue();
    const next = (await seriesOf(seriesId)).upcoming.at(-1)!;
    expect(codes).not.toContain(next.activityId);
    const newest = await detail(next.activityId);
    expect((await check(gina, next.activityId, 'speaker')).attachment).toMatchObject({
      unlocked: [{ id: typeId(newest, 'Speaker') }],
    });
    expect(await promoUses(t, olivia, next.activityId)).toEqual({ Speaker: 0 });
  });

  it('names the later dates that had the code already, and is for the organizer only', async () => {
    const { codes } = await weekly('Taken Weekly');
    await createPromo(t, olivia, codes[3]!, { code: 'MEETUP10', kind: 'percent', percentOff: 10 });
    const made = await ok<SeriesPromoCreateResult>('POST', '/activity/series/promoCreate', olivia, {
      activityId: codes[1],
      code: 'meetup10',
      kind: 'percent',
      percentOff: 20,
      maxUses: 5,
    });
    expect(made.skipped).toEqual([codes[3]]);
    expect(made.dates).toBe(codes.length - 2);

    // Taken on this date: refused on the code field, nothing made anywhere.
    const again = await t.call('POST', '/activity/series/promoCreate', {
      token: olivia.token,
      body: { activityId: codes[2], code: 'MEETUP10', kind: 'free', maxUses: 1 },
    });
    expect(again).toMatchObject({ status: 409, attachment: [{ field: 'code' }] });

    const byCohost = await t.call('POST', '/activity/series/promoCreate', {
      token: cohost.token,
      body: { activityId: codes[1], code: 'COHOST', kind: 'free', maxUses: 1 },
    });
    expect(byCohost.status).toBe(403);
    expect(await promoUses(t, olivia, codes[1]!)).toEqual({ meetup10: 0 });

    const lone = await createActivity(t, olivia, { title: 'Not a series' });
    const notSeries = await t.call('POST', '/activity/series/promoCreate', {
      token: olivia.token,
      body: { activityId: lone.id, code: 'LONE', kind: 'free', maxUses: 1 },
    });
    expect(notSeries).toMatchObject({ status: 404 });
    expect(await promoUses(t, olivia, lone.id)).toEqual({});
  });

  it('gives the code to a date made while it is being made', async () => {
    const { seriesId, codes } = await weekly('Racing Weekly');
    t.clock.advance(14 * DAY);
    // The worker makes the next two dates while the organizer makes the code for every later date.
    const [, made] = await Promise.all([
      t.services.activity.series.generateDue(),
      ok<SeriesPromoCreateResult>('POST', '/activity/series/promoCreate', olivia, {
        activityId: codes.at(-1),
        code: 'RACE',
        kind: 'percent',
        percentOff: 50,
        maxUses: 3,
      }),
    ]);
    expect(made.skipped).toEqual([]);
    const upcoming = (await seriesOf(seriesId)).upcoming;
    const after = upcoming.slice(upcoming.findIndex((date) => date.activityId === codes.at(-1)));
    expect(after.length).toBeGreaterThan(2);
    for (const date of after) expect(await promoUses(t, olivia, date.activityId)).toEqual({ RACE: 0 });
  });
});
