import type { VipPurchase } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { noticesOf, screenOf, userIdOf } from '../../test/notice-inbox.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { EXPIRING_NOTICE_MS } from './events.ts';

/** What membership tells its member (docs/notifications.md, "Events: bounties, membership, security"): renewed after each purchase, ending soon once. */

let t: TestApp;

beforeAll(async () => {
  // The clock moves past a month here: sessions outlive it.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365' } });
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function funded(email: string, amount = '1000') {
  const user = await walletUser(t, email);
  await deposit(t, email, 'USDT', 'BSC', amount);
  return user;
}
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
/** How notices write a date, in the reader's language: `27 Nov 2026, 14:00 (UTC)`, `2026年11月27日 下午2:00 (UTC)`. */
const noticeDate = (iso: string, locale = 'en-GB') =>
  `${new Date(iso).toLocaleString(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} (UTC)`;

describe('renewed', () => {
  it('tells the member the tier and its new end after a purchase and a renewal, once per order, and refreshes their screens', async () => {
    const amy = await funded('vipn-amy@example.com');
    const screen = await screenOf(t, await userIdOf(t, amy.token));
    const bought = await buy(amy, { tier: 'plus', period: 'month' });
    expect(bought.status).toBe(200);
    await screen.changed('membership');
    await screen.changed('wallet');

    const key = newKey();
    const body = { tier: 'plus', period: 'year', endsAt: bought.attachment.vip.endsAt, idempotencyKey: key };
    const renewed = await renew(amy, body);
    expect(renewed.status).toBe(200);
    // The same request again (a retry under its key) is answered as before and tells nobody again.
    const replay = await renew(amy, body);
    expect(replay.attachment).toEqual(renewed.attachment);

    const told = await noticesOf(t, amy.token, 'membershipRenewed');
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({
      category: 'membership',
      title: 'Membership renewed',
      body: `PLUS now runs until ${noticeDate(renewed.attachment.vip.endsAt)}.`,
      link: '/pages/my/vip/index',
    });
    expect(told[1]!.body).toBe(`PLUS now runs until ${noticeDate(bought.attachment.vip.endsAt)}.`);
    const zh = await noticesOf(t, amy.token, 'membershipRenewed', 'zh_TW');
    expect(zh[0]).toMatchObject({
      title: '會員已續費',
      body: `PLUS 有效至 ${noticeDate(renewed.attachment.vip.endsAt, 'zh-TW')}。`,
    });
    await screen.stop();
  });
});

describe('expiring soon', () => {
  it('tells each member once, three days before the end, even with two runs at once; a renewal starts a new period', async () => {
    const ben = await funded('vipn-ben@example.com');
    const cy = await funded('vipn-cy@example.com');
    const first = await buy(ben, { tier: 'pro', period: 'month' });
    await buy(cy, { tier: 'plus', period: 'month' });
    const endsAt = new Date(first.attachment.vip.endsAt).getTime();

    // Four days before the end: nobody yet.
    t.clock.advance(endsAt - t.clock.now().getTime() - 4 * 86_400_000);
    await t.services.vip.announceExpiring();
    expect(await noticesOf(t, ben.token, 'membershipExpiring')).toHaveLength(0);

    t.clock.advance(EXPIRING_NOTICE_MS / 3 + 60_000); // just under three days before the end
    const runs = await Promise.all([t.services.vip.announceExpiring(), t.services.vip.announceExpiring()]);
    expect(runs[0].announced + runs[1].announced).toBeGreaterThanOrEqual(2);
    // Everyone told: nothing is due any more.
    expect(await t.services.vip.announceExpiring()).toEqual({ announced: 0 });

    const told = await noticesOf(t, ben.token, 'membershipExpiring');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'membership',
      title: 'Your membership ends soon',
      body: `PRO ends ${noticeDate(first.attachment.vip.endsAt)}. Renew to keep its perks.`,
      link: '/pages/my/vip/index',
    });
    const zh = await noticesOf(t, cy.token, 'membershipExpiring', 'zh_CN');
    expect(zh).toHaveLength(1);
    expect(zh[0]!.title).toBe('你的会员即将到期');

    // Renewed: the new period's end is told again when it nears (a new key), the old one never again.
    const renewed = await renew(ben, { tier: 'pro', period: 'month', endsAt: first.attachment.vip.endsAt });
    expect(renewed.status).toBe(200);
    await t.services.vip.announceExpiring();
    expect(await noticesOf(t, ben.token, 'membershipExpiring')).toHaveLength(1);
    t.clock.advance(new Date(renewed.attachment.vip.endsAt).getTime() - t.clock.now().getTime() - 86_400_000);
    await t.services.vip.announceExpiring();
    const again = await noticesOf(t, ben.token, 'membershipExpiring');
    expect(again).toHaveLength(2);
    expect(again[0]!.body).toBe(`PRO ends ${noticeDate(renewed.attachment.vip.endsAt)}. Renew to keep its perks.`);
  });
});
