import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activityAttendance, chatMessages, chatPolls, chatPollVotes, publicUsers } from '../../db/schema/index.ts';

/** The chat module's SQL for polls: storing them, claiming votes, counting them. */

export type PollRow = typeof chatPolls.$inferSelect;
type Db = Database | Tx;

export async function insertPoll(tx: Tx, values: typeof chatPolls.$inferInsert): Promise<PollRow> {
  const [row] = await tx.insert(chatPolls).values(values).returning();
  return row!;
}

/** A poll with whether its message was deleted (a deleted poll is no more: it answers as unknown). */
export async function pollById(db: Db, pollId: number) {
  const [row] = await db
    .select({ poll: chatPolls, deletedAt: chatMessages.deletedAt })
    .from(chatPolls)
    .leftJoin(chatMessages, and(eq(chatMessages.roomId, chatPolls.roomId), eq(chatMessages.seq, chatPolls.seq)))
    .where(eq(chatPolls.id, pollId));
  return row;
}

export async function pollsByIds(db: Db, pollIds: number[]): Promise<PollRow[]> {
  if (pollIds.length === 0) return [];
  return db.select().from(chatPolls).where(inArray(chatPolls.id, pollIds));
}

/**
 * Claims the right to change a poll's results: takes its row lock (votes on one poll are serialised, so the results
 * read after are those of this version) and moves its version, but only while it is open. Nothing: closed.
 */
export async function claimOpenPoll(tx: Tx, pollId: number, now: Date) {
  const [row] = await tx
    .update(chatPolls)
    .set({ version: sql`${chatPolls.version} + 1` })
    .where(
      and(
        eq(chatPolls.id, pollId),
        isNull(chatPolls.closedAt),
        or(isNull(chatPolls.closesAt), gt(chatPolls.closesAt, now)),
      ),
    )
    .returning();
  return row;
}

/** Closes an open poll now (once: a second close finds it closed). */
export async function closePoll(tx: Tx, pollId: number, now: Date) {
  const [row] = await tx
    .update(chatPolls)
    .set({ closedAt: now, version: sql`${chatPolls.version} + 1` })
    .where(
      and(
        eq(chatPolls.id, pollId),
        isNull(chatPolls.closedAt),
        or(isNull(chatPolls.closesAt), gt(chatPolls.closesAt, now)),
      ),
    )
    .returning();
  return row;
}

/** The member's ballot: inserted, or its choices replaced (the primary key makes it one per member and poll). */
export async function putVote(tx: Tx, pollId: number, userId: number, choices: number[], at: Date) {
  await tx
    .insert(chatPollVotes)
    .values({ pollId, userId, choices, votedAt: at })
    .onConflictDoUpdate({
      target: [chatPollVotes.pollId, chatPollVotes.userId],
      set: { choices, votedAt: at },
    });
}

export interface PollCounts {
  voters: number;
  /** Votes by option index. */
  byOption: Map<number, number>;
}

/** Voters and votes per option of each poll, in one statement whatever their number. */
export async function pollCounts(db: Db, pollIds: number[]): Promise<Map<number, PollCounts>> {
  const counts = new Map<number, PollCounts>(pollIds.map((id) => [id, { voters: 0, byOption: new Map() }]));
  if (pollIds.length === 0) return counts;
  const ids = sql.join(
    pollIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await query<{ poll_id: string; choice: number; n: number }>(
    db,
    sql`select v.poll_id::text as poll_id, c.choice::int as choice, count(*)::int as n
          from chat_poll_votes v cross join lateral jsonb_array_elements_text(v.choices) as c(choice)
          where v.poll_id in (${ids}) group by v.poll_id, c.choice
        union all
        select poll_id::text, -1, count(*)::int from chat_poll_votes where poll_id in (${ids}) group by poll_id`,
  );
  for (const row of rows) {
    const entry = counts.get(Number(row.poll_id));
    if (!entry) continue;
    if (Number(row.choice) === -1) entry.voters = Number(row.n);
    else entry.byOption.set(Number(row.choice), Number(row.n));
  }
  return counts;
}

/** The user's own choices in each of these polls (absent: not voted). */
export async function votesOf(db: Db, pollIds: number[], userId: number): Promise<Map<number, number[]>> {
  if (pollIds.length === 0) return new Map();
  const rows = await db
    .select({ pollId: chatPollVotes.pollId, choices: chatPollVotes.choices })
    .from(chatPollVotes)
    .where(and(inArray(chatPollVotes.pollId, pollIds), eq(chatPollVotes.userId, userId)));
  return new Map(rows.map((row) => [row.pollId, row.choices]));
}

/** Who voted for what in one poll, first voters first: for named polls only (the service checks). */
export async function namedVoters(db: Db, pollId: number, limit: number) {
  return db
    .select({
      uid: publicUsers.uid,
      name: sql<string | null>`coalesce(${publicUsers.openName}, ${publicUsers.uname})`,
      avatar: publicUsers.avatar,
      choices: chatPollVotes.choices,
    })
    .from(chatPollVotes)
    .innerJoin(publicUsers, eq(publicUsers.id, chatPollVotes.userId))
    .where(eq(chatPollVotes.pollId, pollId))
    .orderBy(chatPollVotes.votedAt, publicUsers.uid)
    .limit(limit);
}

/**
 * The user's place at an activity, as the activity module offers it to others (its `activity_attendance` view):
 * whether they hold a ticket (an approved place) and whether it was checked in.
 */
export async function attendanceOf(db: Db, activityId: number, userId: number) {
  const rows = await db
    .select({ status: activityAttendance.status, checkedIn: activityAttendance.checkedIn })
    .from(activityAttendance)
    .where(and(eq(activityAttendance.activityId, activityId), eq(activityAttendance.userId, userId)));
  const held = rows.filter((row) => row.status === 'approved');
  return { ticket: held.length > 0, checkedIn: held.some((row) => row.checkedIn) };
}
