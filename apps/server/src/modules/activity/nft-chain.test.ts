import type { TicketNft } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Links } from '../../platform/links.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  HOT_ADDRESS,
  HOT_KEY,
  rowsOf,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { adminToken, type WalletUser } from '../../test/wallet-fixtures.ts';
import { attendanceNftAbi } from '../chain/contracts/abi.ts';
import { deployContract } from '../chain/contracts/deploy.ts';
import { createActivity, guest, host, signUp } from './activity-fixtures.ts';
import { chainTokenId } from './nft-token.ts';

// Attendance NFTs on a chain (anvil): check-ins queue their tokens, one mintBatch from the hot wallet mints them to
// our custody address or the holder's own, tokenURI is the server's metadata route, and undoing a check-in burns
// on the chain (or just dequeues a token not minted yet). Without CHAIN_NFT nothing of this happens.

const PUBLIC_URL = 'https://polaris.test';
const BASE_URI = new Links(PUBLIC_URL).nftTokenMetadataBase();

let bed: EvmTestbed;
let t: TestApp;
let contract: Address;
let olivia: WalletUser;

const sender = () => t.services.chains.runtime(ETH_CHAIN)!.sender!;
const worker = () => t.services.activity.nftChain;
const nft = () => ({ address: contract, abi: attendanceNftAbi }) as const;
const ownerOf = (id: bigint) => bed.anvil.publicClient.readContract({ ...nft(), functionName: 'ownerOf', args: [id] });
const exists = (id: bigint) => bed.anvil.publicClient.readContract({ ...nft(), functionName: 'exists', args: [id] });
const tokenUri = (id: bigint) =>
  bed.anvil.publicClient.readContract({ ...nft(), functionName: 'tokenURI', args: [id] });
const outside = () =>
  `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}` as Address;

/** The sender sends what the worker signed and settles it once it is 3 blocks deep. */
async function settle() {
  await sender().broadcastDue();
  await bed.anvil.mine(3);
  await sender().followDue();
}

async function ticketNft(user: WalletUser, activityId: string) {
  const result = await t.call<TicketNft>('GET', '/activity/ticket/nft', { token: user.token, query: { activityId } });
  expect(result.status).toBe(200);
  return result.attachment;
}

const setAddress = (user: WalletUser, activityId: string, address: string | null) =>
  t.call<TicketNft>('POST', '/activity/ticket/nft/address', { token: user.token, body: { activityId, address } });

/** A guest signed up and checked in by the host: their registration id and the token id on the chain. */
async function checkIn(user: WalletUser, activityId: string) {
  const ticket = (await signUp(t, user, activityId)).attachment;
  const checkin = await t.call<{ registrationId: string }>('POST', '/activity/checkin', {
    token: olivia.token,
    body: { activityId, ticketCode: ticket.qr },
  });
  expect(checkin.status).toBe(200);
  const registrationId = checkin.attachment.registrationId;
  const [row] = await rowsOf<{ public_id: string; chain_token_id: string }>(
    t,
    sql`select public_id, chain_token_id::text from attendance_nfts where registration_id = ${Number(registrationId)} and burned_at is null`,
  );
  return { registrationId, tokenId: BigInt(row!.chain_token_id), publicId: row!.public_id };
}

const undo = (activityId: string, registrationId: string) =>
  t.call('POST', '/activity/checkin/undo', { token: olivia.token, body: { activityId, registrationId } });

async function chainState(registrationId: string) {
  const rows = await rowsOf<{ chain_state: string | null }>(
    t,
    sql`select chain_state from attendance_nfts where registration_id = ${Number(registrationId)} order by token_id desc limit 1`,
  );
  return rows[0]?.chain_state;
}

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 3 });
  // The hot wallet deploys the contract, so it is its owner, before the server ever signs from it.
  contract = await deployContract(bed.anvil.walletClientFor(HOT_KEY), bed.anvil.publicClient, 'AttendanceNFT', [
    'Polaris Attendance (test)',
    'PATT',
    BASE_URI,
  ]);
  t = await evmTestApp(bed, { CHAIN_NFT: 'ETH', CHAIN_NFT_CONTRACT: contract, PUBLIC_URL });
  olivia = await host(t, 'olivia@example.com');
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

