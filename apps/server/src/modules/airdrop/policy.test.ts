import type { AirdropDetail } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';

/**
 * An airdrop's `can.signUp` and its sign-up route answer from the same rule (policy.ts): for a guest, someone who
 * qualifies, someone who does not and someone signed up, before, during and after the window and once it is full.
 */

let t: TestApp;
let funder: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  funder = await walletUser(t, 'policy-funder@example.com');
  await deposit(t, funder.email, 'USDT', 'BSC', '1000');
}, 60_000);
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const person = (name: string) => walletUser(t, `${name}-${newKey()}@example.com`);

async function created(body: Record<string, unknown> = {}) {
  const result = await t.call<{ id: string }>('POST', '/admin/airdrop/create', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: {
      project: 'Polaris Labs',
      description: 'Early users',
      asset: 'USDT',
      mode: 'prorata',
      pool: '10',
      signupStartsAt: at(-MINUTE),
      signupEndsAt: at(HOUR),
      distributeAt: at(2 * HOUR),
      ...body,
    },
  });
  expect(result.status, result.msg).toBe(200);
  return result.attachment.id;
}

async function agrees(reader: WalletUser | null, id: string, expected: 200 | 401 | 403 | 409) {
  const detail = await t.call<AirdropDetail>('GET', '/airdrop/detail', { token: reader?.token, query: { id } });
  const can = detail.attachment.can.signUp;
  const answer = await t.call('POST', '/airdrop/signup', { token: reader?.token, body: { id } });
  expect({ who: reader?.email ?? 'a guest', can, status: answer.status }).toEqual({
    who: reader?.email ?? 'a guest',
    can: expected === 200,
    status: expected,
  });
}

describe("an airdrop's can.signUp agrees with its route", () => {
  it('during the window: whoever meets the rules, once; a guest is asked to sign in', async () => {
    const id = await created({ holdsAsset: 'USDT', holdsMin: '50' });
    const [holder, poor] = [await person('holder'), await person('poor')];
    await deposit(t, holder.email, 'USDT', 'BSC', '50');
    await agrees(null, id, 401);
    await agrees(poor, id, 403);
    await agrees(holder, id, 200);
    await agrees(holder, id, 409);
  });

  it('before and after the window nobody; once a fixed airdrop is full, nobody else', async () => {
    const later = await created({ signupStartsAt: at(HOUR), signupEndsAt: at(2 * HOUR), distributeAt: at(3 * HOUR) });
    const ann = await person('ann');
    await agrees(ann, later, 409);
    const fixed = await created({ mode: 'fixed', pool: undefined, perPerson: '1', maxParticipants: 1 });
    await agrees(ann, fixed, 200);
    await agrees(await person('ben'), fixed, 409);
    const closing = await created({ signupEndsAt: at(10 * MINUTE), distributeAt: at(HOUR) });
    t.clock.advance(11 * MINUTE);
    await agrees(await person('cid'), closing, 409);
  });
});
