import { describe, expect, it } from 'vitest';
import { shortcutsOf, stateTagOf } from './HostedRow.tsx';

describe('the shortcuts of a hosted activity', () => {
  it('offers what a host does next, the main one first', () => {
    expect(shortcutsOf({ status: 'published', phase: 'upcoming' }, 'upcoming')).toEqual([
      'manage',
      'scan',
      'attendees',
      'edit',
      'share',
    ]);
    expect(shortcutsOf({ status: 'draft', phase: 'upcoming' }, 'drafts')).toEqual(['edit', 'manage']);
    expect(shortcutsOf({ status: 'published', phase: 'ended' }, 'past')).toEqual(['manage', 'attendees', 'view']);
    // A cancelled activity cannot be checked in, edited or shared any more.
    expect(shortcutsOf({ status: 'cancelled', phase: 'upcoming' }, 'past')).toEqual(['manage', 'attendees', 'view']);
  });
});

describe('the state chip of a hosted activity', () => {
  it('says nothing the past tab already says, and what it does not', () => {
    expect(stateTagOf({ status: 'published', phase: 'ended' }, 'past')).toBeNull();
    expect(stateTagOf({ status: 'cancelled', phase: 'upcoming' }, 'past')).toBe('cancelled');
    expect(stateTagOf({ status: 'published', phase: 'ongoing' }, 'upcoming')).toBe('ongoing');
    expect(stateTagOf({ status: 'published', phase: 'upcoming' }, 'upcoming')).toBe('upcoming');
    expect(stateTagOf({ status: 'draft', phase: 'upcoming' }, 'drafts')).toBe('draft');
  });
});
