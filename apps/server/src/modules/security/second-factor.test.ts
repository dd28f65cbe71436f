import {
  hashLoginPassword,
  hashTradePassword,
  type LinkedProvider,
  SECOND_FACTOR_OPERATIONS,
  type SecondFactorPath,
  type SessionAttachment,
} from '@polaris/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { type OidcTestbed, oidcTestbed } from '../../test/oidc-testbed.ts';
import { latestSmsCode } from '../../test/outbox.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/**
 * Walks the whole second-factor table (the contract's SECOND_FACTOR_OPERATIONS): for every operation, with Google
 * Authenticator on, a request without the code answers 468 and changes nothing (the state is read back), and the
 * same request with a right code passes — which also proves the code is verified exactly once per request: a
 * second check of the same code would answer "already used".
 */

let bed: OidcTestbed;
let t: TestApp;
beforeAll(async () => {
  bed = await oidcTestbed();
  t = bed.t;
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await bed.close();
});

const PASSWORD = 'abc12345';
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
type Session = { token: string; signingKey: string };
type ActiveSession = { id: number; current: boolean };
type Answer = { status: number; msg: string; attachment: unknown };

const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
const nextStep = () => t.clock.advance(30_000);

/** Switches Google Authenticator on for the session's account; answers the secret. */
async function totpOn(token: string): Promise<string> {
  return (await totpOnWithRecovery(token)).secret;
}

async function totpOnWithRecovery(token: string) {
  const started = await t.call<{ secret: string }>('POST', '/user/gauth/enrol', { token });
  const { secret } = started.attachment;
  const confirmed = await t.call<{ recoveryCodes: string[] }>('POST', '/user/gauth/confirm', {
    token,
    body: { totp: await codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirmed.attachment.recoveryCodes };
}

const signIn = (email: string, password = PASSWORD) =>
  t.call<SessionAttachment>('POST', '/user/signin', { body: { email, password: hashLoginPassword(password) } });
const alive = async (token: string) => (await t.call('GET', '/user/info', { token })).status === 200;
const mailedCode = async (token: string, route: string, email: string) => {
  t.clock.advance(60_000); // past the resend interval of a code the fixtures mailed
  expect((await t.call('POST', route, { token })).status).toBe(200);
  return t.code(email);
};
const sessionsOf = async (session: Session) =>
  (await t.signedCall<{ items: ActiveSession[] }>('GET', '/user/identity/sessions', session)).attachment.items;
const providersOf = async (session: Session) =>
  (await t.signedCall<{ items: LinkedProvider[] }>('GET', '/user/identity/providers', session)).attachment.items;

/**
 * One operation of the table: `setup` builds what it acts on and switches TOTP on; `send` makes the request with
 * the given code (or none); `unchanged` reads back that nothing happened; `changed` that it did.
 */
interface Scenario {
  setup(): Promise<{
    secret: string;
    send(totp?: string): Promise<Answer>;
    unchanged(): Promise<void>;
    changed(): Promise<void>;
  }>;
}

let counter = 0;
const email = (name: string) => `${name}-${counter++}@example.com`;

const scenarios: Record<SecondFactorPath, Scenario> = {
  '/wallet/transfer': {
    async setup() {
      const ann = await walletUser(t, email('transfer'));
      await deposit(t, ann.email, 'USDT', 'BSC', '100');
      const secret = await totpOn(ann.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/wallet/transfer', {
            token: ann.token,
            body: {
              ...{ asset: 'USDT', amount: '20', to: EVM_ADDRESS, chainId: 201 },
              ...{ tradePassword: ann.trade, idempotencyKey: newKey(), totp },
            },
          }),
        unchanged: async () =>
          expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' }),
        changed: async () =>
          expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '80', frozen: '20' }),
      };
    },
  },

  '/open/master/withdraw': {
    async setup() {
      const olivia = await host(t, email('creator'));
      const activity = await createActivity(t, olivia, paidTicket('10'));
      expect((await signUp(t, await guest(t, email('buyer'), '10'), activity.id)).status).toBe(200);
      t.clock.advance(7 * DAY + 4 * HOUR);
      await t.services.activity.settlement.processDue();
      t.clock.advance(DAY);
      await t.services.earnings.releaseDue();
      const earnings = async () =>
        (
          await t.call<{ balances: { asset: string; withdrawable: string }[] }>('GET', '/open/ticket/frozen-balance', {
            token: olivia.token,
          })
        ).attachment.balances.find((balance) => balance.asset === 'USDT')?.withdrawable;
      expect(await earnings()).not.toBe('0');
      const before = await earnings();
      const secret = await totpOn(olivia.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/open/master/withdraw', {
            token: olivia.token,
            body: { asset: 'USDT', amount: '1', tradePassword: olivia.trade, idempotencyKey: newKey(), totp },
          }),
        unchanged: async () => {
          expect(await earnings()).toBe(before);
          expect(await balanceOf(t, olivia.token, 'USDT')).toMatchObject({ available: '0' });
        },
        changed: async () => expect(await balanceOf(t, olivia.token, 'USDT')).toMatchObject({ available: '1' }),
      };
    },
  },

  '/activity/ticket/transfer': {
    async setup() {
      const organizer = await host(t, email('organizer'));
      const activity = await createActivity(t, organizer, paidTicket('10'));
      const giver = await guest(t, email('giver'), '10');
      const friend = await walletUser(t, email('friend'));
      expect((await signUp(t, giver, activity.id)).status).toBe(200);
      const holds = async (user: WalletUser) =>
        (
          await t.call<{ myRegistration: unknown }>('GET', '/activity/detail', {
            token: user.token,
            query: { id: activity.id },
          })
        ).attachment.myRegistration !== null;
      const secret = await totpOn(giver.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/activity/ticket/transfer', {
            token: giver.token,
            body: { activityId: activity.id, toUid: friend.uid, totp },
          }),
        unchanged: async () => {
          expect(await holds(giver)).toBe(true);
          expect(await holds(friend)).toBe(false);
        },
        changed: async () => {
          expect(await holds(giver)).toBe(false);
          expect(await holds(friend)).toBe(true);
        },
      };
    },
  },

  '/user/payments/add': {
    async setup() {
      const ann = await walletUser(t, email('payments-add'));
      const count = async () =>
        (await t.call<{ items: unknown[] }>('GET', '/user/payments', { token: ann.token })).attachment.items.length;
      const secret = await totpOn(ann.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/payments/add', {
            token: ann.token,
            body: { type: 1, holderName: 'Ann', account: 'ann@pay.example', tradePassword: ann.trade, totp },
          }),
        unchanged: async () => expect(await count()).toBe(0),
        changed: async () => expect(await count()).toBe(1),
      };
    },
  },

  '/user/payments/update': {
    async setup() {
      const ann = await walletUser(t, email('payments-update'));
      const added = await t.call<{ id: number }>('POST', '/user/payments/add', {
        token: ann.token,
        body: { type: 1, holderName: 'Ann', account: 'ann@pay.example', tradePassword: ann.trade },
      });
      expect(added.status).toBe(200);
      const account = async () =>
        (await t.call<{ items: { account: string }[] }>('GET', '/user/payments', { token: ann.token })).attachment
          .items[0]?.account;
      const secret = await totpOn(ann.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/payments/update', {
            token: ann.token,
            body: {
              ...{ id: added.attachment.id, type: 1, holderName: 'Ann' },
              ...{ account: 'thief@pay.example', tradePassword: ann.trade, totp },
            },
          }),
        unchanged: async () => expect(await account()).toBe('ann@pay.example'),
        changed: async () => expect(await account()).toBe('thief@pay.example'),
      };
    },
  },

  '/user/trade/password': {
    async setup() {
      const ann = await walletUser(t, email('trade'));
      const secret = await totpOn(ann.token);
      const vcode = await mailedCode(ann.token, '/user/trade/vcode', ann.email);
      const works = async (trade: string) =>
        (await t.call('POST', '/user/fdPwd/validate', { token: ann.token, body: { password: trade } })).status === 200;
      const newTrade = hashTradePassword('other5678', ann.uid);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/trade/password', { token: ann.token, body: { vcode, password: newTrade, totp } }),
        unchanged: async () => expect(await works(ann.trade)).toBe(true),
        changed: async () => expect(await works(newTrade)).toBe(true),
      };
    },
  },

  '/user/password/change': {
    async setup() {
      const address = email('password');
      const session = await t.register(address);
      const secret = await totpOn(session.token);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/password/change', {
            token: session.token,
            body: { oldPassword: hashLoginPassword(PASSWORD), password: hashLoginPassword('new12345'), totp },
          }),
        unchanged: async () => expect((await signIn(address)).status).toBe(200),
        changed: async () => {
          expect((await signIn(address)).status).toBe(400);
          expect((await signIn(address, 'new12345')).status).toBe(200);
        },
      };
    },
  },

  '/user/reset': {
    async setup() {
      const address = email('reset');
      const session = await t.register(address);
      const secret = await totpOn(session.token);
      expect((await t.call('POST', '/user/vcode/send', { body: { email: address, purpose: 'reset' } })).status).toBe(
        200,
      );
      const vcode = await t.code(address);
      return {
        secret,
        // Signed out: the table finds the account by the email.
        send: (totp) =>
          t.call('POST', '/user/reset', {
            body: { email: address, vcode, password: hashLoginPassword('new12345'), totp },
          }),
        unchanged: async () => {
          expect((await signIn(address)).status).toBe(200);
          expect(await alive(session.token)).toBe(true);
        },
        changed: async () => {
          expect((await signIn(address, 'new12345')).status).toBe(200);
          expect(await alive(session.token)).toBe(false);
        },
      };
    },
  },

  '/user/oidc/link': {
    async setup() {
      const address = email('link');
      const owner = await t.register(address);
      const secret = await totpOn(owner.token);
      const login = `g-${address}`;
      bed.idp.accounts.set(login, { email: address, emailVerified: true });
      const flow = await bed.signInAt('google', login);
      const pending = async () => (await bed.redeem(flow.ticket!, flow.browserKey)).attachment;
      return {
        secret,
        // Signed out: the table finds the account by the link ticket.
        send: (totp) =>
          t.call('POST', '/user/oidc/link', {
            body: { ticket: flow.ticket, browserKey: flow.browserKey, password: hashLoginPassword(PASSWORD), totp },
          }),
        unchanged: async () => {
          expect(await providersOf(owner)).toEqual([]);
          expect(await pending()).toMatchObject({ session: null, link: { provider: 'google', email: address } });
        },
        changed: async () => expect(await providersOf(owner)).toMatchObject([{ provider: 'google' }]),
      };
    },
  },

  '/user/identity/providers/unlink': {
    async setup() {
      const address = email('unlink');
      const owner = await t.register(address);
      const login = `g-${address}`;
      bed.idp.accounts.set(login, { email: address, emailVerified: true });
      const flow = await bed.signInAt('google', login);
      const linked = await t.call('POST', '/user/oidc/link', {
        body: { ticket: flow.ticket, browserKey: flow.browserKey, password: hashLoginPassword(PASSWORD) },
      });
      expect(linked.status).toBe(200);
      const secret = await totpOn(owner.token);
      return {
        secret,
        send: (totp) =>
          t.signedCall('POST', '/user/identity/providers/unlink', owner, {
            provider: 'google',
            password: hashLoginPassword(PASSWORD),
            totp,
          }),
        unchanged: async () => expect(await providersOf(owner)).toMatchObject([{ provider: 'google' }]),
        changed: async () => expect(await providersOf(owner)).toEqual([]),
      };
    },
  },

  '/user/binding/phone': {
    async setup() {
      const session = await t.register(email('phone'));
      const secret = await totpOn(session.token);
      const number = { areaCode: '886', phone: `9123${String(counter).padStart(5, '0')}` };
      const sent = await t.call('POST', '/user/binding/phone/vcode', { token: session.token, body: number });
      expect(sent.status).toBe(200);
      const vcode = (await latestSmsCode(t.outbox, `+886${number.phone}`))!;
      const phone = async () =>
        (await t.call<{ phone: unknown }>('GET', '/user/verification', { token: session.token })).attachment.phone;
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/binding/phone', { token: session.token, body: { ...number, vcode, totp } }),
        unchanged: async () => expect(await phone()).toBeNull(),
        changed: async () => expect(await phone()).not.toBeNull(),
      };
    },
  },

  '/user/identity/sessions/revoke': {
    async setup() {
      const address = email('revoke');
      const mine = await t.register(address);
      const other = (await signIn(address)).attachment;
      const secret = await totpOn(mine.token);
      const id = (await sessionsOf(mine)).find((session) => !session.current)!.id;
      return {
        secret,
        send: (totp) => t.signedCall('POST', '/user/identity/sessions/revoke', mine, { id, totp }),
        unchanged: async () => expect(await alive(other.token)).toBe(true),
        changed: async () => expect(await alive(other.token)).toBe(false),
      };
    },
  },

  '/user/identity/sessions/revokeOthers': {
    async setup() {
      const address = email('revoke-others');
      const mine = await t.register(address);
      const other = (await signIn(address)).attachment;
      const secret = await totpOn(mine.token);
      return {
        secret,
        send: (totp) => t.signedCall('POST', '/user/identity/sessions/revokeOthers', mine, totp ? { totp } : {}),
        unchanged: async () => expect(await alive(other.token)).toBe(true),
        changed: async () => {
          expect(await alive(other.token)).toBe(false);
          expect(await alive(mine.token)).toBe(true);
        },
      };
    },
  },

  '/user/gauth/disable': {
    async setup() {
      const session = await t.register(email('disable'));
      const secret = await totpOn(session.token);
      const enabled = async () =>
        (await t.call<{ enabled: boolean }>('GET', '/user/gauth/status', { token: session.token })).attachment.enabled;
      return {
        secret,
        send: (totp) => t.call('POST', '/user/gauth/disable', { token: session.token, body: totp ? { totp } : {} }),
        unchanged: async () => expect(await enabled()).toBe(true),
        changed: async () => expect(await enabled()).toBe(false),
      };
    },
  },

  '/user/antiPhishing/change': {
    async setup() {
      const address = email('phishing');
      const session = await t.register(address);
      const secret = await totpOn(session.token);
      const vcode = await mailedCode(session.token, '/user/antiPhishing/vcode', address);
      const masked = async () =>
        (await t.call<{ masked: string | null }>('GET', '/user/antiPhishing/status', { token: session.token }))
          .attachment.masked;
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/antiPhishing/change', {
            token: session.token,
            body: { code: 'Orchid42', vcode, totp },
          }),
        unchanged: async () => expect(await masked()).toBeNull(),
        changed: async () => expect(await masked()).toBe('Or****42'),
      };
    },
  },

  '/wallet/addressBook/add': {
    async setup() {
      const session = await t.register(email('book'));
      const secret = await totpOn(session.token);
      const saved = async () =>
        (await t.call<{ items: unknown[] }>('GET', '/wallet/addressBook', { token: session.token })).attachment.items;
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/wallet/addressBook/add', {
            token: session.token,
            body: { chainId: 201, address: EVM_ADDRESS, label: 'Cold wallet', totp },
          }),
        unchanged: async () => expect(await saved()).toEqual([]),
        changed: async () => expect(await saved()).toHaveLength(1),
      };
    },
  },

  '/wallet/addressBook/allowlist': {
    async setup() {
      const session = await t.register(email('allowlist'));
      const secret = await totpOn(session.token);
      const on = async () =>
        (await t.call<{ allowlist: boolean }>('GET', '/wallet/addressBook', { token: session.token })).attachment
          .allowlist;
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/wallet/addressBook/allowlist', { token: session.token, body: { enabled: true, totp } }),
        unchanged: async () => expect(await on()).toBe(false),
        changed: async () => expect(await on()).toBe(true),
      };
    },
  },

  '/user/deleteAccount': {
    async setup() {
      const address = email('delete');
      const session = await t.register(address);
      const secret = await totpOn(session.token);
      const vcode = await mailedCode(session.token, '/user/deleteAccount/vcode', address);
      return {
        secret,
        send: (totp) =>
          t.call('POST', '/user/deleteAccount', {
            token: session.token,
            body: { password: hashLoginPassword(PASSWORD), vcode, totp },
          }),
        unchanged: async () => {
          expect(await alive(session.token)).toBe(true);
          expect((await signIn(address)).status).toBe(200);
        },
        changed: async () => {
          expect(await alive(session.token)).toBe(false);
          expect((await signIn(address)).status).not.toBe(200);
        },
      };
    },
  },
};

