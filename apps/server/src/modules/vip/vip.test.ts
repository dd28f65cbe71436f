import {
  toScaled,
  type UserInfo,
  type VipMembership,
  type VipOrder,
  type VipPurchase,
  type VipTier,
  type VipTierDetail,
} from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { endDateText, PERIOD_MS, upgradePrice } from './rules.ts';

/** Membership through the API: tiers, buying, renewing, upgrading, expiry, races and refusals, and the money. */

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'vip-alice@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const buy = (user: WalletUser, body: Record<string, unknown>) =>
  t.call<VipPurchase>('POST', '/uservip/buyVip', {
    token: user.token,
    body: { tradePassword: user.trade, idempotencyKey: newKey(), ...body },
  });
const renew = (user: WalletUser, body: Record<string, unknown>) =>
  t.call<VipPurchase>('POST', '/uservip/renew', {
    token: user.token,
    body: { tradePassword: user.trade, idempotencyKey: newKey(), ...body },
  });
const current = async (user: WalletUser) =>
  (await t.call<{ vip: VipMembership | null }>('GET', '/uservip/queryUserCurrentVip', { token: user.token })).attachment
    .vip;
const available = async (user: WalletUser) => (await balanceOf(t, user.token, 'USDT')).available;
const orders = async (user: WalletUser) =>
  (await t.call<{ items: VipOrder[] }>('GET', '/uservip/queryList', { token: user.token })).attachment.items;
async function revenue(): Promise<string> {
  const found = await query<{ available: string }>(
    t.database.db,
    sql`select available::text from accounts where system_code = 'vip_revenue' and asset_code = 'USDT'`,
  );
  return found.rows[0]?.available ?? '0';
}
async function funded(email: string, amount: string) {
  const user = await walletUser(t, email);
  await deposit(t, email, 'USDT', 'BSC', amount);
  return user;
}

describe('the tiers', () => {
  it('lists Plus, Pro and Max with their prices per month and year and their perks', async () => {
    const list = await t.call<{ items: VipTier[] }>('GET', '/vipinfo/queryList');
    expect(list.attachment.items).toEqual([
      {
        code: 'plus',
        rank: 1,
        asset: 'USDT',
        priceMonth: '9.9',
        priceYear: '99',
        redPacketMultiplier: 2,
        withdrawFeeDiscount: 10,
      },
      {
        code: 'pro',
        rank: 2,
        asset: 'USDT',
        priceMonth: '29.9',
        priceYear: '299',
        redPacketMultiplier: 5,
        withdrawFeeDiscount: 25,
      },
      {
        code: 'max',
        rank: 3,
        asset: 'USDT',
        priceMonth: '99',
        priceYear: '990',
        redPacketMultiplier: 10,
        withdrawFeeDiscount: 50,
      },
    ]);
    const one = await t.call<VipTierDetail>('GET', '/vipinfo/query', { query: { tier: 'pro' } });
    expect(one.attachment).toMatchObject({ code: 'pro', priceMonth: '29.9', upgradePrice: null });
  });

  it('answers an unknown tier with a clear message', async () => {
    const one = await t.call('GET', '/vipinfo/query', { query: { tier: 'gold' } });
    expect(one.status).toBe(400);
  });
});

