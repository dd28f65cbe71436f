import { describe, expect, it } from 'vitest';
import {
  type BountyFormValues,
  checkBountyForm,
  checkSubmission,
  deadlineProblem,
  escrowLeft,
  isHttpsLink,
  localDateTime,
  splitPool,
  timeLeft,
  toLocalInput,
} from './bounty.ts';

const NOW = new Date('2026-05-01T10:00:00').getTime();
const inHours = (hours: number) => toLocalInput(new Date(NOW + hours * 3_600_000));

const form = (patch: Partial<BountyFormValues> = {}): BountyFormValues => ({
  title: 'Write a recap',
  total: '100',
  mode: 'winners',
  split: '4',
  deadline: inHours(48),
  submitKinds: ['text'],
  ...patch,
});

describe('the reward pool', () => {
  it('refuses an empty pool with its own message', () => {
    expect(checkBountyForm(form({ total: '  ' }), 6, NOW).total).toEqual({ key: 'contract:bounty.totalEmpty' });
  });

  it('refuses a pool that is not a number, or finer than the asset', () => {
    expect(checkBountyForm(form({ total: '1e3' }), 6, NOW).total?.key).toBe('contract:wallet.amountNumeric');
    expect(checkBountyForm(form({ total: '0' }), 6, NOW).total?.key).toBe('contract:wallet.amountPositive');
    expect(checkBountyForm(form({ total: '1.1234567' }), 6, NOW).total).toEqual({
      key: 'contract:wallet.amountPrecision',
      params: { max: 6 },
    });
  });

  it('computes each winner’s reward from the number of winners', () => {
    expect(splitPool('100', 'winners', '4', 6)).toEqual({ perWinner: '25', winners: 4 });
    expect(splitPool('10', 'winners', '4', 6)).toEqual({ perWinner: '2.5', winners: 4 });
  });

  it('computes the number of winners from each winner’s reward', () => {
    expect(splitPool('100', 'perWinner', '12.5', 6)).toEqual({ perWinner: '12.5', winners: 8 });
  });

  it('refuses a pool that does not split into equal rewards', () => {
    expect(splitPool('100', 'perWinner', '30', 6)).toEqual({
      problem: { key: 'contract:bounty.notEven', params: { count: 3 } },
    });
    // 1 unit of a 0-decimal asset cannot go to 3 people.
    expect(splitPool('10', 'winners', '3', 0)).toEqual({
      problem: { key: 'contract:bounty.notEven', params: { count: 3 } },
    });
    expect(splitPool('0.000001', 'winners', '2', 6)).toMatchObject({ problem: { key: 'contract:bounty.notEven' } });
  });

  it('refuses a reward per winner above the pool', () => {
    expect(splitPool('10', 'perWinner', '11', 6)).toEqual({ problem: { key: 'contract:bounty.perWinnerAboveTotal' } });
  });

  it('keeps winners between 1 and 1000', () => {
    const range = { problem: { key: 'contract:bounty.winnersRange', params: { max: 1000 } } };
    expect(splitPool('100', 'winners', '0', 6)).toEqual(range);
    expect(splitPool('100000', 'winners', '1001', 6)).toEqual(range);
    expect(splitPool('100', 'winners', '2.5', 6)).toEqual(range);
    expect(splitPool('2000', 'perWinner', '1', 6)).toEqual(range);
    expect(splitPool('1000', 'perWinner', '1', 6)).toEqual({ perWinner: '1', winners: 1000 });
  });

  it('reports the split under its field only once the pool itself is fine', () => {
    expect(checkBountyForm(form({ split: '3' }), 0, NOW).split?.key).toBe('contract:bounty.notEven');
    expect(checkBountyForm(form({ total: '', split: '3' }), 0, NOW).split).toBeUndefined();
  });
});

describe('the deadline', () => {
  it('accepts 10 minutes to 180 days from now', () => {
    expect(deadlineProblem(new Date(NOW + 11 * 60_000), NOW)).toBeUndefined();
    expect(deadlineProblem(new Date(NOW + 179 * 86_400_000), NOW)).toBeUndefined();
  });

  it('refuses a deadline too soon, in the past or too far away', () => {
    const range = { key: 'contract:bounty.deadlineRange' };
    expect(deadlineProblem(new Date(NOW + 5 * 60_000), NOW)).toEqual(range);
    expect(deadlineProblem(new Date(NOW - 60_000), NOW)).toEqual(range);
    expect(deadlineProblem(new Date(NOW + 181 * 86_400_000), NOW)).toEqual(range);
  });

  it('refuses a missing or unreadable date', () => {
    expect(checkBountyForm(form({ deadline: '' }), 6, NOW).deadline).toEqual({ key: 'contract:activity.dateInvalid' });
    expect(localDateTime('tomorrow')).toBeNull();
    expect(localDateTime(toLocalInput(new Date(NOW)))?.getTime()).toBe(NOW);
  });
});

describe('the rest of the form', () => {
  it('passes a complete form', () => {
    expect(checkBountyForm(form(), 6, NOW)).toEqual({});
  });

  it('asks for a title and at least one thing to submit', () => {
    const problems = checkBountyForm(form({ title: ' ', submitKinds: [] }), 6, NOW);
    expect(problems.title).toEqual({ key: 'bounty.form.titleRequired' });
    expect(problems.submitKinds).toEqual({ key: 'bounty.form.submitKindsRequired' });
  });

  it('refuses a title over 80 characters', () => {
    expect(checkBountyForm(form({ title: 'x'.repeat(81) }), 6, NOW).title?.key).toBe('bounty.form.titleTooLong');
  });
});

describe('a submission', () => {
  it('needs every kind the bounty asks for', () => {
    expect(checkSubmission(['text', 'link', 'image'], { text: '', link: '', imageId: null })).toEqual({
      text: { key: 'contract:bounty.missingText' },
      link: { key: 'contract:bounty.missingLink' },
      image: { key: 'contract:bounty.missingImage' },
    });
    expect(checkSubmission(['text'], { text: 'done', link: '', imageId: null })).toEqual({});
  });

  it('accepts only https links', () => {
    expect(isHttpsLink('https://example.com/post/1')).toBe(true);
    expect(isHttpsLink('http://example.com')).toBe(false);
    expect(isHttpsLink('https://localhost')).toBe(false);
    expect(isHttpsLink('https://exa mple.com')).toBe(false);
    expect(isHttpsLink('javascript:alert(1)')).toBe(false);
    expect(checkSubmission(['text'], { text: 'a', link: 'ftp://x.y', imageId: null }).link).toEqual({
      key: 'contract:bounty.linkInvalid',
    });
  });
});

describe('what a card shows', () => {
  it('counts down in minutes, hours, then days', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    expect(timeLeft(at(90_000), NOW)).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft(at(5 * 3_600_000), NOW)).toEqual({ unit: 'hours', count: 5 });
    expect(timeLeft(at(72 * 3_600_000), NOW)).toEqual({ unit: 'days', count: 3 });
    expect(timeLeft(at(-1), NOW)).toBeNull();
  });

  it('knows the escrow left after the paid winners', () => {
    expect(escrowLeft({ total: '100', perWinner: '12.5', paidCount: 3 }, 6)).toBe('62.5');
    expect(escrowLeft({ total: '10', perWinner: '5', paidCount: 2 }, 6)).toBe('0');
  });
});