describe('every operation of the second-factor table', () => {
  it('has a scenario here, so a new table entry cannot go untested', () => {
    expect(Object.keys(scenarios).sort()).toEqual(Object.keys(SECOND_FACTOR_OPERATIONS).sort());
  });

  for (const path of Object.keys(SECOND_FACTOR_OPERATIONS) as SecondFactorPath[]) {
    it(`${path}: 468 and nothing changes without the code; a wrong code too; the right code passes once`, async () => {
      const operation = await scenarios[path].setup();
      const missing = await operation.send();
      expect(missing.status).toBe(468);
      expect(missing.msg).toBe('Enter the code from Google Authenticator');
      expect(missing.attachment).toEqual({ factor: 'totp' });
      await operation.unchanged();

      const right = await codeAt(operation.secret);
      const wrong = await operation.send(right === '000000' ? '111111' : '000000');
      expect(wrong.status).toBe(468);
      await operation.unchanged();

      const passed = await operation.send(right);
      expect(passed.status, `${path}: ${passed.msg}`).toBe(200);
      await operation.changed();
      nextStep();
    });
  }
});

describe('password reset by mailed code with the authenticator on', () => {
  it('a stranger guessing codes there locks only the signed-out tries; the owner resets with a recovery code', async () => {
    const address = email('reset-guess');
    const session = await t.register(address);
    const { secret, recoveryCodes } = await totpOnWithRecovery(session.token);
    const right = await codeAt(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    // No mailed code needed to guess: the gate answers before the handler looks at it.
    const guess = () =>
      t.call('POST', '/user/reset', {
        body: { email: address, vcode: '000000', password: hashLoginPassword('evil1234'), totp: wrongCode },
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(468);
    expect((await guess()).msg).toBe('Too many wrong authenticator codes, try again in 15 minutes');
    // Signed in, the owner's own tries are untouched.
    const change = await t.call('POST', '/user/password/change', {
      token: session.token,
      body: { oldPassword: hashLoginPassword(PASSWORD), password: hashLoginPassword('own12345'), totp: right },
    });
    expect(change.status).toBe(200);

    t.clock.advance(15 * 60_000);
    expect((await t.call('POST', '/user/vcode/send', { body: { email: address, purpose: 'reset' } })).status).toBe(200);
    const vcode = await t.code(address);
    const reset = await t.call('POST', '/user/reset', {
      body: { email: address, vcode, password: hashLoginPassword('back1234'), totp: recoveryCodes[0] },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(address, 'back1234')).status).toBe(200);
  });

  it('answers an unknown email as before: no second factor to ask for', async () => {
    const reset = await t.call('POST', '/user/reset', {
      body: { email: 'nobody-here@example.com', vcode: '000000', password: hashLoginPassword('evil1234') },
    });
    expect(reset.status).toBe(400);
  });
});

describe('a code spent on a refused operation', () => {
  it('is given back when the handler refuses (nothing changed), for a 6-digit code and a recovery code', async () => {
    const ann = await walletUser(t, email('give-back'));
    await deposit(t, ann.email, 'USDT', 'BSC', '100');
    const { secret, recoveryCodes } = await totpOnWithRecovery(ann.token);
    const send = (tradePassword: string, totp: string) =>
      t.call('POST', '/wallet/transfer', {
        token: ann.token,
        body: {
          asset: 'USDT',
          amount: '20',
          to: EVM_ADDRESS,
          chainId: 201,
          tradePassword,
          idempotencyKey: newKey(),
          totp,
        },
      });
    const code = await codeAt(secret);
    const typo = await send(hashTradePassword('wrong999', ann.uid), code);
    expect(typo.status, JSON.stringify(typo)).toBe(468);
    expect(typo.attachment).not.toEqual({ factor: 'totp' });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    expect((await send(ann.trade, code)).status).toBe(200);
    expect((await send(ann.trade, code)).msg).toBe('This authenticator code was already used, wait for the next one');

    const left = async () =>
      (await t.call<{ recoveryCodesLeft: number }>('GET', '/user/gauth/status', { token: ann.token })).attachment
        .recoveryCodesLeft;
    const tooMuch = await t.call('POST', '/wallet/transfer', {
      token: ann.token,
      body: {
        asset: 'USDT',
        amount: '500',
        to: EVM_ADDRESS,
        chainId: 201,
        tradePassword: ann.trade,
        idempotencyKey: newKey(),
        totp: recoveryCodes[0],
      },
    });
    expect(tooMuch.status).not.toBe(200);
    expect(await left()).toBe(10);
    expect((await send(ann.trade, recoveryCodes[0]!)).status).toBe(200);
    expect(await left()).toBe(9);
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '60', frozen: '40' });
  });
});