describe('buying, renewing and upgrading', () => {
  let endsAt: string;

  it('buys Plus for a month: the price goes to vip_revenue and the tier is current in user info', async () => {
    expect(await current(alice)).toBeNull();
    const bought = await buy(alice, { tier: 'plus', period: 'month' });
    expect(bought.status).toBe(200);
    expect(bought.attachment.order).toMatchObject({ kind: 'buy', tier: 'plus', period: 'month', amount: '9.9' });
    expect(bought.attachment.vip).toMatchObject({ tier: 'plus', status: 'active' });
    endsAt = bought.attachment.vip.endsAt;
    expect(new Date(endsAt).getTime() - new Date(bought.attachment.vip.startsAt).getTime()).toBe(PERIOD_MS.month);
    expect(await available(alice)).toBe('990.1');
    expect(await revenue()).toBe('9900000');
    const info = await t.call<UserInfo>('GET', '/user/info', { token: alice.token });
    expect(info.attachment.vip).toEqual(bought.attachment.vip);
    expect(await current(alice)).toEqual(bought.attachment.vip);
  });

  it('renews by adding a month to the end; a repeat under the same key answers the first result and charges once', async () => {
    const renewBody = { tier: 'plus', period: 'month', endsAt, idempotencyKey: newKey() };
    const [first, second] = await Promise.all([renew(alice, renewBody), renew(alice, renewBody)]);
    expect(first.status).toBe(200);
    expect(second.attachment).toEqual(first.attachment);
    expect(await available(alice)).toBe('980.2');
    expect(first.attachment.vip.endsAt).toBe(new Date(new Date(endsAt).getTime() + PERIOD_MS.month).toISOString());
    endsAt = first.attachment.vip.endsAt;
  });

  it('refuses buying the tier one already has while it runs, changing nothing', async () => {
    const same = await buy(alice, { tier: 'plus', period: 'year' });
    expect(same.status).toBe(409);
    expect(same.msg).toContain('renew');
    // The end date reads as a date in the member's language, not as an ISO timestamp; the attachment keeps it exact.
    expect(same.msg).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(same.msg).toContain(endDateText(new Date(endsAt), 'en'));
    expect(same.attachment).toEqual({ endsAt });
    const hant = await t.call('POST', '/uservip/buyVip', {
      token: alice.token,
      locale: 'zh_HK',
      body: { tier: 'plus', period: 'year', tradePassword: alice.trade, idempotencyKey: newKey() },
    });
    expect(hant.msg).toContain(endDateText(new Date(endsAt), 'zh-Hant'));
    expect(hant.msg).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    expect(await available(alice)).toBe('980.2');
  });

  it('refuses a renewal that names an end the membership no longer has', async () => {
    const stale = await renew(alice, { tier: 'plus', period: 'month', endsAt: new Date(Date.now()).toISOString() });
    expect(stale.status).toBe(409);
    expect(stale.msg).toContain('nothing was charged');
    expect((await current(alice))?.endsAt).toBe(endsAt);
    expect(await available(alice)).toBe('980.2');
  });

  it('upgrades to Pro for the monthly difference over the days left, charging exactly the quoted figure', async () => {
    const quote = await t.call<VipTierDetail>('GET', '/vipinfo/query', { query: { tier: 'pro' }, token: alice.token });
    const quoted = quote.attachment.upgradePrice!;
    // About 60 days left: (29.9 - 9.9) × 60 / 30 = 40 USDT, in whole cents (never 39.999999).
    expect(quoted).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(toScaled(quoted, 6) % 10_000n).toBe(0n);
    // A figure other than the server's charges nothing.
    const before = await revenue();
    const stale = await buy(alice, { tier: 'pro', period: 'month', price: '39.99' });
    expect(stale.status).toBe(409);
    expect(stale.msg).toContain(`now costs ${quoted} USDT`);
    expect(stale.attachment).toEqual({ price: quoted, asset: 'USDT' });
    expect(await revenue()).toBe(before);
    // Hours later the same day the quote still holds, and it is what the ledger takes.
    t.clock.advance(2 * 3_600_000);
    const upgraded = await buy(alice, { tier: 'pro', period: 'month', price: quoted });
    expect(upgraded.status).toBe(200);
    const { order, vip } = upgraded.attachment;
    expect(vip).toMatchObject({ tier: 'pro', status: 'active', endsAt });
    expect(order).toMatchObject({ kind: 'upgrade', tier: 'pro', period: null, amount: quoted });
    expect(BigInt(await revenue()) - BigInt(before)).toBe(toScaled(quoted, 6));
    const expected = upgradePrice({
      fromMonth: 9_900_000n,
      toMonth: 29_900_000n,
      endsAt: new Date(endsAt),
      now: new Date(order.createdAt),
      asset: 'USDT',
      decimals: 6,
    });
    expect(expected).toBe(toScaled(quoted, 6));
    const lower = await buy(alice, { tier: 'plus', period: 'month' });
    expect(lower.status).toBe(409);
    expect(lower.msg).toContain('higher tier');
    // A renewal confirmed on the Plus price before the upgrade landed is refused, not charged at Pro's.
    const late = await renew(alice, { tier: 'plus', period: 'month', endsAt });
    expect(late.status).toBe(409);
    expect(late.msg).toContain('nothing was charged');
    expect(BigInt(await revenue()) - BigInt(before)).toBe(expected);
  });

  it('lists the purchases newest first, and the wallet records name them', async () => {
    expect((await orders(alice)).map((order) => order.kind)).toEqual(['upgrade', 'renew', 'buy']);
    const records = await t.call<{ items: { kind: string; type: string; amount: string }[] }>(
      'GET',
      '/wallet/records',
      {
        token: alice.token,
        query: { asset: 'USDT' },
      },
    );
    expect(records.attachment.items.filter((record) => record.kind.startsWith('vip_'))).toMatchObject([
      { kind: 'vip_upgrade', type: 'other' },
      { kind: 'vip_renew', type: 'other', amount: '-9.9' },
      { kind: 'vip_buy', type: 'other', amount: '-9.9' },
    ]);
  });
});

describe('refusals that change nothing', () => {
  it('refuses a wrong trade password, an unknown period, a renewal without a membership, and too little money', async () => {
    const bob = await funded('vip-bob@example.com', '5');
    const wrong = await buy(bob, { tier: 'plus', period: 'month', tradePassword: 'f'.repeat(64) });
    expect(wrong.status).not.toBe(200);
    expect((await buy(bob, { tier: 'plus', period: 'week' })).status).toBe(400);
    expect((await buy(bob, { tier: 'gold', period: 'month' })).status).toBe(400);
    const nothing = await renew(bob, { tier: 'plus', period: 'month', endsAt: new Date().toISOString() });
    expect(nothing.status).toBe(404);
    const poor = await buy(bob, { tier: 'plus', period: 'month' });
    expect(poor.status).toBe(400);
    expect(await current(bob)).toBeNull();
    expect(await available(bob)).toBe('5');
    expect(await orders(bob)).toEqual([]);
  });
});

