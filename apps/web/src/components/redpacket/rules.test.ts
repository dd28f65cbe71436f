import { RED_PACKET_LIMITS } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import {
  activityCodeFromInput,
  canSendRedPacket,
  checkSend,
  codeFromInput,
  eachOf,
  envelopeView,
  type SendContext,
  type SendValues,
  totalOf,
  validitySeconds,
} from './rules.ts';

const usdt = { code: 'USDT', decimals: 6, available: '100' };
const values = (patch: Partial<SendValues> = {}): SendValues => ({
  split: 'random',
  amount: '10',
  count: '5',
  validity: '1',
  validityUnit: 'day',
  password: '',
  ...patch,
});
const context = (patch: Partial<SendContext> = {}): SendContext => ({
  needsPassword: false,
  asset: usdt,
  assetAllowed: true,
  ...patch,
});

describe('checkSend', () => {
  it('accepts a well-formed random packet', () => {
    expect(checkSend(values(), context())).toEqual({});
  });

  it('refuses an empty amount and an empty count with the red packet messages', () => {
    const problems = checkSend(values({ amount: ' ', count: '' }), context());
    expect(problems.amount).toEqual({ key: 'redpacket.amountEmpty' });
    expect(problems.count).toEqual({ key: 'redpacket.countEmpty' });
  });

  it('refuses an amount that is not numeric, zero, or more precise than the asset', () => {
    expect(checkSend(values({ amount: '1,5' }), context()).amount).toEqual({ key: 'wallet.amountNumeric' });
    expect(checkSend(values({ amount: '0' }), context()).amount).toEqual({ key: 'wallet.amountPositive' });
    expect(checkSend(values({ amount: '1.1234567' }), context()).amount).toEqual({
      key: 'wallet.amountPrecision',
      params: { max: 6 },
    });
    expect(checkSend(values({ amount: '1.123456' }), context()).amount).toBeUndefined();
  });

  it('keeps the count between 1 and the most shares a packet may have', () => {
    const range = { key: 'redpacket.countRange', params: { max: RED_PACKET_LIMITS.maxCount } };
    expect(checkSend(values({ count: '0' }), context()).count).toEqual(range);
    expect(checkSend(values({ count: '1001' }), context()).count).toEqual(range);
    expect(checkSend(values({ count: '2.5' }), context()).count).toEqual(range);
    expect(checkSend(values({ count: '-1' }), context()).count).toEqual(range);
    expect(checkSend(values({ count: '1' }), context()).count).toBeUndefined();
    expect(checkSend(values({ count: '1000', amount: '1' }), context()).count).toBeUndefined();
  });

  it('asks for at least one base unit per share of a random packet', () => {
    expect(checkSend(values({ amount: '0.000004', count: '5' }), context()).amount).toEqual({
      key: 'redpacket.countAboveUnits',
      params: { min: '0.000001', asset: 'USDT' },
    });
    expect(checkSend(values({ amount: '0.000005', count: '5' }), context()).amount).toBeUndefined();
  });

  it('checks the balance against the whole packet: each share times the count when fixed', () => {
    expect(checkSend(values({ split: 'fixed', amount: '20.01', count: '5' }), context()).amount).toEqual({
      key: 'wallet.insufficient',
    });
    expect(checkSend(values({ split: 'fixed', amount: '20', count: '5' }), context())).toEqual({});
    expect(checkSend(values({ amount: '100.000001' }), context()).amount).toEqual({ key: 'wallet.insufficient' });
  });

  it('refuses a red envelope password that is too short, only for a password packet', () => {
    expect(checkSend(values({ password: 'abc' }), context({ needsPassword: true })).password).toEqual({
      key: 'redpacket.passwordShort',
      params: { min: RED_PACKET_LIMITS.passwordMin },
    });
    expect(checkSend(values({ password: 'abcd' }), context({ needsPassword: true })).password).toBeUndefined();
    expect(checkSend(values({ password: '' }), context()).password).toBeUndefined();
  });

  it('keeps the validity between one minute and thirty days', () => {
    const range = { key: 'redpacket.validityRange' };
    expect(checkSend(values({ validity: '30', validityUnit: 'second' }), context()).validity).toEqual(range);
    expect(checkSend(values({ validity: '31', validityUnit: 'day' }), context()).validity).toEqual(range);
    expect(checkSend(values({ validity: '', validityUnit: 'day' }), context()).validity).toEqual(range);
    expect(checkSend(values({ validity: '1', validityUnit: 'minute' }), context()).validity).toBeUndefined();
    expect(checkSend(values({ validity: '1', validityUnit: 'month' }), context()).validity).toBeUndefined();
  });

  it('names a token that cannot send red packets, and a missing token', () => {
    expect(checkSend(values(), context({ assetAllowed: false })).asset).toEqual({ key: 'wallet.redPacketNotAllowed' });
    expect(checkSend(values(), context({ asset: null })).asset?.key).toBe('validation.required');
  });

  it('wants an activity when the packet is for checked-in attendees only', () => {
    expect(checkSend(values(), context({ attendeesOnly: true, activityId: '' })).activityId?.key).toBe(
      'validation.required',
    );
    expect(checkSend(values(), context({ attendeesOnly: true, activityId: 'Ab12Cd34' })).activityId).toBeUndefined();
  });
});

