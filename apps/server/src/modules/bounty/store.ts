import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';

/**
 * The bounty module's statements. Reads that feed a list are one statement whatever the number of rows: the
 * creator, the activity, the pending count and the viewer's own submission and audience come as joins and
 * correlated subqueries, never one query per row.
 */

export type Db = Database | Tx;

/** A bounty as the presenter needs it, with what the viewer's answer needs. */
export interface BountyRow {
  id: number;
  creatorId: number;
  title: string;
  description: string;
  category: string;
  assetCode: string;
  decimals: number;
  reward: bigint;
  winners: number;
  paidCount: number;
  submitKinds: string[];
  audience: 'anyone' | 'room' | 'attendees';
  roomId: number | null;
  activityId: number | null;
  activityCode: string | null;
  activityTitle: string | null;
  deadline: Date;
  reviewUntil: Date;
  fundEntryId: number;
  createdAt: Date;
  settledAt: Date | null;
  refundEntryId: number | null;
  creatorUid: number;
  creatorName: string;
  creatorAvatar: string | null;
  pendingCount: number;
  /** The viewer's latest submission, if any. */
  mine: { id: number; state: SubmissionState; reason: string | null } | null;
  /** Whether the viewer is in the bounty's audience (a room member, a checked-in attendee; anyone otherwise). */
  inAudience: boolean;
}

export type SubmissionState = 'pending' | 'approved' | 'rejected' | 'expired';

interface RawBounty {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  category: string;
  asset_code: string;
  decimals: number;
  reward: string;
  winners: number;
  paid_count: number;
  submit_kinds: string[] | string;
  audience: BountyRow['audience'];
  room_id: string | null;
  activity_id: string | null;
  activity_code: string | null;
  activity_title: string | null;
  deadline: string | Date;
  review_until: string | Date;
  fund_entry_id: string;
  created_at: string | Date;
  settled_at: string | Date | null;
  refund_entry_id: string | null;
  creator_uid: string;
  creator_name: string;
  creator_avatar: string | null;
  pending_count: number | string;
  my_id: string | null;
  my_state: SubmissionState | null;
  my_reason: string | null;
  in_audience: boolean;
}

export const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));
export const maybeNumber = (value: string | null) => (value === null ? null : Number(value));

/** The name a person is shown by: their public name, their user name, or a masked email (`public_users`). */
export const personName = (alias: string) => sql.raw(`${alias}.display_name`);

function bountyOf(raw: RawBounty): BountyRow {
  return {
    id: Number(raw.id),
    creatorId: Number(raw.creator_id),
    title: raw.title,
    description: raw.description,
    category: raw.category,
    assetCode: raw.asset_code,
    decimals: Number(raw.decimals),
    reward: BigInt(raw.reward),
    winners: Number(raw.winners),
    paidCount: Number(raw.paid_count),
    submitKinds: typeof raw.submit_kinds === 'string' ? JSON.parse(raw.submit_kinds) : raw.submit_kinds,
    audience: raw.audience,
    roomId: maybeNumber(raw.room_id),
    activityId: maybeNumber(raw.activity_id),
    activityCode: raw.activity_code,
    activityTitle: raw.activity_title,
    deadline: date(raw.deadline),
    reviewUntil: date(raw.review_until),
    fundEntryId: Number(raw.fund_entry_id),
    createdAt: date(raw.created_at),
    settledAt: raw.settled_at === null ? null : date(raw.settled_at),
    refundEntryId: maybeNumber(raw.refund_entry_id),
    creatorUid: Number(raw.creator_uid),
    creatorName: raw.creator_name,
    creatorAvatar: raw.creator_avatar,
    pendingCount: Number(raw.pending_count),
    mine: raw.my_id === null ? null : { id: Number(raw.my_id), state: raw.my_state!, reason: raw.my_reason },
    inAudience: raw.in_audience,
  };
}

/**
 * Bounties with everything their answer shows, as seen by `viewerId`, filtered by `where` (over alias `b`),
 * newest first. One statement.
 */
