import type { Activity, Registration } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, createActivity, guest, HOUR, signUp } from './activity-fixtures.ts';

/**
 * The detail's `can` and the action routes answer from the same rules (policy.ts): for every reader and action, an
 * action the answer offers goes through, and one it does not is refused with the rule's status.
 */

type Reader = 'organizer' | 'cohost' | 'attendee' | 'stranger' | 'guest';
type Action = keyof Activity['can'];
/** What the action answers: 200, a repeat answered with the place already held (idempotent), or the refusal's status. */
type Outcome = 200 | 'repeat' | 401 | 403 | 404 | 409;
type Scenario = 'upcoming' | 'draft' | 'cancelled' | 'ongoing' | 'ended';

/** Per scenario and action, the outcome for organizer, co-host, attendee, stranger and guest, in that order. */
const EXPECTED: Record<Scenario, Record<Action, [Outcome, Outcome, Outcome, Outcome, Outcome]>> = {
  upcoming: {
    edit: [200, 200, 403, 403, 401],
    manage: [200, 200, 403, 403, 401],
    checkIn: [200, 200, 403, 403, 401],
    signUp: [403, 403, 'repeat', 200, 401],
    cancelRegistration: [404, 404, 200, 404, 401],
    transferTicket: [404, 404, 200, 404, 401],
    cancelActivity: [200, 403, 403, 403, 401],
  },
  // Nobody but its hosts knows a draft; its "attendee" could not sign up.
  draft: {
    edit: [200, 200, 404, 404, 401],
    manage: [200, 200, 404, 404, 401],
    checkIn: [409, 409, 404, 404, 401],
    signUp: [404, 404, 404, 404, 401],
    cancelRegistration: [404, 404, 404, 404, 401],
    transferTicket: [404, 404, 404, 404, 401],
    cancelActivity: [200, 403, 404, 404, 401],
  },
  cancelled: {
    edit: [403, 403, 403, 403, 401],
    manage: [200, 200, 403, 403, 401],
    checkIn: [409, 409, 403, 403, 401],
    signUp: [409, 409, 409, 409, 401],
    cancelRegistration: [404, 404, 404, 404, 401],
    transferTicket: [404, 404, 404, 404, 401],
    cancelActivity: [409, 403, 403, 403, 401],
  },
  ongoing: {
    edit: [200, 200, 403, 403, 401],
    manage: [200, 200, 403, 403, 401],
    checkIn: [200, 200, 403, 403, 401],
    signUp: [403, 403, 'repeat', 200, 401],
    cancelRegistration: [404, 404, 409, 404, 401],
    transferTicket: [404, 404, 409, 404, 401],
    cancelActivity: [200, 403, 403, 403, 401],
  },
  ended: {
    edit: [409, 409, 403, 403, 401],
    manage: [200, 200, 403, 403, 401],
    checkIn: [200, 200, 403, 403, 401],
    signUp: [409, 409, 409, 409, 401],
    cancelRegistration: [404, 404, 409, 404, 401],
    transferTicket: [404, 404, 409, 404, 401],
    cancelActivity: [409, 403, 403, 403, 401],
  },
};

const READERS: Reader[] = ['organizer', 'cohost', 'attendee', 'stranger', 'guest'];

describe("an activity's `can` agrees with its action routes", () => {
  let t: TestApp;
  const users = {} as Record<Exclude<Reader, 'guest'>, WalletUser> & { recipient: WalletUser };
  const tokenOf = (reader: Reader) => (reader === 'guest' ? undefined : users[reader].token);

  beforeAll(async () => {
    const app = await activityApp();
    t = app.t;
    users.organizer = app.olivia;
    users.cohost = app.cohost;
    users.attendee = await guest(t, 'attendee@example.com', '0');
    users.stranger = await guest(t, 'stranger@example.com', '0');
    users.recipient = await guest(t, 'recipient@example.com', '0');
  });
  afterAll(() => t.close());

  /** A free activity in the scenario's state, with the attendee's place (when one could be taken) and its QR. */
  async function setUp(scenario: Scenario) {
    const start = t.clock.now().getTime() + (scenario === 'ongoing' || scenario === 'ended' ? HOUR : 7 * 24 * HOUR);
    const activity = await createActivity(t, users.organizer, {
      coHosts: [users.cohost.uid],
      publish: scenario !== 'draft',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * HOUR).toISOString(),
    });
    let place: Registration | null = null;
    if (scenario !== 'draft') {
      const signed = await signUp(t, users.attendee, activity.id);
      expect(signed.status).toBe(200);
      place = signed.attachment;
    }
    if (scenario === 'cancelled') {
      const cancelled = await t.call('POST', '/activity/manage/cancel', {
        token: users.organizer.token,
        body: { activityId: activity.id },
      });
      expect(cancelled.status).toBe(200);
    }
    if (scenario === 'ongoing') t.clock.advance(2 * HOUR);
    if (scenario === 'ended') t.clock.advance(5 * HOUR);
    return { id: activity.id, qr: place?.qr ?? 'no-ticket', place };
  }

  function act(action: Action, reader: Reader, activity: { id: string; qr: string }) {
    const token = tokenOf(reader);
    const body = { activityId: activity.id };
    switch (action) {
      case 'edit':
        return t.call('POST', '/activity/update', { token, body: { id: activity.id, title: 'Renamed' } });
      case 'manage':
        return t.call('GET', '/activity/manage/overview', { token, query: body });
      case 'checkIn':
        return t.call('POST', '/activity/checkin', { token, body: { ...body, ticketCode: activity.qr } });
      case 'signUp':
        return reader === 'guest'
          ? t.call('POST', '/activity/signup', { body })
          : signUp(t, users[reader], activity.id);
      case 'cancelRegistration':
        return t.call('POST', '/activity/signup/cancel', { token, body });
      case 'transferTicket':
        return t.call('POST', '/activity/ticket/transfer', { token, body: { ...body, toUid: users.recipient.uid } });
      case 'cancelActivity':
        return t.call('POST', '/activity/manage/cancel', { token, body });
    }
  }

  for (const scenario of Object.keys(EXPECTED) as Scenario[]) {
    for (const action of Object.keys(EXPECTED[scenario]) as Action[]) {
      it(`${scenario}: ${action}`, async () => {
        // An action that went through changes the activity: the next reader starts from a fresh one.
        let activity: Awaited<ReturnType<typeof setUp>> | null = null;
        for (const [index, reader] of READERS.entries()) {
          activity ??= await setUp(scenario);
          const detail = await t.call<Activity>('GET', '/activity/detail', {
            token: tokenOf(reader),
            query: { id: activity.id },
          });
          // Whoever may not see the activity may do nothing with it.
          const can = detail.status === 200 ? detail.attachment.can[action] : false;
          const expected = EXPECTED[scenario][action][index]!;
          const answer = await act(action, reader, activity);
          const what = `${scenario} ${action} by ${reader}`;
          expect({ what, can }).toEqual({ what, can: expected === 200 });
          if (expected === 'repeat') {
            expect({ what, status: answer.status }).toEqual({ what, status: 200 });
            expect((answer.attachment as Registration).id).toBe(activity.place!.id);
          } else {
            expect({ what, status: answer.status }).toEqual({ what, status: expected });
          }
          if (expected === 200) activity = null;
        }
      });
    }
  }
});
