import { hashLoginPassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const check = (user: WalletUser) =>
  t.call<Record<string, unknown>>('GET', '/user/deleteAccount/check', { token: user.token });
async function mailedCode(user: WalletUser) {
  const sent = await t.call('POST', '/user/deleteAccount/vcode', { token: user.token });
  expect(sent.status).toBe(200);
  return (await t.code(user.email))!;
}
const remove = (user: WalletUser, body: Record<string, unknown>) =>
  t.call('POST', '/user/deleteAccount', {
    token: user.token,
    body: { password: hashLoginPassword('abc12345'), vcode: '000000', ...body },
  });
const signin = (email: string) =>
  t.call('POST', '/user/signin', { body: { email, password: hashLoginPassword('abc12345') } });

describe('deleting an account', () => {
  it('refuses while money is left, lists it, and changes nothing', async () => {
    const amy = await walletUser(t, 'amy@example.com');
    await deposit(t, amy.email, 'USDT', 'BSC', '12.5');
    expect((await check(amy)).attachment).toEqual({
      canDelete: false,
      funds: [{ asset: 'USDT', amount: '12.5' }],
      earnings: [],
      tickets: 0,
      hostedActivities: 0,
      redPackets: 0,
      bounties: 0,
      airdrops: 0,
    });
    const refused = await remove(amy, { vcode: await mailedCode(amy) });
    expect(refused.status).toBe(414);
    expect(refused.msg).toBe('Settle these first: a balance of 12.5 USDT');
    expect((await signin(amy.email)).status).toBe(200);
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '12.5' });
  });

  it('refuses while the user hosts an upcoming activity or holds a ticket for one', async () => {
    const hal = await host(t, 'hal@example.com');
    const ivy = await walletUser(t, 'ivy@example.com');
    const activity = await createActivity(t, hal);
    expect((await signUp(t, ivy, activity.id)).status).toBe(200);
    expect((await check(hal)).attachment).toMatchObject({ canDelete: false, hostedActivities: 1 });
    expect((await check(ivy)).attachment).toMatchObject({ canDelete: false, tickets: 1 });
    const refused = await remove(ivy, { vcode: await mailedCode(ivy) });
    expect(refused.status).toBe(414);
    expect(refused.msg).toBe('Settle these first: 1 ticket(s) for upcoming activities');
    const hostRefused = await remove(hal, { vcode: await mailedCode(hal) });
    expect(hostRefused.msg).toBe('Settle these first: 1 activity(ies) you host that are upcoming or not yet settled');

    expect(
      (await t.call('POST', '/activity/signup/cancel', { token: ivy.token, body: { activityId: activity.id } })).status,
    ).toBe(200);
    expect((await check(ivy)).attachment).toMatchObject({ canDelete: true });
  });

  it('refuses while a red packet the user sent is not settled, even with nothing left in the wallet', async () => {
    const pia = await walletUser(t, 'pia@example.com');
    await deposit(t, pia.email, 'USDT', 'BSC', '4');
    const sent = await t.call('POST', '/redpacket/send', {
      token: pia.token,
      body: {
        kind: 'share',
        asset: 'USDT',
        amount: '4',
        count: 4,
        validity: 1,
        validityUnit: 'day',
        tradePassword: pia.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status).toBe(200);
    // The red packet module answers for its packets: the wallet is empty, the packet still holds the money.
    expect((await check(pia)).attachment).toMatchObject({ canDelete: false, funds: [], redPackets: 1 });
    const refused = await remove(pia, { vcode: await mailedCode(pia) });
    expect(refused.status).toBe(414);
    expect((await signin(pia.email)).status).toBe(200);
  });

  it('needs the right password and code, then wipes the person, ends every login and keeps the ledger balanced', async () => {
    const bob = await walletUser(t, 'bob@example.com');
    const kim = await walletUser(t, 'kim@example.com');
    await deposit(t, bob.email, 'USDT', 'BSC', '30');
    // Money that came and went leaves history in the ledger; the balance is back to zero.
    const sent = await t.call('POST', '/wallet/transfer', {
      token: bob.token,
      body: { asset: 'USDT', amount: '30', to: kim.uid, tradePassword: bob.trade, idempotencyKey: newKey() },
    });
    expect(sent.status).toBe(200);
    const other = await signin(bob.email);
    expect(other.status).toBe(200);
    expect((await check(bob)).attachment).toMatchObject({ canDelete: true, funds: [] });

    const vcode = await mailedCode(bob);
    const wrongPassword = await remove(bob, { vcode, password: hashLoginPassword('wrong1234') });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.msg).toBe('The current password is wrong');
    const wrongCode = await remove(bob, { vcode: vcode === '111111' ? '222222' : '111111' });
    expect(wrongCode.status).toBe(400);
    expect((await signin(bob.email)).status).toBe(200);

    const done = await remove(bob, { vcode });
    expect(done.status).toBe(200);
    expect((await t.call('GET', '/user/info', { token: bob.token })).status).toBe(9999);
    expect((await t.call('GET', '/user/info', { token: (other.attachment as { token: string }).token })).status).toBe(
      9999,
    );
    expect((await signin(bob.email)).status).toBe(400);
    const { rows } = await query<{ email: string; uname: string | null; deleted: boolean }>(
      t.database.db,
      sql`select email, uname, deleted_at is not null as deleted from users where uid = ${Number(bob.uid)}`,
    );
    expect(rows[0]).toMatchObject({ uname: null, deleted: true });
    expect(rows[0]?.email).toMatch(/^deleted-.+@deleted\.invalid$/);
    expect(await checkLedger(t.database.db)).toEqual([]);
    // The address is free again (after the resend window of its first sign-up code).
    t.clock.advance(61_000);
    expect((await t.register(bob.email)).uid).not.toBe(bob.uid);
  });

  it('asks for the authenticator code when it is on', async () => {
    const cy = await walletUser(t, 'cy@example.com');
    const { secret } = (await t.call<{ secret: string }>('POST', '/user/gauth/enrol', { token: cy.token })).attachment;
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    await t.call('POST', '/user/gauth/confirm', {
      token: cy.token,
      body: { totp: await generate({ secret, epoch: epoch() }) },
    });
    t.clock.advance(30_000);
    const vcode = await mailedCode(cy);
    const noCode = await remove(cy, { vcode });
    expect(noCode.status).toBe(468);
    expect((await signin(cy.email)).status).toBe(200);
    const done = await remove(cy, { vcode, totp: await generate({ secret, epoch: epoch() }) });
    expect(done.status).toBe(200);
    expect((await signin(cy.email)).status).toBe(400);
  });

  // Last: it moves the clock a week on.
  it('refuses while a hosted activity is ended but unsettled, then while its earnings are not withdrawn', async () => {
    const ola = await host(t, 'ola@example.com');
    const activity = await createActivity(t, ola, paidTicket('10'));
    const buyer = await guest(t, 'buyer@example.com', '10');
    expect((await signUp(t, buyer, activity.id)).status).toBe(200);
    t.clock.advance(7 * DAY + 4 * HOUR);
    // Ended, but the settlement worker has not run yet: the ticket money is still in escrow for this host.
    expect((await check(ola)).attachment).toMatchObject({ canDelete: false, hostedActivities: 1, earnings: [] });
    await t.services.activity.settlement.processDue();
    const held = await check(ola);
    expect(held.attachment).toMatchObject({ canDelete: false, hostedActivities: 0, funds: [] });
    expect(held.attachment.earnings).toEqual([{ asset: 'USDT', amount: expect.stringMatching(/^\d/) }]);
    const refused = await remove(ola, { vcode: await mailedCode(ola) });
    expect(refused.status).toBe(414);
    expect(refused.msg).toMatch(/^Settle these first: creator earnings of [\d.]+ USDT not yet withdrawn$/);
    expect((await signin(ola.email)).status).toBe(200);
  });
});