async function bountyRows(db: Db, viewerId: number | null, where: SQL, limit: number): Promise<BountyRow[]> {
  const viewer = viewerId ?? 0;
  const found = await query<RawBounty>(
    db,
    sql`
    select b.id, b.creator_id, b.title, b.description, b.category, b.asset_code, s.decimals, b.reward::text as reward,
      b.winners, b.paid_count, b.submit_kinds, b.audience, b.room_id, b.activity_id,
      a.code as activity_code, a.title as activity_title, b.deadline, b.review_until, b.fund_entry_id, b.created_at,
      b.settled_at, b.refund_entry_id, u.uid as creator_uid, ${personName('u')} as creator_name,
      u.avatar as creator_avatar,
      (select count(*) from bounty_submissions p where p.bounty_id = b.id and p.state = 'pending') as pending_count,
      mine.id as my_id, mine.state as my_state, mine.reason as my_reason,
      case b.audience
        when 'room' then exists (select 1 from chat_room_members m
          where m.room_id = b.room_id and m.user_id = ${viewer})
        when 'attendees' then exists (select 1 from activity_attendance r
          where r.activity_id = b.activity_id and r.user_id = ${viewer} and r.status = 'approved' and r.checked_in)
        else true
      end as in_audience
    from bounties b
    join public_users u on u.id = b.creator_id
    join public_assets s on s.code = b.asset_code
    left join public_activities a on a.id = b.activity_id
    left join lateral (select q.id, q.state, q.reason from bounty_submissions q
      where q.bounty_id = b.id and q.user_id = ${viewer} order by q.id desc limit 1) mine on true
    where ${where}
    order by b.id desc
    limit ${limit}`,
  );
  return found.rows.map(bountyOf);
}

/** What a bounty list may be narrowed to; `before` is the cursor's id. */
export interface BountyFilter {
  q?: string;
  category?: string;
  /** Only what still takes submissions at this time. */
  openAt?: Date;
  activityId?: number;
  roomId?: number;
  creatorId?: number;
  before?: number | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A room's bounty shows only to its members and its creator (`canView` in policy.ts, as SQL over alias `b`),
 * so a list never carries what its viewer could not open.
 */
function visibleTo(viewerId: number | null): SQL {
  const viewer = viewerId ?? 0;
  return sql`(b.audience <> 'room' or b.creator_id = ${viewer} or exists (select 1 from chat_room_members m
    where m.room_id = b.room_id and m.user_id = ${viewer}))`;
}

/** A page of bounties the viewer may see, newest first. One statement. */
export function listBounties(db: Db, viewerId: number | null, filter: BountyFilter, limit: number) {
  const where: SQL[] = [visibleTo(viewerId)];
  if (filter.q) where.push(sql`b.title ilike ${`%${escapeLike(filter.q)}%`}`);
  if (filter.category) where.push(sql`b.category = ${filter.category}`);
  if (filter.openAt) {
    where.push(
      sql`b.settled_at is null and b.paid_count < b.winners and b.deadline > ${filter.openAt.toISOString()}::timestamptz`,
    );
  }
  if (filter.activityId !== undefined) where.push(sql`b.activity_id = ${filter.activityId}`);
  if (filter.roomId !== undefined) where.push(sql`b.room_id = ${filter.roomId}`);
  if (filter.creatorId !== undefined) where.push(sql`b.creator_id = ${filter.creatorId}`);
  if (filter.before != null) where.push(sql`b.id < ${filter.before}`);
  return bountyRows(db, viewerId, sql.join(where, sql` and `), limit);
}

/** These bounties, whoever may see them now: the caller's own submissions name them. */
export function bountiesByIds(db: Db, viewerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return bountyRows(
    db,
    viewerId,
    sql`b.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    ids.length,
  );
}

export async function bountyById(db: Db, viewerId: number | null, id: number): Promise<BountyRow | undefined> {
  const [row] = await bountyRows(db, viewerId, sql`b.id = ${id}`, 1);
  return row;
}

/** The next value of the bounties' id: the funding entry names the bounty before its row exists. */
export async function nextBountyId(tx: Tx): Promise<number> {
  const found = await query<{ id: string }>(tx, sql`select nextval(pg_get_serial_sequence('bounties', 'id')) as id`);
  return Number(found.rows[0]!.id);
}

export async function insertBounty(
  tx: Tx,
  values: {
    id: number;
    creatorId: number;
    title: string;
    description: string;
    category: string;
    assetCode: string;
    reward: bigint;
    winners: number;
    submitKinds: string[];
    audience: string;
    roomId: number | null;
    activityId: number | null;
    deadline: Date;
    reviewUntil: Date;
    fundEntryId: number;
    createdAt: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into bounties (id, creator_id, title, description, category, asset_code, reward, winners, submit_kinds,
      audience, room_id, activity_id, deadline, review_until, fund_entry_id, created_at)
    values (${values.id}, ${values.creatorId}, ${values.title}, ${values.description}, ${values.category},
      ${values.assetCode}, ${values.reward.toString()}, ${values.winners}, ${JSON.stringify(values.submitKinds)}::jsonb,
      ${values.audience}, ${values.roomId}, ${values.activityId}, ${values.deadline.toISOString()}::timestamptz,
      ${values.reviewUntil.toISOString()}::timestamptz, ${values.fundEntryId}, ${values.createdAt.toISOString()}::timestamptz)`);
}

/** Who hosts an activity (organizer and co-hosts) and whether it is cancelled; undefined when unknown. */
export async function activityHosts(
  db: Db,
  activityId: number,
): Promise<{ title: string; cancelled: boolean; hostIds: number[] } | undefined> {
  const found = await query<{ title: string; status: string; organizer_id: string; cohosts: string[] | null }>(
    db,
    sql`select a.title, a.status, a.organizer_id,
          (select array_agg(c.user_id::text) from public_activity_cohosts c where c.activity_id = a.id) as cohosts
        from public_activities a where a.id = ${activityId}`,
  );
  const row = found.rows[0];
  if (!row) return undefined;
  return {
    title: row.title,
    cancelled: row.status === 'cancelled',
    hostIds: [Number(row.organizer_id), ...(row.cohosts ?? []).map(Number)],
  };
}

/**
 * Locks the bounty for sharing while it is still open at `now`: a submission waits for a payout that is taking
 * the last slot (and settling the bounty) to commit, and then finds it closed.
 */
export async function lockOpenBounty(tx: Tx, id: number, now: Date): Promise<boolean> {
  const found = await query<{ id: string }>(
    tx,
    sql`select id from bounties where id = ${id} and settled_at is null and paid_count < winners
        and deadline > ${now.toISOString()}::timestamptz for share`,
  );
  return found.rows.length > 0;
}

/** What a winner slot claim answers: the slot taken and what to pay. */
export interface ClaimedSlot {
  paidCount: number;
  winners: number;
  reward: bigint;
  assetCode: string;
}

/**
 * Takes one winner slot while the bounty is unsettled and inside its review window. The row lock also orders
 * this payout against other payouts, submissions and the settle worker (bounty first, then submissions).
 */
export async function claimWinnerSlot(tx: Tx, id: number, now: Date): Promise<ClaimedSlot | undefined> {
  const found = await query<{ paid_count: number; winners: number; reward: string; asset_code: string }>(
    tx,
    sql`update bounties set paid_count = paid_count + 1
        where id = ${id} and paid_count < winners and settled_at is null
          and review_until > ${now.toISOString()}::timestamptz
        returning paid_count, winners, reward::text as reward, asset_code`,
  );
  const row = found.rows[0];
  if (!row) return undefined;
  return {
    paidCount: Number(row.paid_count),
    winners: Number(row.winners),
    reward: BigInt(row.reward),
    assetCode: row.asset_code,
  };
}

/** The next unsettled bounty past its review window, locked; skips one another process holds, and `skip`. */
export async function claimDueBounty(
  tx: Tx,
  now: Date,
  skip: number[] = [],
): Promise<{ id: number; creatorId: number; assetCode: string; unused: bigint } | undefined> {
  const found = await query<{ id: string; creator_id: string; asset_code: string; unused: string }>(
    tx,
    sql`select id, creator_id, asset_code, (reward * (winners - paid_count))::text as unused from bounties
        where settled_at is null and review_until <= ${now.toISOString()}::timestamptz
          and id <> all(${pgArray(skip)}::bigint[])
        order by review_until, id limit 1 for update skip locked`,
  );
  const row = found.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    creatorId: Number(row.creator_id),
    assetCode: row.asset_code,
    unused: BigInt(row.unused),
  };
}

