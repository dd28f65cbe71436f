import type { Bounty } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import type { TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Submission = {
  id: string;
  bountyId: string;
  person: { uid: string; name: string };
  text: string;
  link: string | null;
  imageId: string | null;
  state: 'pending' | 'approved' | 'rejected' | 'expired';
  reason: string | null;
  amount: string | null;
  entryId: string | null;
};
export type Page<T> = { items: T[]; nextCursor: string | null };
export type BountyMine = Page<{ bounty: Bounty; submission: Submission | null }>;

/** A user with a transaction password and `usdt` deposited. */
export async function funded(t: TestApp, email: string, usdt = '100'): Promise<WalletUser> {
  const user = await walletUser(t, email);
  if (usdt !== '0') await deposit(t, email, 'USDT', 'BSC', usdt);
  return user;
}

/** A plain user who only submits: no transaction password, no money. */
export async function member(t: TestApp, email: string): Promise<{ email: string; uid: string; token: string }> {
  const session = await t.register(email);
  return { email, uid: session.uid, token: session.token };
}

export function bountyBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Write a thread about our meetup',
    description: 'At least five posts, with photos',
    category: 'content',
    asset: 'USDT',
    total: '30',
    winners: 3,
    deadline: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
    submitKinds: ['text', 'link'],
    idempotencyKey: newKey(),
    ...overrides,
  };
}

export function createCall(t: TestApp, user: WalletUser, overrides: Record<string, unknown> = {}, locale?: string) {
  return t.call<Bounty>('POST', '/bounty/create', {
    token: user.token,
    locale,
    body: { tradePassword: user.trade, ...bountyBody(t, overrides) },
  });
}

export async function createBounty(t: TestApp, user: WalletUser, overrides: Record<string, unknown> = {}) {
  const result = await createCall(t, user, overrides);
  if (result.status !== 200) throw new Error(`create bounty: ${result.msg} ${JSON.stringify(result.attachment)}`);
  return result.attachment;
}

export function submit(
  t: TestApp,
  user: { token: string },
  id: string,
  body: Record<string, unknown> = { text: 'Done: five posts', link: 'https://example.com/thread' },
  locale?: string,
) {
  return t.call<Submission>('POST', '/bounty/submit', { token: user.token, locale, body: { id, ...body } });
}

export function review(
  t: TestApp,
  user: { token: string },
  submissionId: string,
  decision: 'approve' | 'reject',
  reason?: string,
  locale?: string,
) {
  return t.call<Submission>('POST', '/bounty/review', {
    token: user.token,
    locale,
    body: { submissionId, decision, reason },
  });
}

export const detail = (t: TestApp, id: string, token?: string) =>
  t.call<Bounty>('GET', '/bounty/detail', { token, query: { id } });

export const available = async (t: TestApp, user: { token: string }) =>
  (await balanceOf(t, user.token, 'USDT')).available;

/** The bounty escrow's USDT balance, in base units. */
export async function escrowUnits(t: TestApp): Promise<bigint> {
  const found = await query<{ available: string }>(
    t.database.db,
    sql`select available::text from accounts where system_code = 'bounty_escrow' and asset_code = 'USDT'`,
  );
  return BigInt(found.rows[0]?.available ?? '0');
}

/** The journal entries of a bounty, oldest first. */
export async function entriesOf(t: TestApp, bountyId: string) {
  const found = await query<{ id: string; kind: string; memo: Record<string, unknown> | null }>(
    t.database.db,
    sql`select id, kind, memo from journal_entries where reference = ${`bounty:${bountyId}`} order by id`,
  );
  return found.rows.map((row) => ({ id: String(row.id), kind: row.kind, memo: row.memo }));
}
