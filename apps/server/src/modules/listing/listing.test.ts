import { randomBytes } from 'node:crypto';
import type { Listing, WalletAsset } from '@polaris/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';

/** Token listing applications: the form's checks, the applicant's view, and the operator's review into the catalogue. */

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let logo: string;

const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TON_USDT = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';

async function upload(user: WalletUser, bytes: Buffer, type = 'image/png') {
  const boundary = '----polaris-logo';
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/polarisex/shelves-coin/logo/upload',
    headers: { token: user.token, locale: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return response.json() as { status: number; msg: string; attachment: { id: string } };
}
const smallPng = () =>
  sharp({ create: { width: 128, height: 128, channels: 3, background: '#f0b90b' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([walletUser(t, 'list-alice@example.com'), walletUser(t, 'list-bob@example.com')]);
  const uploaded = await upload(alice, await smallPng());
  expect(uploaded.status).toBe(200);
  logo = uploaded.attachment.id;
}, 60_000);
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Polaris Token',
  symbol: 'PLRS',
  chainId: 201,
  contract: USDT_ETH,
  logoImageId: logo,
  website: 'https://polaris.example.org',
  whitepaper: 'https://polaris.example.org/whitepaper.pdf',
  contact: 'listing@polaris.example.org',
  description: 'A token for meetups',
  ...overrides,
});
const apply = (user: WalletUser, overrides: Record<string, unknown> = {}, locale?: string) =>
  t.call<Listing & { field?: string }>('POST', '/shelves-coin/apply', {
    token: user.token,
    body: form(overrides),
    locale,
  });
const mine = async (user: WalletUser) =>
  (await t.call<{ items: Listing[] }>('GET', '/shelves-coin/mine', { token: user.token })).attachment.items;
const review = async (body: Record<string, unknown>) =>
  t.call<{ id: string; status: string }>('POST', '/admin/listing/review', {
    headers: { 'x-admin-token': await adminToken(t) },
    body,
  });
const network = async (body: Record<string, unknown>) =>
  t.call('POST', '/admin/listing/network', { headers: { 'x-admin-token': await adminToken(t) }, body });
const fieldsOf = (result: { attachment: unknown }) => result.attachment as { field: string; message: string }[];

describe('applying', () => {
  it('an EVM token with its checksummed address is pending, and the applicant sees it with its logo', async () => {
    const result = await apply(alice);
    expect(result.status, result.msg).toBe(200);
    expect(result.attachment).toMatchObject({ symbol: 'PLRS', chain: 'BNB Smart Chain', status: 'pending' });
    const items = await mine(alice);
    expect(items).toHaveLength(1);
    expect(items[0]!.logo?.sizes.length).toBeGreaterThan(0);
    expect(await mine(bob)).toEqual([]);
  });

  it('a contract address not valid for its chain is refused in the user’s language, and nothing is stored', async () => {
    const badChecksum = `${USDT_ETH.slice(0, 2)}${USDT_ETH[2]!.toUpperCase()}${USDT_ETH.slice(3)}`;
    for (const [chainId, contract] of [
      [201, badChecksum],
      [201, '0x1234'],
      [3, SOLANA_USDC],
      [320, USDT_ETH],
      [320, '1111111111111111111111111111111'],
      [322, 'EQ-not-a-ton-address'],
    ] as const) {
      const result = await apply(bob, { chainId, contract, symbol: 'BADX' });
      expect(result.status).toBe(400);
      expect(fieldsOf(result)[0]!.field).toBe('contract');
    }
    const zh = await apply(bob, { chainId: 320, contract: USDT_ETH, symbol: 'BADX' }, 'zh_TW');
    expect(zh.msg).toBe('這不是 Solana 上有效的合約地址');
    const en = await apply(bob, { chainId: 201, contract: badChecksum, symbol: 'BADX' });
    expect(en.msg).toBe('This is not a valid contract address on BNB Smart Chain');
    expect(await mine(bob)).toEqual([]);
  });

  it('accepts a Solana mint and a TON jetton address; lower-case EVM addresses are stored checksummed', async () => {
    const bobLogo = (await upload(bob, await smallPng())).attachment.id;
    expect(
      (await apply(bob, { chainId: 320, contract: SOLANA_USDC, symbol: 'SOLX', logoImageId: bobLogo })).status,
    ).toBe(200);
    expect((await apply(bob, { chainId: 322, contract: TON_USDT, symbol: 'TONX', logoImageId: bobLogo })).status).toBe(
      200,
    );
    const lower = await apply(bob, {
      chainId: 3,
      contract: USDT_ETH.toLowerCase(),
      symbol: 'ETHX',
      logoImageId: bobLogo,
    });
    expect(lower.attachment.contract).toBe(USDT_ETH);
  });

  it('an oversized logo is refused with its limit, and no image is kept', async () => {
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const result = await upload(alice, noise);
    expect(result).toMatchObject({ status: 400, msg: 'The logo must be at most 1 MB' });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/rest/polarisex/shelves-coin/logo/upload',
      headers: { token: alice.token, locale: 'zh_CN', 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\n\r\n'),
        noise,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect(zh.json()).toMatchObject({ status: 400, msg: '标志不能超过 1 MB' });
  });

  it('refuses a logo that is not an image, someone else’s logo, a listed symbol, bad links, a chain without tokens', async () => {
    expect((await upload(alice, Buffer.from('not an image'))).status).toBe(400);
    expect(fieldsOf(await apply(bob, { symbol: 'OTHR', contract: TON_USDT, chainId: 322 }))[0]!.field).toBe(
      'logoImageId',
    );
    expect(await apply(alice, { symbol: 'USDT', contract: SOLANA_USDC, chainId: 320 })).toMatchObject({
      status: 400,
      msg: 'USDT is already listed',
    });
    expect(fieldsOf(await apply(alice, { website: 'http://insecure.example.org' }))[0]!.field).toBe('website');
    expect(fieldsOf(await apply(alice, { chainId: 1 }))[0]!.field).toBe('chainId');
    expect(fieldsOf(await apply(alice, { chainId: 999 }))[0]!.field).toBe('chainId');
    expect(fieldsOf(await apply(alice, { description: 'x\u0000' }))[0]!.field).toBe('description');
    expect(fieldsOf(await apply(alice, { name: 'n'.repeat(41) }))[0]!.field).toBe('name');
    expect(await mine(alice)).toHaveLength(1);
  });

  it('a contract already pending cannot apply again, however many ask at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(alice, { symbol: 'DUPE' })));
    expect(results.filter((r) => r.status === 409)).toHaveLength(20);
    expect(results[0]!.msg).toBe('This contract already has an application under review or approved');
  });
});

