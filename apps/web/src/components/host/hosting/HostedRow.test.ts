import { describe, expect, it } from 'vitest';
import { shortcutsOf } from './HostedRow.tsx';

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
