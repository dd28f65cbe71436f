import type { Bounty } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createBounty, DAY, detail, funded, member, review, type Submission, submit } from './bounty-fixtures.ts';

/**
 * A bounty's `can` and its action routes answer from the same rules (policy.ts): for the creator, someone who
 * submitted, a stranger and a guest, an action the answer offers goes through and one it does not is refused with
 * the rule's status.
 */

type Reader = { token: string; email: string } | null;
let t: TestApp;
let creator: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await funded(t, 'creator@example.com', '500');
}, 60_000);
afterAll(() => t.close());

const who = (reader: Reader) => reader?.email ?? 'a guest';

/** The reader's `can` for the bounty (nothing when it is unknown to them). */
async function canOf(reader: Reader, id: string): Promise<Bounty['can']> {
  const answer = await detail(t, id, reader?.token);
  return answer.status === 200 ? answer.attachment.can : { submit: false, manage: false, review: false };
}

async function submitAgrees(reader: Reader, id: string, expected: 200 | 401 | 403 | 409) {
  const can = (await canOf(reader, id)).submit;
  const sent = reader ? await submit(t, reader, id) : await t.call('POST', '/bounty/submit', { body: { id } });
  expect({ who: who(reader), can, status: sent.status }).toEqual({
    who: who(reader),
    can: expected === 200,
    status: expected,
  });
  return sent.attachment as Submission;
}

async function reviewAgrees(reader: Reader, id: string, submissionId: string, expected: 200 | 401 | 403 | 409) {
  const { review: can, manage } = await canOf(reader, id);
  const answer = reader
    ? await review(t, reader, submissionId, 'reject', 'Not yet')
    : await t.call('POST', '/bounty/review', { body: { submissionId, decision: 'reject', reason: 'x' } });
  expect({ who: who(reader), can, status: answer.status }).toEqual({
    who: who(reader),
    can: expected === 200,
    status: expected,
  });
  // The review queue is the creator's, whether or not it may still be acted on.
  expect({ who: who(reader), manage }).toEqual({ who: who(reader), manage: reader?.email === creator.email });
}

describe("a bounty's can agrees with its routes", () => {
  it('submit: anyone signed in but the creator, once while it waits, again after a rejection', async () => {
    const bounty = await createBounty(t, creator);
    const ann = await member(t, 'ann@example.com');
    await submitAgrees(creator, bounty.id, 403);
    await submitAgrees(null, bounty.id, 401);
    const first = await submitAgrees(ann, bounty.id, 200);
    await submitAgrees(ann, bounty.id, 409);
    expect((await review(t, creator, first.id, 'reject', 'Needs photos')).status).toBe(200);
    await submitAgrees(ann, bounty.id, 200);
  });

  it('review: the creator, while the window is open; nobody else', async () => {
    const bounty = await createBounty(t, creator);
    const ben = await member(t, 'ben@example.com');
    const cid = await member(t, 'cid@example.com');
    const [first, second] = [await submit(t, ben, bounty.id), await submit(t, cid, bounty.id)];
    await reviewAgrees(ben, bounty.id, first.attachment.id, 403);
    await reviewAgrees(cid, bounty.id, first.attachment.id, 403);
    await reviewAgrees(null, bounty.id, first.attachment.id, 401);
    await reviewAgrees(creator, bounty.id, first.attachment.id, 200);
    // Past the deadline and the review window (72 hours after it), nothing may be submitted or reviewed.
    t.clock.advance(2 * DAY + 73 * 3_600_000);
    await submitAgrees(await member(t, 'dee@example.com'), bounty.id, 409);
    await reviewAgrees(creator, bounty.id, second.attachment.id, 409);
  });
});
