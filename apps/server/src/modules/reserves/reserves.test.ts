import { type ReservesProofFile, type ReservesSnapshot, verifyReservesProof } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, deposit } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Proof of reserves through the API: publishing, the snapshot everyone sees, each user's own proof. */

let t: TestApp;
let alice: { token: string; uid: string };
let bob: { token: string; uid: string };
let carol: { token: string; uid: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.register('alice-por@example.com');
  bob = await t.register('bob-por@example.com');
  carol = await t.register('carol-por@example.com');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const publish = async () => {
  const result = await t.call<ReservesSnapshot>('POST', '/admin/reserves/publish', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: {},
  });
  expect(result.status, result.msg).toBe(200);
  return result.attachment;
};
const latest = async (token: string) =>
  (await t.call<{ snapshot: ReservesSnapshot | null }>('GET', '/wallet/reserves/latest', { token })).attachment
    .snapshot;
const mine = async (token: string) =>
  (
    await t.call<{ snapshotId: string | null; proof: ReservesProofFile | null }>('GET', '/wallet/reserves/mine', {
      token,
    })
  ).attachment;
const line = (snapshot: ReservesSnapshot, code: string) => snapshot.assets.find((a) => a.code === code)!;

describe('proof of reserves', () => {
  it('has nothing to show before the first snapshot, and refuses guests and callers without the operator token', async () => {
    expect(await latest(alice.token)).toBeNull();
    expect(await mine(alice.token)).toEqual({ snapshotId: null, proof: null });
    expect((await t.call('GET', '/wallet/reserves/latest')).status).toBe(401);
    const forged = await t.call('POST', '/admin/reserves/publish', { headers: { 'x-admin-token': 'nope' }, body: {} });
    expect(forged.status).not.toBe(200);
  });

  it('publishes every balance in a sum tree whose root each user reaches from their own leaf', async () => {
    await deposit(t, 'alice-por@example.com', 'USDT', 'BSC', '120.5');
    await deposit(t, 'bob-por@example.com', 'USDT', 'ETH', '30');
    await deposit(t, 'bob-por@example.com', 'ETH', 'ETH', '0.25');
    const snapshot = await publish();
    expect(snapshot.leafCount).toBe(2);
    expect(line(snapshot, 'USDT')).toMatchObject({
      userBalances: '150.5',
      heldForUsers: '0',
      liabilities: '150.5',
      reserves: '150.5',
      ratio: '100.00',
      short: false,
    });
    expect(line(snapshot, 'USDT').custody).toEqual([
      { chain: 'ETH', address: 'local-simulator', amount: '30', block: null, source: 'local-simulator' },
      { chain: 'BSC', address: 'local-simulator', amount: '120.5', block: null, source: 'local-simulator' },
    ]);
    expect(line(snapshot, 'ETH')).toMatchObject({ liabilities: '0.25', reserves: '0.25', short: false });
    expect(line(snapshot, 'BTC')).toMatchObject({ liabilities: '0', reserves: '0', ratio: null, short: false });
    expect(snapshot.shortAssets).toEqual([]);
    expect(await latest(carol.token)).toEqual(snapshot);

    const a = await mine(alice.token);
    const b = await mine(bob.token);
    expect(a.snapshotId).toBe(snapshot.id);
    for (const [who, proof] of [
      [alice, a.proof!],
      [bob, b.proof!],
    ] as const) {
      expect(proof.leaf.uid).toBe(who.uid);
      expect(proof.snapshot.root.hash).toBe(snapshot.rootHash);
      expect(verifyReservesProof(proof)).toMatchObject({ ok: true });
    }
    const usdt = a.proof!.snapshot.assets.findIndex((asset) => asset.code === 'USDT');
    expect(a.proof!.leaf.balances[usdt]).toBe('120500000');
    // Alice's proof shows Bob's side of the tree only as a hash and its sums: not his uid, nonce or leaf.
    const text = JSON.stringify(a.proof);
    expect(text).not.toContain(bob.uid);
    expect(text).not.toContain(b.proof!.leaf.nonce);
    expect(a.proof!.leaf.nonce).not.toBe(b.proof!.leaf.nonce);
    // Carol holds nothing and has no account: no leaf.
    expect(await mine(carol.token)).toEqual({ snapshotId: snapshot.id, proof: null });
  });

  it('a new snapshot has a new salt and root: the old proof no longer reaches it, the new one does', async () => {
    const before = (await mine(alice.token)).proof!;
    const again = await publish();
    const after = (await mine(alice.token)).proof!;
    expect(again.rootHash).not.toBe(before.snapshot.root.hash);
    expect(after.leaf.balances).toEqual(before.leaf.balances);
    expect(after.leaf.nonce).not.toBe(before.leaf.nonce);
    expect(verifyReservesProof(after)).toMatchObject({ ok: true });
    const stale = { ...before, snapshot: after.snapshot };
    expect(verifyReservesProof(stale)).toMatchObject({ ok: false });
  });

  it('reports plainly when reserves are below liabilities for an asset', async () => {
    // The referral pool is funded from chain clearing with nothing arriving on the (simulated) chain: what the app
    // owes grows, custody does not.
    const funded = await t.call('POST', '/admin/invite/fund', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: { amount: '50' },
    });
    expect(funded.status, funded.msg).toBe(200);
    const snapshot = await publish();
    expect(snapshot.shortAssets).toEqual(['USDT']);
    expect(line(snapshot, 'USDT')).toMatchObject({
      userBalances: '150.5',
      heldForUsers: '50',
      liabilities: '200.5',
      reserves: '150.5',
      ratio: '75.06',
      short: true,
    });
    expect(line(snapshot, 'ETH').short).toBe(false);
    expect((await latest(bob.token))!.shortAssets).toEqual(['USDT']);
    expect(verifyReservesProof((await mine(bob.token)).proof!)).toMatchObject({ ok: true });
  });
});
