import { hashLoginPassword, INVITE_REWARD, type RedPacket } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUpAccount } from '../../test/client-requests.ts';
import { adminToken, balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, guest, HOUR, host, paidTicket, signUp } from '../activity/activity-fixtures.ts';
import { createBounty, detail, escrowUnits, funded, member, review, submit } from '../bounty/bounty-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { AccountDeleted, ledger } from '../wallet/ledger.ts';

/**
 * A deleted account receives nothing, whichever way money would reach it (docs/wallet.md "Deleted accounts"), and
 * a deletion racing incoming money either lands first (then every payment is refused) or is refused (then every
 * payment lands).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const DELETED = 'The receiving account has been deleted';
const MINUTE = 60_000;

async function vcodeFor(user: { email: string; token: string }) {
  const sent = await t.call('POST', '/user/deleteAccount/vcode', { token: user.token });
  expect(sent.status).toBe(200);
  return (await t.code(user.email))!;
}
const remove = (user: { token: string }, vcode: string) =>
  t.call('POST', '/user/deleteAccount', {
    token: user.token,
    body: { password: hashLoginPassword('abc12345'), vcode },
  });
async function deleteAccount(user: { email: string; token: string }) {
  const done = await remove(user, await vcodeFor(user));
  expect(done.status, done.msg).toBe(200);
}
async function row(uid: string) {
  const { rows } = await query<{ id: string; email: string }>(
    t.database.db,
    sql`select id, email from users where uid = ${Number(uid)}`,
  );
  return { id: Number(rows[0]!.id), email: rows[0]!.email };
}
/** Everything an account holds in an asset, read from the ledger (a deleted account cannot ask). */
async function held(userId: number, asset = 'USDT'): Promise<string> {
  const { rows } = await query<{ units: string | null }>(
    t.database.db,
    sql`select sum(available + frozen)::text as units from accounts where user_id = ${userId} and asset_code = ${asset}`,
  );
  return rows[0]?.units ?? '0';
}
async function entryCount(): Promise<number> {
  const { rows } = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from journal_entries`);
  return rows[0]!.n;
}
const transfer = (from: WalletUser, to: string, amount = '1') =>
  t.call('POST', '/wallet/transfer', {
    token: from.token,
    body: { asset: 'USDT', amount, to, tradePassword: from.trade, idempotencyKey: newKey() },
  });
const usdt = async (user: { token: string }) => (await balanceOf(t, user.token, 'USDT')).available;

describe('money to a deleted account', () => {
  it('is refused by uid, by its email and by its deposit address, at the preview and at the transfer', async () => {
    const ann = await walletUser(t, 'ann@example.com');
    await deposit(t, ann.email, 'USDT', 'BSC', '50');
    const gone = await walletUser(t, 'gone@example.com');
    const address = (
      await t.call<{ address: string }>('GET', '/wallet/deposit/address', {
        token: gone.token,
        query: { asset: 'USDT', chainId: '201' },
      })
    ).attachment.address;
    await deleteAccount(gone);
    const { id, email } = await row(gone.uid);
    const entries = await entryCount();

    for (const to of [gone.uid, email, email.toUpperCase(), address]) {
      const preview = await t.call('POST', '/wallet/transfer/preview', {
        token: ann.token,
        body: { asset: 'USDT', to, chainId: 201 },
      });
      expect(preview).toMatchObject({ status: 400, msg: DELETED, attachment: [{ field: 'to', message: DELETED }] });
      expect(await transfer(ann, to, '5')).toMatchObject({ status: 400, msg: DELETED });
    }
    // The address it was deleted from is nobody's now.
    expect(await transfer(ann, 'gone@example.com', '5')).toMatchObject({
      status: 400,
      msg: 'No user was found for this recipient',
    });
    expect(await usdt(ann)).toBe('50');
    expect(await held(id)).toBe('0');
    expect(await entryCount()).toBe(entries);
  });

  it('is refused by the ledger itself, whoever posts it, before anything is written', async () => {
    const gone = await member(t, 'ledger-gone@example.com');
    await deleteAccount(gone);
    const { id } = await row(gone.uid);
    const entries = await entryCount();
    const credit = t.database.db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'deposit',
        asset: 'USDT',
        from: { system: 'chain_clearing' },
        to: { userId: id },
        amount: 1_000_000n,
      }),
    );
    await expect(credit).rejects.toBeInstanceOf(AccountDeleted);
    await expect(credit).rejects.toMatchObject({ status: 409, userIds: [id] });
    expect(await held(id)).toBe('0');
    expect(await entryCount()).toBe(entries);
  });

  it('a simulated chain deposit to it is refused and recorded nowhere', async () => {
    const gone = await member(t, 'deposit-gone@example.com');
    await deleteAccount(gone);
    const { id, email } = await row(gone.uid);
    const answer = await t.call('POST', '/local-chain/deposit', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: { email, asset: 'USDT', chain: 'BSC', amount: '9' },
    });
    expect(answer).toMatchObject({ status: 409, msg: DELETED });
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from deposits where user_id = ${id}`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await held(id)).toBe('0');
  });

  it('a deposit still confirming stops the deletion; one whose account went meanwhile stays uncredited, the rest go on', async () => {
    const slow = await member(t, 'slow@example.com');
    const other = await member(t, 'other-slow@example.com');
    const seen = (email: string, txHash: string) =>
      adminToken(t).then((token) =>
        t.call('POST', '/local-chain/deposit', {
          headers: { 'x-admin-token': token },
          body: { email, asset: 'USDT', chain: 'Polygon', amount: '7', txHash, confirmations: 0 },
        }),
      );
    expect(await seen(slow.email, '0xslow-gone')).toMatchObject({ attachment: { status: 'confirming' } });
    expect(await seen(other.email, '0xslow-other')).toMatchObject({ attachment: { status: 'confirming' } });
    const check = await t.call('GET', '/user/deleteAccount/check', { token: slow.token });
    expect(check.attachment).toMatchObject({ canDelete: false, funds: [{ asset: 'USDT', amount: '7' }] });
    expect(await remove(slow, await vcodeFor(slow))).toMatchObject({
      status: 414,
      msg: 'Settle these first: a balance of 7 USDT',
    });

    // The chain watcher saw the deposit before the deletion committed (the race the check above cannot close,
    // since the coins are already on their way): the account is deleted while the deposit gathers confirmations.
    const { id } = await row(slow.uid);
    await query(t.database.db, sql`update users set deleted_at = now() where id = ${id}`);
    t.clock.advance(3000 * 600);
    expect(await t.services.deposits.processDeposits()).toEqual({ credited: 1 });
    expect(await usdt(other)).toBe('7');
    expect(await held(id)).toBe('0');
    const { rows } = await query<{ status: string }>(
      t.database.db,
      sql`select status from deposits where user_id = ${id}`,
    );
    expect(rows).toEqual([{ status: 'confirming' }]);
  });

  it('a bounty creator cannot approve the submission of someone who deleted their account; rejecting still works', async () => {
    const cara = await funded(t, 'cara@example.com', '100');
    const bounty = await createBounty(t, cara, { total: '30', winners: 3, submitKinds: ['text'] });
    const dan = await member(t, 'dan@example.com');
    const eve = await member(t, 'eve@example.com');
    const gone = (await submit(t, dan, bounty.id, { text: 'mine' })).attachment;
    const kept = (await submit(t, eve, bounty.id, { text: 'also mine' })).attachment;
    await deleteAccount(dan);
    const { id } = await row(dan.uid);
    const escrow = await escrowUnits(t);

    const refused = await review(t, cara, gone.id, 'approve');
    expect(refused).toMatchObject({ status: 409, msg: DELETED });
    expect(await escrowUnits(t)).toBe(escrow);
    expect(await held(id)).toBe('0');
    expect((await detail(t, bounty.id, cara.token)).attachment).toMatchObject({ paidCount: 0 });
    // Refused, not half done: the slot it claimed is free for the next winner.
    expect(await review(t, cara, kept.id, 'approve')).toMatchObject({ status: 200 });
    expect(await usdt(eve)).toBe('10');
    expect(await review(t, cara, gone.id, 'reject', 'account deleted')).toMatchObject({
      status: 200,
      attachment: { state: 'rejected' },
    });
  });

  it('a red packet claim that passed sign-in just before the deletion takes nothing', async () => {
    const ray = await funded(t, 'ray@example.com', '20');
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
      token: ray.token,
      body: {
        kind: 'share',
        asset: 'USDT',
        amount: '10',
        count: 2,
        validity: 1,
        validityUnit: 'day',
        tradePassword: ray.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status, sent.msg).toBe(200);
    const gone = await member(t, 'claim-gone@example.com');
    await deleteAccount(gone);
    const { id } = await row(gone.uid);
    await expect(t.services.redPackets.claim(id, { code: sent.attachment.code })).rejects.toMatchObject({
      status: 409,
      messageKey: 'wallet.accountDeleted',
    });
    expect(await held(id)).toBe('0');
    const packet = await t.call<RedPacket>('GET', '/redpacket/detail', {
      token: ray.token,
      query: { redpacketCode: sent.attachment.code },
    });
    expect(packet.attachment).toMatchObject({ claimedCount: 0, claimedAmount: '0' });
  });

  it('an owed invite reward pays the one still here; the deleted inviter’s part stays in the pool', async () => {
    const signupWith = async (email: string, inviteCode?: string) => {
      const done = await signUpAccount(t.call, t.outbox, email, { inviteCode });
      expect(done.status, done.msg).toBe(200);
      return { email, ...done.attachment };
    };
    const inviter = await signupWith('inviter@example.com');
    const code = (await t.call<{ inviteCode: string }>('POST', '/user/getInvitedInfo', { token: inviter.token }))
      .attachment.inviteCode;
    const invitee = await signupWith('invitee@example.com', code);
    // The pool is empty: the reward is owed.
    await deposit(t, invitee.email, 'USDT', 'BSC', INVITE_REWARD.minDeposit);
    await deleteAccount(inviter);
    const { id } = await row(inviter.uid);
    const fund = await t.call<{ paid: number; stillOwed: number; pool: string }>('POST', '/admin/invite/fund', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: { amount: '100' },
    });
    expect(fund.attachment).toMatchObject({ paid: 1, stillOwed: 0, pool: String(100 - 2) });
    expect(await held(id)).toBe('0');
    expect(Number(await usdt(invitee))).toBe(Number(INVITE_REWARD.minDeposit) + Number(INVITE_REWARD.inviteeAmount));
    const { rows } = await query<{ status: string; inviter_amount: string }>(
      t.database.db,
      sql`select status, inviter_amount::text from invite_rewards where inviter_id = ${id}`,
    );
    expect(rows).toEqual([{ status: 'paid', inviter_amount: '0' }]);
  });

  it('an airdrop leaves out a sign-up whose account was deleted; its share goes back to the funder', async () => {
    const funder = await funded(t, 'air-funder@example.com', '10');
    const stay = await walletUser(t, 'air-stay@example.com');
    const leave = await walletUser(t, 'air-leave@example.com');
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const created = await t.call<{ id: string }>('POST', '/admin/airdrop/create', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: {
        project: 'Polaris Labs',
        description: 'Early users',
        asset: 'USDT',
        mode: 'prorata',
        pool: '10',
        funderEmail: funder.email,
        signupStartsAt: at(-MINUTE),
        signupEndsAt: at(HOUR),
        distributeAt: at(2 * HOUR),
      },
    });
    expect(created.status, created.msg).toBe(200);
    const id = created.attachment.id;
    // Funding one that is still to be distributed is money that comes back: the funder cannot leave yet.
    expect((await t.call('GET', '/user/deleteAccount/check', { token: funder.token })).attachment).toMatchObject({
      canDelete: false,
      airdrops: 1,
    });
    for (const user of [stay, leave]) {
      expect(await t.call('POST', '/airdrop/signup', { token: user.token, body: { id } })).toMatchObject({
        status: 200,
      });
    }
    await deleteAccount(leave);
    const gone = await row(leave.uid);
    t.clock.advance(2 * HOUR + MINUTE);
    await t.services.airdrops.distributeDue();
    expect(await usdt(stay)).toBe('5');
    expect(await held(gone.id)).toBe('0');
    expect(await usdt(funder)).toBe('5');
    expect((await t.call('GET', '/user/deleteAccount/check', { token: funder.token })).attachment).toMatchObject({
      airdrops: 0,
    });
  });

  it('money still held for a cancelled ticket (a late cancellation) stops the deletion', async () => {
    const olga = await host(t, 'olga@example.com');
    const start = t.clock.now().getTime() + 5 * HOUR;
    const activity = await createActivity(t, olga, {
      ...paidTicket('10'),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * HOUR).toISOString(),
    });
    const pat = await guest(t, 'pat@example.com', '10');
    expect((await signUp(t, pat, activity.id)).status).toBe(200);
    const cancelled = await t.call('POST', '/activity/signup/cancel', {
      token: pat.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status, cancelled.msg).toBe(200);
    expect(await usdt(pat)).toBe('0');
    // The forfeit stays in escrow until the activity settles, and comes back if the organizer cancels it.
    const check = await t.call('GET', '/user/deleteAccount/check', { token: pat.token });
    expect(check.attachment).toMatchObject({ canDelete: false, tickets: 1, funds: [] });
    expect(await remove(pat, await vcodeFor(pat))).toMatchObject({
      status: 414,
      msg: 'Settle these first: 1 ticket(s) for upcoming activities',
    });
  });
});

