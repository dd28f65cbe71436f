import type { Registration } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createActivity, guest, host, paidTicket, signUp } from './activity-fixtures.ts';
import { createPromo, promoUses } from './promo-fixtures.ts';

let t: TestApp;
let organizer: WalletUser;
let people: WalletUser[];

beforeAll(async () => {
  t = await createTestApp();
  organizer = await host(t, 'organizer@example.com');
  people = [];
  for (let i = 0; i < 50; i++) people.push(await guest(t, `p${i}@example.com`, '20'));
}, 180_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('50 people, a code with 5 uses left', () => {
  it('gives the discount to exactly 5, refuses the other 45 on the code field, and gets the uses back', async () => {
    const activity = await createActivity(t, organizer, { capacity: 100, ...paidTicket('10') });
    await createPromo(t, organizer, activity.id, { code: 'FIVE', kind: 'percent', percentOff: 20, maxUses: 5 });
    const results = await Promise.all(
      people.map((person, index) => signUp(t, person, activity.id, { promoCode: index % 2 ? 'five' : 'FIVE' })),
    );
    const won = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(5);
    expect(won.map((r) => r.attachment)).toEqual(
      won.map(() => expect.objectContaining({ status: 'approved', price: '10', discount: '2', paid: '8' })),
    );
    expect(refused.map((r) => [r.status, r.attachment])).toEqual(
      refused.map(() => [400, [{ field: 'promoCode', message: 'This code has been used up' }]]),
    );
    expect(await promoUses(t, organizer, activity.id)).toEqual({ FIVE: 5 });
    // The refused paid nothing.
    for (const [index, person] of people.entries()) {
      const expected = results[index]!.status === 200 ? '12' : '20';
      expect(await balanceOf(t, person.token, 'USDT')).toMatchObject({ available: expected, frozen: '0' });
    }

    // All five give their tickets back at once: each gets the 8 paid back, and the five uses are free again.
    const winners = won.map((r) => people[results.indexOf(r)]!);
    const cancelled = await Promise.all(
      winners.map((person) =>
        t.call<Registration>('POST', '/activity/signup/cancel', {
          token: person.token,
          body: { activityId: activity.id },
        }),
      ),
    );
    expect(cancelled.map((r) => [r.status, r.attachment.refunded])).toEqual(winners.map(() => [200, '8']));
    expect(await promoUses(t, organizer, activity.id)).toEqual({ FIVE: 0 });

    // 50 again at once: still exactly five.
    const again = await Promise.all(people.map((person) => signUp(t, person, activity.id, { promoCode: 'Five' })));
    expect(again.filter((r) => r.status === 200)).toHaveLength(5);
    expect(await promoUses(t, organizer, activity.id)).toEqual({ FIVE: 5 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 180_000);
});
