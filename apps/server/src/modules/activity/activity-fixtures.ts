import type { Activity, Registration } from '@polaris/contract';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A user with a transaction password and a profile name, so they may create activities. */
export async function host(t: TestApp, email: string): Promise<WalletUser> {
  const user = await walletUser(t, email);
  const named = await t.call('POST', '/user/personalInfo', { token: user.token, body: { uname: email.split('@')[0] } });
  if (named.status !== 200) throw new Error(`personalInfo: ${named.msg}`);
  return user;
}

/** A guest with money: a trade password and a USDT deposit. */
export async function guest(t: TestApp, email: string, usdt = '100'): Promise<WalletUser> {
  const user = await walletUser(t, email);
  if (usdt !== '0') await deposit(t, email, 'USDT', 'BSC', usdt);
  return user;
}

export function activityBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const start = t.clock.now().getTime() + 7 * DAY;
  return {
    title: 'Taipei Builders Night',
    description: 'Talks and drinks',
    category: 'web3',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * HOUR).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7, Xinyi Rd',
    capacity: 10,
    publish: true,
    ...overrides,
  };
}

export async function createActivity(t: TestApp, user: WalletUser, overrides: Record<string, unknown> = {}) {
  const result = await t.call<Activity>('POST', '/activity/create', {
    token: user.token,
    body: activityBody(t, overrides),
  });
  if (result.status !== 200) throw new Error(`create: ${result.msg} ${JSON.stringify(result.attachment)}`);
  return result.attachment;
}

export const paidTicket = (price = '10', extra: Record<string, unknown> = {}) => ({
  ticketTypes: [{ name: 'Standard', price, asset: 'USDT', ...extra }],
});

export function signUp(t: TestApp, user: WalletUser, activityId: string, body: Record<string, unknown> = {}) {
  return t.call<Registration>('POST', '/activity/signup', {
    token: user.token,
    body: { activityId, tradePassword: user.trade, idempotencyKey: newKey(), ...body },
  });
}

/** A test app of its own for an activity test file, with an organizer and a second host for co-hosting. */
export async function activityApp(): Promise<{ t: TestApp; olivia: WalletUser; cohost: WalletUser }> {
  const t = await createTestApp();
  return { t, olivia: await host(t, 'olivia@example.com'), cohost: await host(t, 'cohost@example.com') };
}

/** Closes an activity test file's app once every ledger rule holds over all it did. */
export async function closeCheckingLedger(t: TestApp): Promise<void> {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
}
