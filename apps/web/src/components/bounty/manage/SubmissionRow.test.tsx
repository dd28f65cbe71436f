import { describe, expect, it, vi } from 'vitest';
import type { Bounty, BountySubmission } from '@/api/bounty.ts';
import { mountScreen } from '@/components/test-mount.tsx';
import { DetailBar } from '../detail/DetailBar.tsx';
import { SubmissionRow } from './SubmissionRow.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn(() => new Promise(() => {})) } }));

/** An open bounty with winners left: only `can` differs between the cases. */
const bounty = (can: Partial<Bounty['can']>) =>
  ({
    id: '5',
    title: 'Write a thread',
    asset: 'USDT',
    perWinner: '10',
    state: 'open',
    winners: 3,
    paidCount: 0,
    pendingCount: 1,
    shareUrl: 'https://example.com/b5',
    can: { submit: false, manage: false, review: false, ...can },
  }) as unknown as Bounty;

const submission = {
  id: '9',
  bountyId: '5',
  person: { uid: '10000002', name: 'Ann', avatar: null },
  text: 'Done',
  link: null,
  imageId: null,
  state: 'pending',
  reason: null,
  amount: null,
  entryId: null,
  createdAt: '2026-05-01T10:00:00.000Z',
} as unknown as BountySubmission;

async function mount(element: React.ReactNode) {
  const container = await mountScreen(element);
  return (testId: string) => container.querySelector(`[data-testid="${testId}"]`);
}

describe('bounty actions follow the answer’s can', () => {
  it('offers approve and reject on a waiting submission only with can.review', async () => {
    const open = await mount(<SubmissionRow bounty={bounty({ manage: true, review: true })} submission={submission} />);
    expect(open('bounty-approve')).not.toBeNull();
    expect(open('bounty-reject')).not.toBeNull();
    // Open, winners left, a waiting submission: still nothing to press when the server says no.
    const closed = await mount(
      <SubmissionRow bounty={bounty({ manage: true, review: false })} submission={submission} />,
    );
    expect(closed('bounty-approve')).toBeNull();
    expect(closed('bounty-reject')).toBeNull();
  });

  it('leads to the review queue only with can.manage', async () => {
    expect((await mount(<DetailBar bounty={bounty({ manage: true })} />))('bounty-manage')).not.toBeNull();
    expect((await mount(<DetailBar bounty={bounty({ manage: false })} />))('bounty-manage')).toBeNull();
  });
});
