import { describe, expect, it } from 'vitest';
import { FieldsError } from '../../platform/errors.ts';
import { canView, reviewOpen, stateOf, submitRefusal } from './policy.ts';
import { splitPool } from './service.ts';
import type { BountyRow } from './store.ts';

const HOUR = 3_600_000;
const now = new Date('2025-06-01T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const canSubmit = (row: BountyRow, userId: number | null, when: Date) => submitRefusal(row, userId, when) === null;

function bounty(overrides: Partial<BountyRow> = {}): BountyRow {
  return {
    id: 1,
    creatorId: 7,
    title: 't',
    description: '',
    category: 'other',
    assetCode: 'USDT',
    decimals: 6,
    reward: 1_000_000n,
    winners: 3,
    paidCount: 0,
    submitKinds: ['text'],
    audience: 'anyone',
    roomId: null,
    activityId: null,
    activityCode: null,
    activityTitle: null,
    deadline: at(1),
    reviewUntil: at(73),
    fundEntryId: 1,
    createdAt: at(-1),
    settledAt: null,
    refundEntryId: null,
    creatorUid: 10000007,
    creatorName: 'c',
    creatorAvatar: null,
    pendingCount: 0,
    mine: null,
    inAudience: true,
    ...overrides,
  };
}

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldsError ? error.fields[0] : error;
  }
  return null;
};

describe('bounty states', () => {
  it('is open before the deadline, reviewing until the window closes, then ended', () => {
    expect(stateOf(bounty(), now)).toBe('open');
    expect(stateOf(bounty(), at(2))).toBe('reviewing');
    expect(stateOf(bounty(), at(73))).toBe('ended');
    expect(stateOf(bounty({ settledAt: at(74) }), at(74))).toBe('ended');
  });

  it('is completed once every winner is paid, whatever the time', () => {
    expect(stateOf(bounty({ paidCount: 3, settledAt: now }), now)).toBe('completed');
    expect(stateOf(bounty({ paidCount: 3, settledAt: now }), at(100))).toBe('completed');
  });

  it('keeps review open only while unsettled and inside the window', () => {
    expect(reviewOpen(bounty(), at(72))).toBe(true);
    expect(reviewOpen(bounty(), at(73))).toBe(false);
    expect(reviewOpen(bounty({ settledAt: now }), now)).toBe(false);
  });
});

describe('who may submit and see', () => {
  it('lets an outsider in the audience submit, once a live submission is gone', () => {
    expect(canSubmit(bounty(), 8, now)).toBe(true);
    expect(canSubmit(bounty(), null, now)).toBe(false);
    expect(canSubmit(bounty(), 7, now)).toBe(false);
    expect(canSubmit(bounty({ inAudience: false }), 8, now)).toBe(false);
    expect(canSubmit(bounty(), 8, at(2))).toBe(false);
    expect(canSubmit(bounty({ mine: { id: 1, state: 'pending', reason: null } }), 8, now)).toBe(false);
    expect(canSubmit(bounty({ mine: { id: 1, state: 'approved', reason: null } }), 8, now)).toBe(false);
    expect(canSubmit(bounty({ mine: { id: 1, state: 'rejected', reason: 'no' } }), 8, now)).toBe(true);
  });

  it("shows a room's bounty only to its members and its creator", () => {
    const inRoom = bounty({ audience: 'room', roomId: 3, inAudience: false });
    expect(canView(inRoom, 8)).toBe(false);
    expect(canView(inRoom, null)).toBe(false);
    expect(canView(inRoom, 7)).toBe(true);
    expect(canView({ ...inRoom, inAudience: true }, 8)).toBe(true);
    expect(canView(bounty({ audience: 'attendees', inAudience: false }), null)).toBe(true);
  });
});

describe('splitting the pool', () => {
  it('splits by winners or by reward per winner, evenly', () => {
    expect(splitPool(30n, undefined, 3)).toEqual({ reward: 10n, winners: 3 });
    expect(splitPool(30n, 10n, undefined)).toEqual({ reward: 10n, winners: 3 });
    expect(splitPool(30n, 10n, 3)).toEqual({ reward: 10n, winners: 3 });
    expect(splitPool(1000n, 1n, undefined)).toEqual({ reward: 1n, winners: 1000 });
  });

  it('refuses an uneven split, a reward above the pool, and winners out of range', () => {
    expect(keyOf(() => splitPool(10n, undefined, 3))).toMatchObject({ field: 'total', messageKey: 'bounty.notEven' });
    expect(keyOf(() => splitPool(2n, undefined, 3))).toMatchObject({ messageKey: 'bounty.notEven' });
    expect(keyOf(() => splitPool(10n, 3n, undefined))).toMatchObject({ messageKey: 'bounty.notEven' });
    expect(keyOf(() => splitPool(10n, 11n, undefined))).toMatchObject({ messageKey: 'bounty.perWinnerAboveTotal' });
    expect(keyOf(() => splitPool(1001n, 1n, undefined))).toMatchObject({
      field: 'winners',
      messageKey: 'bounty.winnersRange',
      params: { max: 1000 },
    });
    for (const winners of [0, -1, 1.5, 1001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(keyOf(() => splitPool(3000n, undefined, winners))).toMatchObject({ messageKey: 'bounty.winnersRange' });
    }
  });
});