describe('totalOf', () => {
  it('is the typed amount for a random packet', () => {
    expect(totalOf({ split: 'random', amount: '10.5', count: '3' }, 6)).toBe('10.5');
  });
  it('is each share times the count for a fixed packet, without floating point', () => {
    expect(totalOf({ split: 'fixed', amount: '0.1', count: '3' }, 6)).toBe('0.3');
    expect(totalOf({ split: 'fixed', amount: '2.000001', count: '1000' }, 6)).toBe('2000.001');
  });
  it('is null while amount or count cannot be read', () => {
    expect(totalOf({ split: 'fixed', amount: '', count: '3' }, 6)).toBeNull();
    expect(totalOf({ split: 'fixed', amount: '1', count: 'x' }, 6)).toBeNull();
    expect(totalOf({ split: 'fixed', amount: '1', count: '0' }, 6)).toBeNull();
  });
  it('splits a fixed total back into each share', () => {
    expect(eachOf('0.3', 3, 6)).toBe('0.1');
  });
});

describe('codeFromInput', () => {
  it('takes a bare code', () => {
    expect(codeFromInput('  AbCd1234 ')).toBe('AbCd1234');
  });
  it('finds the code in a pasted link to the packet', () => {
    expect(codeFromInput('http://127.0.0.1:8181/#/pages/red-envelope/password/index?redpacketCode=Xy12Zz99Qq')).toBe(
      'Xy12Zz99Qq',
    );
    expect(
      codeFromInput('Open it: https://a.example/#/pages/red-envelope/receive/index?x=1&redpacketCode=Xy12Zz99Qq ok'),
    ).toBe('Xy12Zz99Qq');
  });
  it('finds the code in a pasted short link, and no other kind of short link', () => {
    expect(codeFromInput('https://plrs.example/s/rXy12Zz99Qq')).toBe('Xy12Zz99Qq');
    expect(codeFromInput('Open it: http://127.0.0.1:8181/s/rXy12Zz99Qq now')).toBe('Xy12Zz99Qq');
    expect(codeFromInput('https://plrs.example/s/aXy12Zz99Qq')).toBeNull();
  });
  it('refuses anything else', () => {
    expect(codeFromInput('')).toBeNull();
    expect(codeFromInput('short')).toBeNull();
    expect(codeFromInput('https://a.example/#/pages/bounty/bounty-detail/index?code=Xy12Zz99Qq')).toBeNull();
    expect(codeFromInput('https://a.example/#/pages/red-envelope/password/index?redpacketCode=bad!code')).toBeNull();
    expect(codeFromInput('https://a.example/#/pages/red-envelope/password/index?code=Xy12Zz99Qq')).toBeNull();
  });
});

describe('activityCodeFromInput', () => {
  it('takes a code or an activity link', () => {
    expect(activityCodeFromInput('Ab12Cd34')).toBe('Ab12Cd34');
    expect(activityCodeFromInput('https://a.example/#/pages/activity/details/index?id=Ab12Cd34&invite=x')).toBe(
      'Ab12Cd34',
    );
    expect(activityCodeFromInput('https://a.example/#/pages/chatroom/index?id=Ab12Cd34')).toBeNull();
    expect(activityCodeFromInput('https://plrs.example/s/aAb12Cd34')).toBe('Ab12Cd34');
    expect(activityCodeFromInput('https://plrs.example/s/aAb12Cd34.inv_ite')).toBe('Ab12Cd34');
    expect(activityCodeFromInput('https://plrs.example/s/rAb12Cd34')).toBeNull();
  });
});

describe('validitySeconds', () => {
  it('counts a month as thirty days', () => {
    expect(validitySeconds('1', 'month')).toBe(2_592_000);
    expect(validitySeconds('1.5', 'hour')).toBeNull();
  });
});

describe('canSendRedPacket', () => {
  it('needs one network with red packets enabled', () => {
    expect(canSendRedPacket({ networks: [] })).toBe(false);
    const network = { redPacketEnabled: false } as Parameters<typeof canSendRedPacket>[0]['networks'][number];
    expect(canSendRedPacket({ networks: [network] })).toBe(false);
    expect(canSendRedPacket({ networks: [network, { ...network, redPacketEnabled: true }] })).toBe(true);
  });
});

describe('envelopeView', () => {
  const packet = { mine: null, isSender: false, state: 'active' as const, can: { claim: true } };
  it('opens an active packet for a logged-in person and asks a guest to log in', () => {
    expect(envelopeView(packet, true)).toBe('open');
    expect(envelopeView({ ...packet, can: { claim: false } }, false)).toBe('login');
  });
  it('offers opening only when the server says the reader may (can.claim)', () => {
    expect(envelopeView({ ...packet, can: { claim: false } }, true)).toBe('closed');
  });
  it('shows my share before anything else, and the sender their own packet', () => {
    expect(envelopeView({ ...packet, state: 'claimed', mine: { amount: '1', claimedAt: '' } }, true)).toBe('mine');
    expect(envelopeView({ ...packet, isSender: true }, true)).toBe('sender');
  });
  it('says all claimed, or activity ended for an expired or refunded packet', () => {
    expect(envelopeView({ ...packet, state: 'claimed' }, true)).toBe('claimed');
    expect(envelopeView({ ...packet, state: 'expired' }, true)).toBe('ended');
    expect(envelopeView({ ...packet, state: 'refunded' }, false)).toBe('ended');
  });
});