describe('review by the operator', () => {
  it('approval puts the token into the catalogue with deposits and withdrawals off, until the operator turns them on', async () => {
    const pending = (await mine(alice)).find((item) => item.symbol === 'PLRS')!;
    const without = await t.call('POST', '/admin/listing/review', { body: { id: pending.id, decision: 'approve' } });
    expect(without.status).toBe(403);
    expect((await review({ id: pending.id, decision: 'approve' })).status).toBe(400);
    expect(await review({ id: pending.id, decision: 'approve', decimals: 18 })).toMatchObject({
      status: 200,
      attachment: { status: 'approved' },
    });
    expect((await review({ id: pending.id, decision: 'reject' })).status).toBe(409);
    expect((await mine(alice))[0]).toMatchObject({ status: 'approved' });

    const assets = await t.call<{ items: WalletAsset[] }>('GET', '/wallet/assets', { token: alice.token });
    const listed = assets.attachment.items.find((asset) => asset.code === 'PLRS')!;
    expect(listed).toMatchObject({ name: 'Polaris Token', decimals: 18 });
    expect(listed.networks).toEqual([
      expect.objectContaining({ chainId: 201, contract: USDT_ETH, depositEnabled: false, withdrawEnabled: false }),
    ]);
    const address = await t.call('GET', '/wallet/deposit/address', {
      token: alice.token,
      query: { asset: 'PLRS', chainId: '201' },
    });
    expect(address.status).toBe(400);

    expect(
      await network({
        asset: 'PLRS',
        chainId: 201,
        deposit: true,
        withdraw: true,
        withdrawMin: '1',
        withdrawMax: '1000',
      }),
    ).toMatchObject({ status: 200, attachment: { depositEnabled: true, withdrawEnabled: true } });
    const opened = await t.call('GET', '/wallet/deposit/address', {
      token: alice.token,
      query: { asset: 'PLRS', chainId: '201' },
    });
    expect(opened.status).toBe(200);
  });

  it('rejection shows the operator’s reason; the contract may then apply again', async () => {
    const sol = (await mine(bob)).find((item) => item.symbol === 'SOLX')!;
    expect(await review({ id: sol.id, decision: 'reject', note: 'Website unreachable' })).toMatchObject({
      attachment: { status: 'rejected' },
    });
    expect((await mine(bob)).find((item) => item.id === sol.id)).toMatchObject({
      status: 'rejected',
      reviewNote: 'Website unreachable',
    });
    const bobLogo = (await upload(bob, await smallPng())).attachment.id;
    expect(
      (await apply(bob, { chainId: 320, contract: SOLANA_USDC, symbol: 'SOLX', logoImageId: bobLogo })).status,
    ).toBe(200);
  });

  it('the pending list shows what waits, oldest first', async () => {
    const pending = await t.call<{ items: Listing[] }>('GET', '/admin/listing/pending', {
      headers: { 'x-admin-token': await adminToken(t) },
    });
    expect(pending.attachment.items.map((item) => item.symbol)).toEqual(['TONX', 'ETHX', 'SOLX']);
  });
});
