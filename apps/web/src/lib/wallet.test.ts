import { RECORD_KINDS, type WalletRecord } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { walletKeys } from '@/api/wallet.ts';
import en from '@/i18n/en.json';
import zhHans from '@/i18n/zh-Hans.json';
import zhHant from '@/i18n/zh-Hant.json';
import { createSettingsStore, settingsStore } from './settings.ts';
import {
  amountFigure,
  assetAmount,
  assetSubtitle,
  checkTradePassword,
  checkTransfer,
  chooseCurrency,
  currencyOf,
  formatMoney,
  groupDigits,
  looksLikeUser,
  maxSendable,
  receiveAmount,
  recordView,
  shortHash,
  shown,
  type TransferTerms,
} from './wallet.ts';

const withdrawal: TransferTerms = { kind: 'withdrawal', fee: '0.3', min: '10', max: '100000', available: '100' };
const internal: TransferTerms = { kind: 'internal', fee: '0', min: null, max: null, available: '100' };
const check = (to: string, amount: string, terms: TransferTerms | null = internal) =>
  checkTransfer({ to, amount, decimals: 6 }, terms);

describe('transfer checks (SPEC §5)', () => {
  it('says the address cannot be empty', () => {
    expect(check('  ', '1').to?.key).toBe('wallet.addressEmpty');
  });

  it('says the amount cannot be empty and must be numeric', () => {
    expect(check('10000002', '').amount?.key).toBe('wallet.amountEmpty');
    expect(check('10000002', '1e3').amount?.key).toBe('wallet.amountNumeric');
    expect(check('10000002', '1.2.3').amount?.key).toBe('wallet.amountNumeric');
    expect(check('10000002', '0').amount?.key).toBe('wallet.amountPositive');
  });

  it('refuses more decimals than the asset has, naming the limit', () => {
    expect(check('10000002', '0.0000001').amount).toEqual({ key: 'wallet.amountPrecision', params: { max: 6 } });
  });

  it('refuses a withdrawal that does not exceed its fee', () => {
    expect(check('0xabc', '0.3', withdrawal).amount?.key).toBe('wallet.amountBelowFee');
    expect(check('0xabc', '0.1', withdrawal).amount?.key).toBe('wallet.amountBelowFee');
  });

  it('holds a withdrawal to its minimum and maximum', () => {
    expect(check('0xabc', '9.999999', withdrawal).amount).toEqual({
      key: 'wallet.amountBelowMin',
      params: { min: '10' },
    });
    expect(check('0xabc', '100001', { ...withdrawal, available: '200000' }).amount?.key).toBe('wallet.amountAboveMax');
  });

  it('refuses a transfer larger than the balance, exactly at the last base unit', () => {
    expect(check('10000002', '100.000001').amount?.key).toBe('wallet.insufficient');
    expect(check('10000002', '100')).toEqual({});
    // 0.1 + 0.2 style float traps do not apply: the comparison is in base units.
    expect(check('10000002', '0.3', { ...internal, available: '0.3' })).toEqual({});
  });

  it('accepts a valid in-app transfer and a valid withdrawal', () => {
    expect(check('a@b.c', '12.5')).toEqual({});
    expect(check('0xabc', '10', withdrawal)).toEqual({});
  });
});

describe('amounts on the transfer screen', () => {
  it('computes what the recipient gets as amount − fee, without floats', () => {
    expect(receiveAmount('10', '0.3', 6)).toBe('9.7');
    expect(receiveAmount('0.3', '0.1', 18)).toBe('0.2');
    expect(receiveAmount('0.3', '0.3', 6)).toBeNull();
    expect(receiveAmount('abc', '0.3', 6)).toBeNull();
  });

  it('offers the balance as the maximum, capped by a withdrawal limit', () => {
    expect(maxSendable(internal, 6)).toBe('100');
    expect(maxSendable({ ...withdrawal, available: '250000', max: '100000' }, 6)).toBe('100000');
  });

  it('tells a user (uid or email) from an address as the server does', () => {
    expect(looksLikeUser('10000002')).toBe(true);
    expect(looksLikeUser('bob@example.com')).toBe(true);
    expect(looksLikeUser('0x2760A5bd97994Cf54b7fC0d4e1CcC10892d4CEc3')).toBe(false);
    expect(looksLikeUser('1234')).toBe(false);
  });
});

describe('display formatting', () => {
  it('groups digits of a decimal string without rounding it', () => {
    expect(groupDigits('2921.58')).toBe('2,921.58');
    expect(groupDigits('1234567.000001')).toBe('1,234,567.000001');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('12')).toBe('12');
  });

  it('writes money with the currency symbol and hides it when assets are hidden', () => {
    expect(formatMoney('2921.58', 'TWD')).toBe('NT$2,921.58');
    expect(formatMoney('100.02', 'USD')).toBe('$100.02');
    expect(shown(formatMoney('1', 'EUR'), false)).toBe('****');
  });

  it('shortens hashes in the middle', () => {
    expect(shortHash('0x23783e314454e14104cdf448d59c19bcb2', 6, 4)).toBe('0x2378…bcb2');
    expect(shortHash('short')).toBe('short');
  });
});

const record = (patch: Partial<WalletRecord>): WalletRecord => ({
  id: '1',
  type: 'deposit',
  kind: 'deposit',
  amount: '100',
  status: 'completed',
  chain: 'BSC',
  txHash: '0xabc',
  confirmations: 15,
  requiredConfirmations: 15,
  counterparty: null,
  counterpartyName: null,
  counterpartyUid: null,
  reference: '55',
  subject: null,
  note: null,
  fee: null,
  createdAt: '2026-11-21T20:31:14.893Z',
  ...patch,
});