describe('races', () => {
  it('twenty buys at once under different keys make one membership and one charge', async () => {
    const erin = await funded('vip-erin@example.com', '1000');
    const before = BigInt(await revenue());
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(erin, { tier: 'plus', period: 'month' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await available(erin)).toBe('990.1');
    expect(BigInt(await revenue()) - before).toBe(9_900_000n);
    expect(await orders(erin)).toHaveLength(1);
  });
});

describe('the red packet perk', () => {
  const send = (user: WalletUser, amount: string) =>
    t.call('POST', '/redpacket/send', {
      token: user.token,
      body: {
        kind: 'share',
        asset: 'USDT',
        amount,
        count: 2,
        validity: 1,
        validityUnit: 'day',
        tradePassword: user.trade,
        idempotencyKey: newKey(),
      },
    });

  it('lets a Plus member send twice the asset’s red packet maximum, and no more', async () => {
    const carol = await funded('vip-carol@example.com', '20100');
    const plain = await send(carol, '10001');
    expect(plain.status).toBe(400);
    expect(plain.msg).toContain('10000');
    expect((await buy(carol, { tier: 'plus', period: 'month' })).status).toBe(200);
    const above = await send(carol, '20000.01');
    expect(above.status).toBe(400);
    expect(above.msg).toContain('20000');
    expect((await send(carol, '15000')).status).toBe(200);
  });
});

describe('the withdrawal fee perk', () => {
  const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const preview = async (user: WalletUser) =>
    (
      await t.call<{ fee: string }>('POST', '/wallet/transfer/preview', {
        token: user.token,
        body: { asset: 'USDT', to: EVM_ADDRESS, chainId: 201 },
      })
    ).attachment.fee;

  it('takes a quarter off a Pro member’s withdrawal fee, in the preview and in what is charged', async () => {
    // Alice is Pro (upgraded above); BSC's USDT fee is 0.3 for everyone else.
    const frank = await funded('vip-frank@example.com', '50');
    expect(await preview(frank)).toBe('0.3');
    expect(await preview(alice)).toBe('0.225');
    const sent = await t.call<{ fee: string; amount: string }>('POST', '/wallet/transfer', {
      token: alice.token,
      body: {
        asset: 'USDT',
        amount: '20',
        to: EVM_ADDRESS,
        chainId: 201,
        tradePassword: alice.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.attachment).toMatchObject({ fee: '0.225', amount: '20' });
    const rows = await query<{ amount: string; fee: string }>(
      t.database.db,
      sql`select amount::text, fee::text from withdrawals order by id desc limit 1`,
    );
    expect(rows.rows[0]).toEqual({ amount: '19775000', fee: '225000' });
  });
});

describe('expiry', () => {
  let dave: WalletUser;

  it('ends the perks at the end, and the worker marks each membership expired once however many run', async () => {
    dave = await funded('vip-dave@example.com', '100');
    expect((await buy(dave, { tier: 'plus', period: 'month' })).status).toBe(200);
    // A month gone by, for the three who bought one (moving the app's clock would end the sessions too).
    await t.database.db.execute(sql`
      update vip_memberships set starts_at = starts_at - interval '31 days', ends_at = ends_at - interval '31 days'
      where user_id in (select id from users where email in ('vip-dave@example.com', 'vip-erin@example.com', 'vip-carol@example.com'))`);
    expect(await current(dave)).toMatchObject({ tier: 'plus', status: 'expired' });
    expect((await t.call<UserInfo>('GET', '/user/info', { token: dave.token })).attachment.vip?.status).toBe('expired');
    const vip = t.app.services.vip;
    const runs = await Promise.all([vip.expireDue(), vip.expireDue()]);
    // Dave, Erin and Carol bought a month; Alice's runs a month longer.
    expect(runs[0]!.expired + runs[1]!.expired).toBe(3);
    expect((await vip.expireDue()).expired).toBe(0);
    const rows = await query<{ status: string }>(
      t.database.db,
      sql`select status from vip_memberships order by user_id`,
    );
    expect(rows.rows.map((row) => row.status).sort()).toEqual(['active', 'expired', 'expired', 'expired']);
  });

  it('renews an expired membership from now; the same renewal twice at once charges once and tells the second', async () => {
    const seen = (await current(dave))!;
    const [a, b] = await Promise.all([
      renew(dave, { tier: 'plus', period: 'month', endsAt: seen.endsAt }),
      renew(dave, { tier: 'plus', period: 'month', endsAt: seen.endsAt }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect(lost.msg).toContain('nothing was charged');
    expect(won.attachment.vip.status).toBe('active');
    expect(new Date(won.attachment.vip.endsAt).getTime() - new Date(won.attachment.order.createdAt).getTime()).toBe(
      PERIOD_MS.month,
    );
    expect(await available(dave)).toBe('80.2');
    expect((await orders(dave)).map((order) => order.kind)).toEqual(['renew', 'buy']);
  });
});