describe('attendance NFTs on a chain', () => {
  it('mints two check-ins in one batch, to custody or to the address the holder chose, tokenURI at the served metadata', async () => {
    const activity = await createActivity(t, olivia, { title: 'Chain Builders Night' });
    const alice = await guest(t, 'alice@example.com', '0');
    const carol = await guest(t, 'carol@example.com', '0');
    await signUp(t, carol, activity.id);
    expect(await ticketNft(carol, activity.id)).toEqual({ nft: null, address: null, canSetAddress: true });

    const wrong = await setAddress(carol, activity.id, '0x1234');
    expect(wrong).toMatchObject({ status: 400, attachment: [{ field: 'address' }] });
    const own = outside();
    const chosen = await setAddress(carol, activity.id, own);
    expect(chosen).toMatchObject({ status: 200, attachment: { address: getAddress(own), canSetAddress: true } });

    const a = await checkIn(alice, activity.id);
    const c = await checkIn(carol, activity.id);
    // The token id is a hash of the public id: nothing sequential reaches the chain.
    expect(a.tokenId).toBe(chainTokenId(a.publicId));
    expect(a.tokenId > 2n ** 128n && c.tokenId > 2n ** 128n).toBe(true);
    const queued = await ticketNft(alice, activity.id);
    expect(queued).toEqual({
      nft: {
        state: 'queued',
        chain: { id: ETH_CHAIN, name: expect.any(String) },
        contract,
        tokenId: a.tokenId.toString(),
        owner: null,
        txHash: null,
      },
      address: null,
      canSetAddress: true,
    });

    expect(await worker().signDue()).toEqual({ minting: 2, burning: 0 });
    const batches = await rowsOf<{ ref: string; hash: string }>(
      t,
      sql`select ref, hash from chain_txs where purpose = 'nft_mint'`,
    );
    expect(batches).toHaveLength(1);
    expect(batches[0]!.ref).toMatch(/^nft:mint:[0-9a-f]{16}$/);
    // In a batch, the address can no longer change.
    expect(await setAddress(alice, activity.id, outside())).toMatchObject({ status: 409 });
    expect((await ticketNft(alice, activity.id)).canSetAddress).toBe(false);

    await settle();
    const minted = await ticketNft(alice, activity.id);
    expect(minted.nft).toMatchObject({ state: 'minted', txHash: batches[0]!.hash });
    expect((await ticketNft(carol, activity.id)).nft).toMatchObject({ state: 'minted', owner: getAddress(own) });
    expect(await ownerOf(a.tokenId)).toBe(HOT_ADDRESS);
    expect(await ownerOf(c.tokenId)).toBe(getAddress(own));

    const uri = await tokenUri(a.tokenId);
    expect(uri).toBe(`${BASE_URI}${a.tokenId}`);
    const metadata = await t.app.inject({ url: new URL(uri).pathname });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toMatchObject({ name: 'Chain Builders Night — attendance' });
    expect(metadata.body).not.toContain(alice.uid);
    expect(metadata.body).not.toContain(alice.email);
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('burns a minted token on the chain when its check-in is undone', async () => {
    const activity = await createActivity(t, olivia, { title: 'Burn Night' });
    const dan = await guest(t, 'dan@example.com', '0');
    const d = await checkIn(dan, activity.id);
    await worker().signDue();
    await settle();
    expect(await exists(d.tokenId)).toBe(true);

    expect((await undo(activity.id, d.registrationId)).status).toBe(200);
    expect((await ticketNft(dan, activity.id)).nft).toMatchObject({ state: 'burning' });
    expect(await worker().signDue()).toEqual({ minting: 0, burning: 1 });
    await settle();
    expect(await exists(d.tokenId)).toBe(false);
    const [burn] = await rowsOf<{ hash: string }>(t, sql`select hash from chain_txs where purpose = 'nft_burn'`);
    expect((await ticketNft(dan, activity.id)).nft).toMatchObject({ state: 'burned', txHash: burn!.hash });
    // A burned token's metadata is gone with it.
    expect((await t.app.inject({ url: new URL(`${BASE_URI}${d.tokenId}`).pathname })).json()).toMatchObject({
      status: 404,
    });
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('dequeues a token undone before its mint, and burns one undone while its mint is in flight', async () => {
    const activity = await createActivity(t, olivia, { title: 'Undo Night' });
    const erin = await guest(t, 'erin@example.com', '0');
    const e = await checkIn(erin, activity.id);
    await undo(activity.id, e.registrationId);
    expect(await chainState(e.registrationId)).toBeNull();
    expect((await ticketNft(erin, activity.id)).nft).toBeNull();
    expect(await worker().signDue()).toEqual({ minting: 0, burning: 0 });

    const frank = await guest(t, 'frank@example.com', '0');
    const f = await checkIn(frank, activity.id);
    expect(await worker().signDue()).toEqual({ minting: 1, burning: 0 });
    await undo(activity.id, f.registrationId);
    expect(await chainState(f.registrationId)).toBe('minting');
    await settle();
    expect(await chainState(f.registrationId)).toBe('burn_queued');
    expect(await worker().signDue()).toEqual({ minting: 0, burning: 1 });
    await settle();
    expect(await chainState(f.registrationId)).toBe('burned');
    expect(await exists(f.tokenId)).toBe(false);
  });

  it('answers an unknown or malformed token id as not found', async () => {
    for (const id of ['12345', 'abc', '0', '9'.repeat(80)]) {
      const answer = await t.app.inject({ url: `/rest/polarisex/nft/metadata/${id}` });
      expect(answer.json()).toMatchObject({ status: 404 });
    }
  });

  it('deploys the contract from the hot wallet with the next database nonce, its gas in the ledger', async () => {
    const deployed = await t.call<{ contract: Address; hash: string; from: string }>(
      'POST',
      '/admin/chain/nft-deploy',
      { headers: { 'x-admin-token': await adminToken(t) }, body: { chain: 'ETH', baseUri: BASE_URI } },
    );
    expect(deployed).toMatchObject({ status: 200, attachment: { from: HOT_ADDRESS } });
    await settle();
    const address = deployed.attachment.contract;
    const owner = await bed.anvil.publicClient.readContract({ address, abi: attendanceNftAbi, functionName: 'owner' });
    expect(owner).toBe(HOT_ADDRESS);
    const [row] = await rowsOf<{ status: string; succeeded: boolean }>(
      t,
      sql`select status, succeeded from chain_txs where purpose = 'nft_deploy'`,
    );
    expect(row).toEqual({ status: 'mined', succeeded: true });
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });
});

describe('attendance NFTs without a chain', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('checks in as ever: a token row with no chain state, and nothing to show or choose', async () => {
    const organizer = await host(plain, 'olivia@example.com');
    const quinn = await guest(plain, 'quinn@example.com', '0');
    const activity = await createActivity(plain, organizer);
    const ticket = (await signUp(plain, quinn, activity.id)).attachment;
    const checkin = await plain.call<{ nft: { tokenId: string } }>('POST', '/activity/checkin', {
      token: organizer.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkin.status).toBe(200);
    const rows = await rowsOf(
      plain,
      sql`select chain_state, chain_id, chain_token_id, owner_address, mint_tx from attendance_nfts`,
    );
    expect(rows).toEqual([
      { chain_state: null, chain_id: null, chain_token_id: null, owner_address: null, mint_tx: null },
    ]);
    const shown = await plain.call('GET', '/activity/ticket/nft', {
      token: quinn.token,
      query: { activityId: activity.id },
    });
    expect(shown).toMatchObject({ status: 200, attachment: { nft: null, address: null, canSetAddress: false } });
    const choose = await plain.call('POST', '/activity/ticket/nft/address', {
      token: quinn.token,
      body: { activityId: activity.id, address: HOT_ADDRESS },
    });
    expect(choose.status).toBe(409);
    expect(plain.services.activity.nftChain.chainId).toBeUndefined();
  });
});
