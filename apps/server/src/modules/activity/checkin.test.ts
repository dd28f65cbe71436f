import type { Activity, Registration } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, closeCheckingLedger, createActivity, DAY, guest, signUp } from './activity-fixtures.ts';
import { signCodeAt, signWindow } from './codes.ts';

/** The day itself: check-in by QR code and by the rotating code, and the attendance NFT it mints. */

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

describe('check-in and attendance NFTs', () => {
  let activity: Activity;
  let quinn: WalletUser;
  let ticket: Registration;
  beforeAll(async () => {
    activity = await createActivity(t, olivia, { coHosts: [cohost.uid] });
    quinn = await guest(t, 'quinn@example.com', '0');
    ticket = (await signUp(t, quinn, activity.id)).attachment;
  });

  it('a co-host checks a ticket in by its QR code; a second scan is refused; the attendee gets an NFT', async () => {
    const first = await t.call<{ nft: { tokenId: string; image: string } }>('POST', '/activity/checkin', {
      token: cohost.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(first.status).toBe(200);
    const again = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(again).toMatchObject({ status: 409, msg: 'This ticket has already been checked in' });
    const nfts = await t.call<{ items: { tokenId: string; activity: { id: string } }[] }>('GET', '/activity/nfts', {
      token: quinn.token,
    });
    expect(nfts.attachment.items).toEqual([
      expect.objectContaining({
        tokenId: first.attachment.nft.tokenId,
        activity: expect.objectContaining({ id: activity.id }),
      }),
    ]);
    const image = await t.app.inject({ url: first.attachment.nft.image });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain(activity.title);
    const overview = await t.call<{ counts: { checkedIn: number; approved: number } }>(
      'GET',
      '/activity/manage/overview',
      {
        token: olivia.token,
        query: { activityId: activity.id },
      },
    );
    expect(overview.attachment.counts).toMatchObject({ checkedIn: 1, approved: 1 });
  });

  it('undo makes the ticket valid again and burns the NFT', async () => {
    const undone = await t.call('POST', '/activity/checkin/undo', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: ticket.id },
    });
    expect(undone.status).toBe(200);
    expect(
      (await t.call<{ items: unknown[] }>('GET', '/activity/nfts', { token: quinn.token })).attachment.items,
    ).toEqual([]);
    expect(
      (
        await t.call('POST', '/activity/checkin/undo', {
          token: olivia.token,
          body: { activityId: activity.id, registrationId: ticket.id },
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a forged or foreign ticket code', async () => {
    const forged = `${ticket.qr!.slice(0, -4)}AAAA`;
    const result = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: forged },
    });
    expect(result).toMatchObject({ status: 404, msg: 'This ticket is not valid for this activity' });
    const other = await createActivity(t, olivia);
    const foreign = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: other.id, ticketCode: ticket.qr },
    });
    expect(foreign.status).toBe(404);
  });

  it('lets an attendee check in with the rotating code: current and previous window only, inside the window', async () => {
    const early = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: '000000' },
    });
    expect(early).toMatchObject({ status: 409, msg: 'Check-in opens one hour before the start and closes at the end' });
    t.clock.advance(7 * DAY - 30 * 60_000);
    const shown = await t.call<{ code: string; expiresIn: number }>('GET', '/activity/manage/signCode', {
      token: olivia.token,
      query: { activityId: activity.id },
    });
    expect(shown.attachment.code).toMatch(/^\d{6}$/);
    t.clock.advance(60_000);
    const secret = await secretOf(activity.id);
    const stale = signCodeAt(secret, signWindow(t.clock.now()) - 2);
    const wrong = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: stale === shown.attachment.code ? '999999' : stale },
    });
    expect(wrong).toMatchObject({
      status: 400,
      attachment: [{ field: 'signCode', message: 'The sign-in code is wrong or has expired' }],
    });
    const ok = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: shown.attachment.code },
    });
    expect(ok.status).toBe(200);
  });
});

async function secretOf(code: string): Promise<string> {
  const { activities } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.database.db.select().from(activities).where(eq(activities.code, code));
  return row!.checkinSecret;
}