/** Marks the bounty settled (once: only while unsettled) and expires what still waits for review. */
export async function settleBounty(tx: Tx, id: number, now: Date): Promise<boolean> {
  const found = await query<{ id: string }>(
    tx,
    sql`update bounties set settled_at = ${now.toISOString()}::timestamptz
        where id = ${id} and settled_at is null returning id`,
  );
  if (found.rows.length === 0) return false;
  await tx.execute(sql`update bounty_submissions set state = 'expired' where bounty_id = ${id} and state = 'pending'`);
  return true;
}

export async function setRefundEntry(tx: Tx, id: number, entryId: number): Promise<void> {
  await tx.execute(sql`update bounties set refund_entry_id = ${entryId} where id = ${id}`);
}

/** Bounties past their review window and not settled yet, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countDueBounties(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from bounties where settled_at is null and review_until <= ${now.toISOString()}::timestamptz limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What bounty money moved for (wallet/ports.ts `EntryPurpose`), by bounty id. */
export async function bountyPurposes(tx: Tx, ids: number[]) {
  const { rows } = await query<{ id: string; title: string }>(
    tx,
    sql`select id::text, title from bounties where id = any(${pgArray(ids.map(String))}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), { type: 'bounty' as const, id: row.id, title: row.title }]));
}

/** Bounties the person created that are not settled yet (their reward is held): blocks deleting them. */
export async function unsettledCreatedBy(db: Database | Tx, userId: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from bounties where creator_id = ${userId} and settled_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}
