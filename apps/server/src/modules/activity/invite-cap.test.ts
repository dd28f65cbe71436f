import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, host } from './activity-fixtures.ts';
import { INVITE_MAILS_PER_DAY } from './invitations.service.ts';

let t: TestApp;
let olivia: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
});
afterAll(() => t.close());

const BATCH = 20;
const invite = (activityId: string, batch: number, size = BATCH) =>
  t.call<{ mailed: number }>('POST', '/activity/manage/invite', {
    token: olivia.token,
    body: { activityId, emails: Array.from({ length: size }, (_, i) => `guest-${batch}-${i}@example.org`) },
  });

const invitationMails = async () => (await readdir(t.outbox)).filter((name) => name.includes('@example.org')).length;

describe('invitation mails', () => {
  it(`stop at ${INVITE_MAILS_PER_DAY} a day per organizer, even when requests arrive together`, async () => {
    const activity = await createActivity(t, olivia);
    const batches = INVITE_MAILS_PER_DAY / BATCH + 3;
    const results = await Promise.all(Array.from({ length: batches }, (_, batch) => invite(activity.id, batch)));
    const sent = results.filter((result) => result.status === 200);
    expect(sent).toHaveLength(INVITE_MAILS_PER_DAY / BATCH);
    expect(sent.reduce((sum, result) => sum + result.attachment.mailed, 0)).toBe(INVITE_MAILS_PER_DAY);
    expect(await invitationMails()).toBe(INVITE_MAILS_PER_DAY);
    expect(results.filter((result) => result.status === 409)[0]).toMatchObject({
      msg: `You can send at most ${INVITE_MAILS_PER_DAY} invitation emails a day; please try again tomorrow`,
    });

    const over = await t.call('POST', '/activity/manage/invite', {
      token: olivia.token,
      locale: 'zh_TW',
      body: { activityId: activity.id, emails: ['one-more@example.org'] },
    });
    expect(over).toMatchObject({ status: 409, msg: `每天最多可寄出 ${INVITE_MAILS_PER_DAY} 封邀請郵件，請明天再試` });
    // A link without mail costs nothing.
    expect(
      (await t.call('POST', '/activity/manage/invite', { token: olivia.token, body: { activityId: activity.id } }))
        .status,
    ).toBe(200);

    t.clock.advance(DAY + 1);
    expect((await invite(activity.id, 99, 1)).attachment.mailed).toBe(1);
  });
});