describe('record formatting', () => {
  it('signs incoming amounts with + and keeps the server minus for outgoing ones', () => {
    expect(recordView(record({})).signedAmount).toBe('+100');
    expect(recordView(record({})).tone).toBe('in');
    const out = recordView(record({ type: 'transfer_out', kind: 'transfer', amount: '-12.5', chain: null }));
    expect(out.signedAmount).toBe('-12.5');
    expect(out.tone).toBe('out');
    expect(out.typeKey).toBe('records.type.transfer_out');
  });

  it('names bounty and red packet entries by their kind instead of "Other"', () => {
    expect(recordView(record({ type: 'other', kind: 'bounty_payout', amount: '25', chain: null })).typeKey).toBe(
      'records.kind.bounty_payout',
    );
    expect(recordView(record({ type: 'other', kind: 'redpacket_send', amount: '-5', chain: null })).typeKey).toBe(
      'records.kind.redpacket_send',
    );
    expect(recordView(record({ type: 'other', kind: 'something_new', amount: '1', chain: null })).typeKey).toBe(
      'records.type.other',
    );
  });

  it('labels every kind the records API returns, in the three languages (a ticket is not "Other")', () => {
    expect(recordView(record({ type: 'other', kind: 'ticket_payment', amount: '-12' })).typeKey).toBe(
      'records.kind.ticket_payment',
    );
    const lookup = (catalogue: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    for (const kind of RECORD_KINDS) {
      // The type the server files each kind under (presenter.ts).
      const types: WalletRecord['type'][] =
        kind === 'transfer'
          ? ['transfer_in', 'transfer_out']
          : kind === 'deposit'
            ? ['deposit']
            : kind.startsWith('withdrawal')
              ? ['withdraw']
              : ['other'];
      for (const type of types) {
        const key = recordView(record({ kind, type })).typeKey;
        expect(key, kind).not.toBe('records.type.other');
        for (const catalogue of [en, zhHant, zhHans]) expect(lookup(catalogue, key), `${kind} ${key}`).toBeTruthy();
      }
    }
  });

  it('shows confirmations only for deposits', () => {
    expect(
      recordView(record({ confirmations: 3, requiredConfirmations: 15, status: 'confirming' })).confirmations,
    ).toBe('3/15');
    expect(recordView(record({ type: 'withdraw', kind: 'withdrawal', amount: '-10' })).confirmations).toBeNull();
  });

  it('colours each status', () => {
    expect(recordView(record({ status: 'processing' }))).toMatchObject({
      statusKey: 'records.status.processing',
      statusTone: 'warning',
    });
    expect(recordView(record({ status: 'failed' })).statusTone).toBe('danger');
    expect(recordView(record({ status: 'completed' })).statusTone).toBe('success');
    // A held ticket price is not spent: on hold, in every language.
    expect(recordView(record({ kind: 'ticket_hold', status: 'held' }))).toMatchObject({
      statusKey: 'records.status.held',
      statusTone: 'warning',
    });
    expect([en, zhHant, zhHans].map((catalogue) => catalogue.records.status.held)).toEqual([
      'On hold',
      '暫扣中',
      '暂扣中',
    ]);
  });

  it('says what XDR is under its code, and the name of every other asset', () => {
    const t = (key: string) => (key === 'wallet.xdrShort' ? en.wallet.xdrShort : key);
    expect(assetSubtitle({ code: 'XDR', name: 'XDR' }, t)).toBe('Stable coin · one address on every network');
    expect(assetSubtitle({ code: 'BTC', name: 'Bitcoin' }, t)).toBe('Bitcoin');
  });
});

describe('currency switching', () => {
  it('stores a SPEC currency and re-keys the summary so it is fetched again', () => {
    const store = createSettingsStore(null);
    expect(currencyOf(store.getState().currency)).toBe('USD');
    const before = walletKeys.summary(currencyOf(store.getState().currency));
    expect(chooseCurrency(store, 'TWD')).toBe(true);
    expect(store.getState().currency).toBe('TWD');
    expect(walletKeys.summary(currencyOf(store.getState().currency))).not.toEqual(before);
  });

  it('refuses a currency outside the twelve and falls back to USD for a bad stored value', () => {
    const store = createSettingsStore(null);
    expect(chooseCurrency(store, 'XYZ')).toBe(false);
    expect(store.getState().currency).toBe('USD');
    expect(currencyOf('DOGE')).toBe('USD');
    expect(currencyOf('EUR')).toBe('EUR');
  });
});

describe('trade password rule', () => {
  it('wants 6–16 characters and a matching confirmation', () => {
    expect(checkTradePassword('')).toBe('empty');
    expect(checkTradePassword('12345')).toBe('length');
    expect(checkTradePassword('12345678901234567')).toBe('length');
    expect(checkTradePassword(' 123456')).toBe('length');
    expect(checkTradePassword('123456')).toBeNull();
    expect(checkTradePassword('123456', '123457')).toBe('mismatch');
    expect(checkTradePassword('123456', '123456')).toBeNull();
  });
});

describe('amounts on screen', () => {
  it('follow the chosen language and each asset’s display precision', () => {
    const before = settingsStore.getState().language;
    settingsStore.getState().update({ language: 'en' });
    expect(assetAmount('1234.169416', 'USDT')).toBe('1,234.16 USDT');
    expect(amountFigure('-3', 'USDT', { signed: true })).toBe('-3.00');
    settingsStore.getState().update({ language: 'zh-Hant' });
    expect(assetAmount('6.830584', 'USDT')).toBe('6.83 USDT');
    expect(amountFigure('0.12345678', 'BTC')).toBe('0.12345678');
    settingsStore.getState().update({ language: before });
  });
});
