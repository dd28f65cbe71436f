import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, guest, host, signUp } from './activity-fixtures.ts';

interface Nft {
  tokenId: string;
  image: string;
  metadataUrl: string;
  ownerPublic: boolean;
}

let t: TestApp;
let olivia: WalletUser;
let quinn: WalletUser;
let stranger: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
  quinn = await guest(t, 'quinn@example.com', '0');
  stranger = await guest(t, 'stranger@example.com', '0');
});
afterAll(() => t.close());

/** Quinn attends an activity: signs up and is checked in by the host, which mints the NFT. */
async function attend(visibility: 'public' | 'unlisted', title: string) {
  const activity = await createActivity(t, olivia, { visibility, title, city: 'Hsinchu' });
  const ticket = (await signUp(t, quinn, activity.id)).attachment;
  const checkin = await t.call<{ nft: Nft }>('POST', '/activity/checkin', {
    token: olivia.token,
    body: { activityId: activity.id, ticketCode: ticket.qr },
  });
  expect(checkin.status).toBe(200);
  return { activity, nft: checkin.attachment.nft };
}

const fetchPath = (url: string) => t.app.inject({ url: new URL(url, 'http://any.origin').pathname });

describe('public NFT links', () => {
  it('use an unguessable id; the sequential token id finds nothing', async () => {
    const { nft } = await attend('public', 'Open Builders Night');
    expect(new URL(nft.metadataUrl).pathname).toMatch(/\/activity\/nft\/[0-9a-f]{32}\/metadata\.json$/);
    // The app shows the picture by a path (any origin); the metadata, read elsewhere, names the public URL.
    expect(nft.image).toMatch(/^\/rest\/polarisex\/activity\/nft\/[0-9a-f]{32}\/image\.svg$/);
    expect((await fetchPath(nft.metadataUrl)).statusCode).toBe(200);
    for (const file of ['metadata.json', 'image.svg']) {
      const bySequence = await t.app.inject({ url: `/rest/polarisex/activity/nft/${nft.tokenId}/${file}` });
      expect(bySequence.json()).toMatchObject({ status: 404 });
    }
  });

  it('show nothing of an unlisted activity', async () => {
    const { activity, nft } = await attend('unlisted', 'Secret Validator Dinner');
    const metadata = await fetchPath(nft.metadataUrl);
    const image = await fetchPath(nft.image);
    for (const body of [metadata.body, image.body]) {
      expect(body).not.toContain('Secret Validator Dinner');
      expect(body).not.toContain(activity.id);
      expect(body).not.toContain('Hsinchu');
      expect(body).not.toContain(quinn.uid);
    }
    expect(metadata.json()).not.toHaveProperty('external_url');
  });

  it('name the holder only after the holder chooses so', async () => {
    const { nft } = await attend('public', 'Holder Test Meetup');
    const before = await fetchPath(nft.metadataUrl);
    expect(before.body).toContain('Holder Test Meetup');
    expect(before.body).not.toContain(quinn.uid);
    expect(nft.ownerPublic).toBe(false);

    const shown = await t.call<Nft>('POST', '/activity/nft/owner', {
      token: quinn.token,
      body: { tokenId: nft.tokenId, visible: true },
    });
    expect(shown).toMatchObject({ status: 200, attachment: { ownerPublic: true, metadataUrl: nft.metadataUrl } });
    const after = (await fetchPath(nft.metadataUrl)).json() as { attributes: { trait_type: string; value: string }[] };
    expect(after.attributes).toContainEqual({ trait_type: 'Owner', value: quinn.uid });

    await t.call('POST', '/activity/nft/owner', { token: quinn.token, body: { tokenId: nft.tokenId, visible: false } });
    expect((await fetchPath(nft.metadataUrl)).body).not.toContain(quinn.uid);
  });

  it("answers someone else's token the same as a missing one", async () => {
    const { nft } = await attend('public', 'Not Yours Meetup');
    const theirs = await t.call('POST', '/activity/nft/owner', {
      token: stranger.token,
      body: { tokenId: nft.tokenId, visible: true },
    });
    const missing = await t.call('POST', '/activity/nft/owner', {
      token: stranger.token,
      body: { tokenId: '999999', visible: true },
    });
    expect(theirs).toEqual(missing);
    expect(theirs.status).toBe(404);
  });

  it('gives every stored token its own random public id (the migration backfills the same way)', async () => {
    const ids = await query<{ public_id: string }>(t.database.db, sql`select public_id from attendance_nfts`);
    expect(ids.rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids.rows.map((row) => row.public_id)).size).toBe(ids.rows.length);
    for (const row of ids.rows) expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