describe('a deletion racing incoming transfers', () => {
  /**
   * Twenty people send the account money while it is being deleted. The ledger holds each recipient's user row
   * while it credits them, and the deletion locks that row before its last look: either every transfer lands first
   * and the deletion is refused (the account is not empty), or the deletion lands and every transfer is refused.
   */
  it('lets exactly one side win, round after round', async () => {
    const senders = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const sender = await walletUser(t, `racer${i}@example.com`);
        await deposit(t, sender.email, 'USDT', 'BSC', '10');
        return sender;
      }),
    );
    const outcomes: string[] = [];
    const later = <T>(ms: number, work: () => Promise<T>) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0))).then(work);
    // Round by round the deletion starts before, with or after the transfers, which start a little apart.
    const offsets = [-200, -100, -50, -25, 0, 25];
    for (const [round, offset] of offsets.entries()) {
      const target = await walletUser(t, `target${round}@example.com`);
      const vcode = await vcodeFor(target);
      const before = await Promise.all(senders.map(usdt));
      const deletion = later(offset, () => remove(target, vcode));
      const transfers = senders.map((sender, i) => later(i * 2 - offset, () => transfer(sender, target.uid, '1')));
      const [deleted, ...sent] = await Promise.all([deletion, ...transfers]);
      const { id } = await row(target.uid);
      const after = await Promise.all(senders.map(usdt));
      if (deleted.status === 200) {
        outcomes.push('deleted');
        for (const answer of sent) expect(answer).toMatchObject({ status: expect.any(Number), msg: DELETED });
        expect(sent.every((answer) => answer.status === 400 || answer.status === 409)).toBe(true);
        expect(await held(id)).toBe('0');
        expect(after).toEqual(before);
      } else {
        outcomes.push('refused');
        expect(deleted).toMatchObject({ status: 414, msg: expect.stringMatching(/^Settle these first: a balance of/) });
        expect(sent.map((answer) => answer.status)).toEqual(Array(20).fill(200));
        expect(await held(id)).toBe('20000000');
        expect(after.map(Number)).toEqual(before.map((amount) => Number(amount) - 1));
      }
      expect(await checkLedger(t.database.db)).toEqual([]);
    }
    expect(outcomes).toHaveLength(offsets.length);
  }, 120_000);
});
