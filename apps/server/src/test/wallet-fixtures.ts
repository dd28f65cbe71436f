import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashTradePassword } from '@polaris/contract';
import type { ApiClient } from './app.ts';

export const TRADE_PASSWORD = 'trade1234';

export interface WalletUser {
  email: string;
  uid: string;
  token: string;
  trade: string;
}

/** A registered user with a transaction password set through the real endpoints. */
export async function walletUser(t: ApiClient, email: string): Promise<WalletUser> {
  const session = await t.register(email);
  const sent = await t.call('POST', '/user/trade/vcode', { token: session.token });
  if (sent.status !== 200) throw new Error(`trade code: ${sent.msg}`);
  const vcode = await t.code(email);
  const trade = hashTradePassword(TRADE_PASSWORD, session.uid);
  const set = await t.call('POST', '/user/trade/password', {
    token: session.token,
    body: { vcode, password: trade },
  });
  if (set.status !== 200) throw new Error(`set trade password: ${set.msg}`);
  return { email, uid: session.uid, token: session.token, trade };
}

export async function adminToken(t: ApiClient): Promise<string> {
  return (await readFile(path.join(t.outbox, '..', 'admin.token'), 'utf8')).trim();
}

/** Credit a deposit through the local chain simulator's operator route. */
export async function deposit(
  t: ApiClient,
  email: string,
  asset: string,
  chain: string,
  amount: string,
  txHash?: string,
) {
  const result = await t.call<{ id: number; credited: boolean; address: string }>('POST', '/local-chain/deposit', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: { email, asset, chain, amount, txHash },
  });
  if (result.status !== 200) throw new Error(`deposit: ${result.msg}`);
  return result.attachment;
}

export async function balanceOf(t: ApiClient, token: string, asset: string) {
  const result = await t.call<{ available: string; frozen: string }>('GET', '/wallet/asset', {
    token,
    query: { asset },
  });
  return result.attachment;
}

let keyCounter = 0;
export const newKey = () =>
  `k-${Date.now().toString(36)}-${(keyCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
