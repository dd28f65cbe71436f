import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { noticesOf, screenOf, userIdOf } from '../../test/notice-inbox.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createBounty, DAY, funded, HOUR, member, review, submit } from './bounty-fixtures.ts';

/** What a bounty tells the people around it (docs/notifications.md, "Events: bounties, membership, security"): one notice each, once, in their language. */

let t: TestApp;
let cara: WalletUser;
let caraId: number;

beforeAll(async () => {
  t = await createTestApp();
  cara = await funded(t, 'notice-cara@example.com', '1000');
  caraId = await userIdOf(t, cara.token);
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

describe('submissions and reviews', () => {
  it('tells the creator of a submission, once, and refreshes their screen of the bounty', async () => {
    const bounty = await createBounty(t, cara, { title: 'Film the meetup', total: '20', winners: 2 });
    const screen = await screenOf(t, caraId);
    const bob = await member(t, 'notice-bob@example.com');
    const sent = await submit(t, bob, bounty.id);
    expect(sent.status).toBe(200);
    await screen.changed('bounty', bounty.id);

    const told = await noticesOf(t, cara.token, 'submissionReceived');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'bounty',
      title: 'New submission: Film the meetup',
      body: `${sent.attachment.person.name} submitted work for your bounty.`,
      link: `/pages/bounty/bounty-manage/index?id=${bounty.id}`,
      read: false,
    });
    // The same submission sent again is refused and tells nobody again; the submitter is told nothing.
    expect((await submit(t, bob, bounty.id)).status).toBe(409);
    expect(await noticesOf(t, cara.token, 'submissionReceived')).toHaveLength(1);
    expect(await noticesOf(t, bob.token, 'submissionReceived')).toHaveLength(0);
    // In the reader's language.
    const zh = await noticesOf(t, cara.token, 'submissionReceived', 'zh_TW');
    expect(zh[0]).toMatchObject({
      title: '新的提交：Film the meetup',
      body: `${sent.attachment.person.name} 為你的懸賞提交了作品。`,
    });
    await screen.stop();
  });

  it('tells the winner it was approved and paid, with the amount, and refreshes their wallet and bounty', async () => {
    const bounty = await createBounty(t, cara, { title: 'Translate the guide', total: '30', winners: 3 });
    const dan = await member(t, 'notice-dan@example.com');
    const danId = await userIdOf(t, dan.token);
    const sent = await submit(t, dan, bounty.id);
    const screen = await screenOf(t, danId);
    expect((await review(t, cara, sent.attachment.id, 'approve')).status).toBe(200);
    await screen.changed('wallet');
    await screen.changed('bounty', bounty.id);

    const told = await noticesOf(t, dan.token, 'submissionApproved');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'bounty',
      title: 'Approved and paid: Translate the guide',
      body: '10.00 USDT is now in your wallet.',
      link: `/pages/bounty/bounty-detail/index?id=${bounty.id}`,
    });
    // Reviewed again: refused, no second notice. The creator is not told of their own decision.
    expect((await review(t, cara, sent.attachment.id, 'approve')).status).toBe(409);
    expect(await noticesOf(t, dan.token, 'submissionApproved')).toHaveLength(1);
    expect(await noticesOf(t, cara.token, 'submissionApproved')).toHaveLength(0);
    const zh = await noticesOf(t, dan.token, 'submissionApproved', 'zh_CN');
    expect(zh[0]).toMatchObject({ title: '已通过并付款：Translate the guide', body: '10.00 USDT 已存入你的钱包。' });
    await screen.stop();
  });

  it('tells a rejected submitter, with the creator’s reason, once', async () => {
    const bounty = await createBounty(t, cara, { title: 'Design a poster', total: '10', winners: 1 });
    const erin = await member(t, 'notice-erin@example.com');
    const sent = await submit(t, erin, bounty.id);
    const done = await review(t, cara, sent.attachment.id, 'reject', 'The link does not open');
    expect(done.status).toBe(200);
    expect((await review(t, cara, sent.attachment.id, 'reject', 'again')).status).toBe(409);

    const told = await noticesOf(t, erin.token, 'submissionRejected', 'zh_TW');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: '提交未被採納：Design a poster',
      body: 'The link does not open',
      link: `/pages/bounty/bounty-detail/index?id=${bounty.id}`,
    });
  });
});

describe('the deadline', () => {
  it('tells the creator and every submitter once when it is within 24 hours, even with two runs at once', async () => {
    const bounty = await createBounty(t, cara, {
      title: 'Summarise the talk',
      total: '20',
      winners: 2,
      deadline: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
    });
    // One created a few hours before its deadline is no news to its creator: never told.
    const short = await createBounty(t, cara, {
      title: 'Quick one',
      total: '1',
      winners: 1,
      deadline: new Date(t.clock.now().getTime() + 20 * HOUR).toISOString(),
    });
    t.clock.advance(7 * HOUR);
    const fay = await member(t, 'notice-fay@example.com');
    const gus = await member(t, 'notice-gus@example.com');
    await submit(t, fay, bounty.id);
    const gusSent = await submit(t, gus, bounty.id);
    await review(t, cara, gusSent.attachment.id, 'reject', 'Too short');

    // 41 hours before: not yet.
    expect(await t.services.bounties.announceDeadlines()).toEqual({ announced: 0 });
    expect(await noticesOf(t, cara.token, 'bountyDeadline')).toHaveLength(0);

    t.clock.advance(18 * HOUR); // 23 hours before the deadline (the short one has passed its own)
    const runs = await Promise.all([t.services.bounties.announceDeadlines(), t.services.bounties.announceDeadlines()]);
    expect(runs.reduce((sum, run) => sum + run.announced, 0)).toBeGreaterThanOrEqual(1);
    // Told: nothing is due any more.
    expect(await t.services.bounties.announceDeadlines()).toEqual({ announced: 0 });

    const creator = (await noticesOf(t, cara.token, 'bountyDeadline')).filter((n) =>
      n.title.endsWith('Summarise the talk'),
    );
    expect(creator).toHaveLength(1);
    expect(creator[0]).toMatchObject({
      title: 'Deadline soon: Summarise the talk',
      link: `/pages/bounty/bounty-manage/index?id=${bounty.id}`,
    });
    // In UTC (named so), written in each reader's language.
    const deadline = (locale: string) =>
      `${new Date(bounty.deadline).toLocaleString(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} (UTC)`;
    expect(creator[0]!.body).toBe(`The bounty closes ${deadline('en-GB')}.`);
    for (const person of [fay, gus]) {
      const told = await noticesOf(t, person.token, 'bountyDeadline', 'zh_TW');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: '即將截止：Summarise the talk',
        body: `懸賞將於 ${deadline('zh-TW')} 截止。`,
        link: `/pages/bounty/bounty-detail/index?id=${bounty.id}`,
      });
    }
    const shortLink = `/pages/bounty/bounty-manage/index?id=${short.id}`;
    expect((await noticesOf(t, cara.token, 'bountyDeadline')).some((n) => n.link === shortLink)).toBe(false);
  });

  it('refreshes the creator’s bounty and wallet when what is left goes back after the review window', async () => {
    const bounty = await createBounty(t, cara, {
      title: 'Nobody wins',
      total: '5',
      winners: 1,
      deadline: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });
    const screen = await screenOf(t, caraId);
    t.clock.advance(30 * DAY);
    await t.services.bounties.settleDue();
    await screen.changed('bounty', bounty.id);
    await screen.changed('wallet');
    await screen.stop();
  });
});
