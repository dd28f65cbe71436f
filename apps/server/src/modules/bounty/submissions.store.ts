import { type SQL, sql } from 'drizzle-orm';
import { query, type Tx } from '../../db/client.ts';
import { type Db, date, maybeNumber, personName, type SubmissionState } from './store.ts';

/** The statements on submissions (store.ts had passed 400 lines): one live per person, claimed by the index. */

/** Stores a pending submission unless the person already has a live one (the partial unique index decides). */
export async function insertSubmission(
  tx: Tx,
  values: {
    bountyId: number;
    userId: number;
    body: string;
    link: string | null;
    imageId: string | null;
    createdAt: Date;
  },
): Promise<number | null> {
  const found = await query<{ id: string }>(
    tx,
    sql`insert into bounty_submissions (bounty_id, user_id, body, link, image_id, state, created_at)
        values (${values.bountyId}, ${values.userId}, ${values.body}, ${values.link}, ${values.imageId}, 'pending',
          ${values.createdAt.toISOString()}::timestamptz)
        on conflict (bounty_id, user_id) where state in ('pending', 'approved') do nothing
        returning id`,
  );
  return found.rows[0] ? Number(found.rows[0].id) : null;
}

/** A submission with its person and its bounty's amount, as the presenter needs it. */
export interface SubmissionRow {
  id: number;
  bountyId: number;
  userId: number;
  userUid: number;
  userName: string;
  userAvatar: string | null;
  body: string;
  link: string | null;
  imageId: string | null;
  state: SubmissionState;
  reason: string | null;
  reward: bigint;
  decimals: number;
  entryId: number | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

interface RawSubmission {
  id: string;
  bounty_id: string;
  user_id: string;
  user_uid: string;
  user_name: string;
  user_avatar: string | null;
  body: string;
  link: string | null;
  image_id: string | null;
  state: SubmissionState;
  reason: string | null;
  reward: string;
  decimals: number;
  entry_id: string | null;
  created_at: string | Date;
  reviewed_at: string | Date | null;
}

/** Submissions matching `where` (over alias `q`), newest first. One statement. */
async function submissionRows(db: Db, where: SQL, limit: number): Promise<SubmissionRow[]> {
  const found = await query<RawSubmission>(
    db,
    sql`
    select q.id, q.bounty_id, q.user_id, u.uid as user_uid, ${personName('u')} as user_name, u.avatar as user_avatar,
      q.body, q.link, q.image_id, q.state, q.reason, b.reward::text as reward, s.decimals, q.entry_id, q.created_at,
      q.reviewed_at
    from bounty_submissions q
    join bounties b on b.id = q.bounty_id
    join public_assets s on s.code = b.asset_code
    join public_users u on u.id = q.user_id
    where ${where}
    order by q.id desc
    limit ${limit}`,
  );
  return found.rows.map((raw) => ({
    id: Number(raw.id),
    bountyId: Number(raw.bounty_id),
    userId: Number(raw.user_id),
    userUid: Number(raw.user_uid),
    userName: raw.user_name,
    userAvatar: raw.user_avatar,
    body: raw.body,
    link: raw.link,
    imageId: raw.image_id,
    state: raw.state,
    reason: raw.reason,
    reward: BigInt(raw.reward),
    decimals: Number(raw.decimals),
    entryId: maybeNumber(raw.entry_id),
    createdAt: date(raw.created_at),
    reviewedAt: raw.reviewed_at === null ? null : date(raw.reviewed_at),
  }));
}

export async function submissionById(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await submissionRows(db, sql`q.id = ${id}`, 1);
  return row;
}

/** Moves a pending submission to its review outcome; false when it was not pending any more. */
export async function reviewSubmission(
  tx: Db,
  id: number,
  outcome: { state: 'approved' | 'rejected'; reason: string | null; reviewedAt: Date },
): Promise<boolean> {
  const found = await query<{ id: string }>(
    tx,
    sql`update bounty_submissions set state = ${outcome.state}, reason = ${outcome.reason},
          reviewed_at = ${outcome.reviewedAt.toISOString()}::timestamptz
        where id = ${id} and state = 'pending' returning id`,
  );
  return found.rows.length > 0;
}

export async function setSubmissionEntry(tx: Tx, id: number, entryId: number): Promise<void> {
  await tx.execute(sql`update bounty_submissions set entry_id = ${entryId} where id = ${id}`);
}

/** A page of submissions, newest first: a bounty's, a person's, or one person's to one bounty. One statement. */
export function listSubmissions(
  db: Db,
  filter: { bountyId?: number; userId?: number; state?: SubmissionState; before: number | null },
  limit: number,
) {
  const where: SQL[] = [];
  if (filter.bountyId !== undefined) where.push(sql`q.bounty_id = ${filter.bountyId}`);
  if (filter.userId !== undefined) where.push(sql`q.user_id = ${filter.userId}`);
  if (filter.state) where.push(sql`q.state = ${filter.state}`);
  if (filter.before !== null) where.push(sql`q.id < ${filter.before}`);
  return submissionRows(db, where.length > 0 ? sql.join(where, sql` and `) : sql`true`, limit);
}
