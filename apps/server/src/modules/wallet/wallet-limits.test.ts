import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import type { TradePasswordService } from '../security/service.ts';
import { MAX_METHODS, PaymentMethodService } from './payments.service.ts';
import { PREVIEW_RULE } from './transfers.service.ts';

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice@example.com');
  bob = await walletUser(t, 'bob@example.com');
});
afterAll(() => t.close());

const method = (user: WalletUser, extra: Record<string, unknown> = {}) => ({
  type: 1,
  holderName: 'Alice Chen',
  account: 'alice-alipay',
  tradePassword: user.trade,
  ...extra,
});

describe('payment methods', () => {
  it("answers the same for someone else's method and for one that does not exist", async () => {
    const added = await t.call<{ id: number }>('POST', '/user/payments/add', { token: bob.token, body: method(bob) });
    expect(added.status).toBe(200);
    const bobsId = added.attachment.id;
    for (const route of ['/user/payments/update', '/user/payments/delete']) {
      const theirs = await t.call('POST', route, {
        token: alice.token,
        body: method(alice, { id: bobsId }),
      });
      const missing = await t.call('POST', route, { token: alice.token, body: method(alice, { id: bobsId + 1000 }) });
      expect(theirs).toEqual(missing);
      expect(theirs).toMatchObject({ http: 200, status: 404 });
    }
    const huge = await t.call('POST', '/user/payments/delete', {
      token: alice.token,
      body: { id: '99999999999999999999', tradePassword: alice.trade },
    });
    expect(huge).toMatchObject({ http: 200, status: 400, attachment: [{ field: 'id' }] });
  });

  it('keeps the cap under concurrent adds', async () => {
    const carol = await walletUser(t, 'carol@example.com');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, carol.email));
    // The service itself, with the password check passing at once, so all adds reach the cap together (through
    // the API, the transaction password's own limit would spread them out).
    const trade = { verify: async () => {} } as unknown as TradePasswordService;
    const payments = new PaymentMethodService({ db: t.database.db, trade, now: t.clock.now });
    const results = await Promise.allSettled(
      Array.from({ length: MAX_METHODS + 10 }, (_, i) =>
        payments.add(row!.id, { type: 1, holderName: 'Carol', account: `carol-${i}` }, 'unused'),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_METHODS);
    for (const result of results.filter((entry) => entry.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, row!.id));
    expect(stored?.n).toBe(MAX_METHODS);
  });

  it('uses the tight per-address preset of the other money routes (30 a minute)', async () => {
    // A second app with the real per-address limits on.
    const limited = await createTestApp({ rateLimit: true });
    try {
      const erin = await walletUser(limited, 'erin@example.com');
      const answers: number[] = [];
      for (let i = 0; i < 31; i++) {
        const result = await limited.call('POST', '/user/payments/delete', {
          token: erin.token,
          remoteAddress: '198.51.100.44',
          body: { id: 123456, tradePassword: erin.trade },
        });
        answers.push(result.http);
      }
      expect(answers.slice(0, 30).every((http) => http === 200)).toBe(true);
      expect(answers[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('transfer preview', () => {
  it('names the recipient without any part of their email', async () => {
    const preview = await t.call<{ recipient: { uid: string; label: string } }>('POST', '/wallet/transfer/preview', {
      token: alice.token,
      body: { asset: 'USDT', to: bob.uid },
    });
    expect(preview.status).toBe(200);
    expect(preview.attachment.recipient.uid).toBe(bob.uid);
    expect(JSON.stringify(preview)).not.toMatch(/bo\*|@example\.com|bob@/);
  });

  it('is limited per account, whatever address the lookups come from', async () => {
    const dave = await walletUser(t, 'dave@example.com');
    const answers: number[] = [];
    for (let i = 0; i < PREVIEW_RULE.max + 1; i++) {
      const result = await t.call('POST', '/wallet/transfer/preview', {
        token: dave.token,
        remoteAddress: `203.0.113.${i + 1}`,
        body: { asset: 'USDT', to: String(10_000_001 + i) },
      });
      answers.push(result.http);
    }
    expect(answers.slice(0, PREVIEW_RULE.max).every((http) => http === 200)).toBe(true);
    expect(answers[PREVIEW_RULE.max]).toBe(429);
    // Another account is not affected, and the limit lifts after its minute.
    expect(
      (await t.call('POST', '/wallet/transfer/preview', { token: alice.token, body: { asset: 'USDT', to: bob.uid } }))
        .http,
    ).toBe(200);
    t.clock.advance(PREVIEW_RULE.windowMs + 1);
    expect(
      (await t.call('POST', '/wallet/transfer/preview', { token: dave.token, body: { asset: 'USDT', to: bob.uid } }))
        .http,
    ).toBe(200);
  });
});
