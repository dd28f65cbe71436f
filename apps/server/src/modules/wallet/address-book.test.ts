import { NEW_ADDRESS_DELAY_MS } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestMail } from '../../test/outbox.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

let t: TestApp;
let bob: WalletUser;
const SAVED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

beforeAll(async () => {
  t = await createTestApp();
  bob = await walletUser(t, 'book-bob@example.com');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

interface Book {
  allowlist: boolean;
  allowlistOffPending: boolean;
  items: { id: string; chainId: number; address: string; label: string; state: string; usableAt: string | null }[];
}
const book = async (user: WalletUser) =>
  (await t.call<Book>('GET', '/wallet/addressBook', { token: user.token })).attachment;
const add = (user: WalletUser, address = SAVED, label = 'Cold wallet', chainId = 201) =>
  t.call<Book['items'][number]>('POST', '/wallet/addressBook/add', {
    token: user.token,
    body: { chainId, address, label },
  });
const allowlist = (user: WalletUser, enabled: boolean) =>
  t.call<Book>('POST', '/wallet/addressBook/allowlist', { token: user.token, body: { enabled } });
/** The secret of the newest mailed link, as the page it opens posts it. */
async function mailedLink(user: WalletUser) {
  const mail = await latestMail(t.outbox, user.email);
  const match = mail?.text.match(/address-book\/index\?confirm=([0-9a-f]{64})/);
  if (!match) throw new Error(`no link in: ${mail?.text}`);
  return match[1]!;
}
const confirm = (confirmation: string) =>
  t.call<{ action: string }>('POST', '/wallet/addressBook/confirm', { body: { confirmation } });
const send = (user: WalletUser, to: string, chainId?: number) =>
  t.call('POST', '/wallet/transfer', {
    token: user.token,
    body: { asset: 'USDT', amount: '20', to, chainId, tradePassword: user.trade, idempotencyKey: newKey() },
  });

describe('the address book and the allowlist', () => {
  it('lets money leave only to saved addresses, each 24 hours after its mailed confirmation', async () => {
    const ann = await walletUser(t, 'book-ann@example.com');
    await deposit(t, ann.email, 'USDT', 'BSC', '500', '0x22aa');
    const added = await add(ann);
    expect(added).toMatchObject({
      status: 200,
      attachment: { state: 'confirming', usableAt: null, label: 'Cold wallet' },
    });
    const mail = await latestMail(t.outbox, ann.email);
    expect(mail?.subject).toBe('Confirm the new withdrawal address');
    expect(mail?.text).toContain('Cold wallet');
    expect((await allowlist(ann, true)).attachment.allowlist).toBe(true);
    // Not confirmed yet: not on the list.
    expect(await send(ann, SAVED, 201)).toMatchObject({ status: 400, attachment: [{ field: 'to' }] });
    const confirmedAt = t.clock.now().getTime();
    expect((await confirm(await mailedLink(ann))).attachment).toEqual({ action: 'add' });
    const [entry] = (await book(ann)).items;
    expect(entry).toMatchObject({ state: 'waiting', address: SAVED });
    expect(Math.abs(Date.parse(entry!.usableAt!) - (confirmedAt + NEW_ADDRESS_DELAY_MS))).toBeLessThan(5000);
    // Waiting: refused with when it can be used, before the confirm step (preview) and at the transfer.
    const preview = await t.call('POST', '/wallet/transfer/preview', {
      token: ann.token,
      body: { asset: 'USDT', to: SAVED, chainId: 201 },
    });
    expect(preview).toMatchObject({ status: 400, attachment: [{ field: 'to' }] });
    const waiting = await send(ann, SAVED, 201);
    expect(waiting.msg).toBe(
      `This saved address can be used from ${entry!.usableAt!.slice(0, 16).replace('T', ' ')} UTC`,
    );
    // Another address is not on the list at all.
    expect((await send(ann, OTHER, 201)).msg).toMatch(/^The allowlist is on/);
    // Transfers to other users of the app by uid are not affected.
    expect((await send(ann, bob.uid)).status).toBe(200);
    t.clock.advance(NEW_ADDRESS_DELAY_MS - 60_000);
    expect((await send(ann, SAVED, 201)).status).toBe(400);
    t.clock.advance(61_000);
    expect((await book(ann)).items[0]!.state).toBe('ready');
    expect((await send(ann, SAVED, 201)).status).toBe(200);
    expect((await send(ann, OTHER, 201)).status).toBe(400);
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '460', frozen: '20' });
  });

  it('the user may cancel a waiting address, and its link then confirms nothing', async () => {
    const cat = await walletUser(t, 'book-cat@example.com');
    const added = await add(cat, OTHER, 'Exchange');
    const link = await mailedLink(cat);
    expect(
      (await t.call('POST', '/wallet/addressBook/cancel', { token: cat.token, body: { id: added.attachment.id } }))
        .status,
    ).toBe(200);
    expect((await book(cat)).items).toEqual([]);
    expect((await confirm(link)).status).toBe(404);
    // Someone else's address answers "not found" too.
    const theirs = await add(bob, OTHER, 'Bob');
    expect(
      (await t.call('POST', '/wallet/addressBook/cancel', { token: cat.token, body: { id: theirs.attachment.id } }))
        .status,
    ).toBe(404);
  });

  it('turning the allowlist off waits for its mailed link; on is at once', async () => {
    const dan = await walletUser(t, 'book-dan@example.com');
    await deposit(t, dan.email, 'USDT', 'BSC', '100', '0x22dd');
    await allowlist(dan, true);
    const off = await allowlist(dan, false);
    expect(off.attachment).toMatchObject({ allowlist: true, allowlistOffPending: true });
    expect((await latestMail(t.outbox, dan.email))?.subject).toBe('Confirm turning the withdrawal allowlist off');
    expect((await send(dan, OTHER, 201)).status).toBe(400);
    const link = await mailedLink(dan);
    expect((await confirm(link)).attachment).toEqual({ action: 'allowlistOff' });
    expect(await book(dan)).toMatchObject({ allowlist: false, allowlistOffPending: false });
    expect((await send(dan, OTHER, 201)).status).toBe(200);
    // A link works once.
    expect((await confirm(link)).status).toBe(404);
  });

  it('checks the address against its chain, refuses a second copy and expires links after an hour', async () => {
    const eve = await walletUser(t, 'book-eve@example.com');
    expect(await add(eve, 'not-an-address')).toMatchObject({ status: 400, attachment: [{ field: 'address' }] });
    expect(await add(eve, 'EQDk2VTvn04SUKJrW7rXahzdF8_Qi6utb0wj43InCu9vdjrR', 'TON on BSC')).toMatchObject({
      status: 400,
      attachment: [{ field: 'address' }],
    });
    expect((await add(eve, SAVED)).status).toBe(200);
    expect(await add(eve, SAVED.toLowerCase())).toMatchObject({ status: 400, attachment: [{ field: 'address' }] });
    const link = await mailedLink(eve);
    t.clock.advance(61 * 60_000);
    expect((await confirm(link)).status).toBe(404);
    expect((await book(eve)).items[0]!.state).toBe('confirming');
  });
});
