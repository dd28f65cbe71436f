import type { Activity } from '@polaris/contract';
import { describe, expect, it, vi } from 'vitest';
import { CancelActivity } from '@/components/host/ManageTools.tsx';
import { mountScreen } from '@/components/test-mount.tsx';
import { DetailsBar } from './DetailsBar.tsx';
import type { SignUpFlow } from './useSignUpFlow.ts';

// Nothing here may reach a server: the bar's buttons are decided by the answer's `can` alone.
vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn(() => new Promise(() => {})) } }));

const NOTHING: Activity['can'] = {
  edit: false,
  manage: false,
  checkIn: false,
  signUp: false,
  cancelRegistration: false,
  transferTicket: false,
  cancelActivity: false,
};

/** An activity a week away; `myRegistration` an approved place, not checked in, unless `place` is null. */
function activity(can: Partial<Activity['can']>, place: 'approved' | null = 'approved'): Activity {
  return {
    id: 'a1',
    status: 'published',
    phase: 'upcoming',
    title: 'Builders Night',
    description: '',
    startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
    shareUrl: 'https://example.com/a1',
    organizer: { uid: '10000001', name: 'Olivia', avatar: null },
    ticketTypes: [],
    myRegistration:
      place === null
        ? null
        : { status: place, checkedIn: false, price: '0', asset: null, fullRefundUntil: null, ticketTypeId: 't1' },
    can: { ...NOTHING, ...can },
  } as unknown as Activity;
}

const flow = { loggedIn: true, ticket: { id: 't1' }, outcome: 'approved', start: vi.fn() } as unknown as SignUpFlow;

async function mount(element: React.ReactNode) {
  const container = await mountScreen(element);
  return (testId: string) => container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
}

describe('the details bar shows an action only when the answer says the reader may', () => {
  it('offers giving the ticket away only with can.transferTicket, whatever the place looks like', async () => {
    const allowed = await mount(<DetailsBar activity={activity({ transferTicket: true })} flow={flow} />);
    expect(allowed('details-transfer')).not.toBeNull();
    // An approved place, not checked in, before the start: the server still says no (e.g. a ticket it holds back).
    const refused = await mount(<DetailsBar activity={activity({ transferTicket: false })} flow={flow} />);
    expect(refused('details-transfer')).toBeNull();
  });

  it('offers cancelling the place only with can.cancelRegistration', async () => {
    const allowed = await mount(<DetailsBar activity={activity({ cancelRegistration: true })} flow={flow} />);
    expect(allowed('details-cancel')).not.toBeNull();
    const refused = await mount(<DetailsBar activity={activity({ cancelRegistration: false })} flow={flow} />);
    expect(refused('details-cancel')).toBeNull();
  });

  it('lets the sign-up button be pressed only with can.signUp', async () => {
    const allowed = await mount(<DetailsBar activity={activity({ signUp: true }, null)} flow={flow} />);
    expect(allowed('details-signup')?.disabled).toBe(false);
    const refused = await mount(<DetailsBar activity={activity({ signUp: false }, null)} flow={flow} />);
    expect(refused('details-signup')?.disabled).toBe(true);
  });

  it('gives hosts manage, not a sign-up, with can.manage', async () => {
    const host = await mount(<DetailsBar activity={activity({ manage: true }, null)} flow={flow} />);
    expect(host('details-manage')).not.toBeNull();
    expect(host('details-signup')).toBeNull();
    const guest = await mount(<DetailsBar activity={activity({ manage: false }, null)} flow={flow} />);
    expect(guest('details-manage')).toBeNull();
  });
});

describe("the manage page's cancel section", () => {
  it('shows only with can.cancelActivity', async () => {
    const allowed = await mount(<CancelActivity activity={activity({ manage: true, cancelActivity: true }, null)} />);
    expect(allowed('manage-cancel-activity')).not.toBeNull();
    const refused = await mount(<CancelActivity activity={activity({ manage: true, cancelActivity: false }, null)} />);
    expect(refused('manage-cancel-activity')).toBeNull();
  });
});
