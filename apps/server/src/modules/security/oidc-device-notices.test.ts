import type { OidcTicketResult } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesOf } from '../../test/notice-inbox.ts';
import { type OidcTestbed, oidcTestbed } from '../../test/oidc-testbed.ts';

/** Sign-in with Google or Apple counts as a sign-in for "a new device" too (docs/notifications.md, "Events: bounties, membership, security"). */

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';

let bed: OidcTestbed;
beforeAll(async () => {
  bed = await oidcTestbed();
}, 60_000);
afterAll(() => bed.close());

describe('a provider sign-in from a new device', () => {
  it('records the first one silently and tells of a new one once', async () => {
    bed.idp.accounts.set('g-device', { email: 'device@example.com', emailVerified: true });
    const first = await bed.signInAt('google', 'g-device');
    const created = await bed.redeem(first.ticket!, first.browserKey);
    expect(created.status).toBe(200);
    const token = created.attachment.session!.token;
    expect(await noticesOf(bed.t, token, 'newDevice')).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const again = await bed.signInAt('google', 'g-device');
      const redeemed = await bed.t.call<OidcTicketResult>('POST', '/user/oidc/ticket', {
        body: { ticket: again.ticket!, browserKey: again.browserKey },
        headers: { 'user-agent': CHROME_ANDROID },
      });
      expect(redeemed.attachment.session).not.toBeNull();
    }
    const told = await noticesOf(bed.t, token, 'newDevice');
    expect(told.map((notice) => notice.body)).toEqual([
      'Signed in on Chrome on Android. If this was not you, change your password now.',
    ]);
  });
});
