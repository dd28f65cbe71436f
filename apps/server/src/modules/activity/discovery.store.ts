import type { HostingGroup } from '@polaris/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import type { ActivityMarketing } from '../../db/schema/index.ts';
import { rangeFor } from '../../platform/zoned-time.ts';

/**
 * The SQL of discovery: activity summaries in one statement, whatever the page size. The activity row, its
 * cover, its live ticket types with their asset's decimals and its approved seat count all come back as columns
 * of one row, so a list costs one round trip and explore two.
 */

export interface SummaryRow {
  section: string;
  id: string;
  code: string;
  organizer_id: string;
  status: string;
  title: string;
  category: string;
  starts_ms: number;
  ends_ms: number;
  timezone: string;
  city: string | null;
  online_url: string | null;
  capacity: number | null;
  marketing: ActivityMarketing;
  seats_taken: number;
  tickets: { price: string; asset: string | null; decimals: number | null }[] | null;
  cover_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_widths: number[] | null;
}

/** One list of summaries: which activities, in which order, how many. */
export interface SummarySection {
  name: string;
  where: SQL;
  order: SQL;
  limit: number;
}

export interface ListFilter {
  city?: string;
  category?: string;
  when?: 'today' | 'week' | 'weekend' | 'month';
  free?: boolean;
  online?: boolean;
  q?: string;
  /** The catalogue city `q` names, if it names one: its activities match too. */
  qCity?: string;
  hostUid?: number;
  tz: string;
  cursor?: string;
  limit: number;
  featured?: boolean;
}

const summarySelect = (section: SummarySection) => sql`(
  select ${section.name}::text as section, a.id::text as id, a.code, a.organizer_id::text as organizer_id, a.status, a.title, a.category,
    floor(extract(epoch from a.starts_at) * 1000)::float8 as starts_ms,
    floor(extract(epoch from a.ends_at) * 1000)::float8 as ends_ms,
    a.timezone, a.city, a.online_url, a.capacity, a.marketing,
    (select count(*)::int from registrations r where r.activity_id = a.id and r.status = 'approved') as seats_taken,
    (select json_agg(json_build_object('price', t.price::text, 'asset', t.asset_code, 'decimals', s.decimals)
       order by t.sort, t.id)
     from ticket_types t left join public_assets s on s.code = t.asset_code
     where t.activity_id = a.id and t.deleted_at is null and not t.hidden) as tickets,
    i.id as cover_id, i.width as cover_width, i.height as cover_height, i.widths as cover_widths
  from activities a left join images i on i.id = a.cover_image_id
  where ${section.where}
  ${section.order}
  limit ${section.limit}
)`;

/** Each section's rows, in its order, from one statement. */
export async function summaryRows(db: Database, sections: SummarySection[]): Promise<Map<string, SummaryRow[]>> {
  const result = new Map<string, SummaryRow[]>(sections.map((section) => [section.name, []]));
  if (sections.length === 0) return result;
  const found = await query<SummaryRow>(db, sql.join(sections.map(summarySelect), sql` union all `));
  for (const row of found.rows) result.get(row.section)!.push(row);
  return result;
}

/** Keyset position after a row: `<starts at ms>_<row id>`. */
export const summaryCursor = (row: Pick<SummaryRow, 'starts_ms' | 'id'>) => `${Number(row.starts_ms)}_${row.id}`;

function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  const match = cursor ? /^(\d{1,15})_(\d{1,15})$/.exec(cursor) : null;
  return match ? { at: new Date(Number(match[1])).toISOString(), id: Number(match[2]) } : null;
}

/** Keyset paging by start time from `cursor`: soonest first, or latest first for past activities. */
function byStartTime(cursor: { at: string; id: number } | null, past: boolean): { after: SQL; order: SQL } {
  const after = cursor
    ? past
      ? sql`and (a.starts_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id})`
      : sql`and (a.starts_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  return { after, order: past ? sql`order by a.starts_at desc, a.id desc` : sql`order by a.starts_at, a.id` };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Public, published activities that have not ended, soonest first, by the filter; one row more than the page,
 * to know whether another follows.
 */
export function listSection(name: string, filter: ListFilter, now: Date): SummarySection {
  const cursor = decodeCursor(filter.cursor);
  const range = filter.when ? rangeFor(filter.when, now, filter.tz) : null;
  const conditions = [
    sql`a.status = 'published'`,
    sql`a.visibility = 'public'`,
    sql`a.ends_at > ${now.toISOString()}::timestamptz`,
  ];
  if (filter.city) conditions.push(sql`lower(a.city) = lower(${filter.city})`);
  if (filter.category) conditions.push(sql`a.category = ${filter.category}`);
  if (filter.hostUid)
    conditions.push(sql`a.organizer_id = (select id from public_users where uid = ${filter.hostUid})`);
  if (filter.featured) conditions.push(sql`(a.marketing->>'featured')::boolean`);
  if (filter.online === true) conditions.push(sql`a.online_url is not null`);
  if (filter.online === false) conditions.push(sql`a.online_url is null`);
  if (range) {
    conditions.push(sql`a.starts_at < ${range.to.toISOString()}::timestamptz`);
    conditions.push(sql`a.ends_at > ${range.from.toISOString()}::timestamptz`);
  }
  const priced = sql`exists (select 1 from ticket_types t where t.activity_id = a.id and t.deleted_at is null and not t.hidden and t.price > 0)`;
  const freeTicket = sql`exists (select 1 from ticket_types t where t.activity_id = a.id and t.deleted_at is null and not t.hidden and t.price = 0)`;
  if (filter.free === true) conditions.push(freeTicket);
  if (filter.free === false) conditions.push(priced);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const city = filter.qCity ? sql` or a.city = ${filter.qCity}` : sql``;
    conditions.push(
      sql`(a.title ilike ${pattern} or a.description ilike ${pattern} or a.city ilike ${pattern}${city})`,
    );
  }
  if (cursor) conditions.push(sql`(a.starts_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id})`);
  return {
    name,
    where: sql.join(conditions, sql` and `),
    order: sql`order by a.starts_at, a.id`,
    limit: filter.limit + 1,
  };
}

/** Activities the user organizes or co-hosts. */
const hostedBy = (userId: number) =>
  sql`(a.organizer_id = ${userId} or exists (select 1 from activity_cohosts c where c.activity_id = a.id and c.user_id = ${userId}))`;

/**
 * Activities the user joined (any live place) or hosts (organizer or co-host, drafts too): upcoming soonest
 * first, past latest first; one row more than the page.
 */
export function mineSection(
  userId: number,
  input: { role: 'joined' | 'hosted'; when: 'upcoming' | 'past' | 'all'; cursor?: string; limit: number },
  now: Date,
): SummarySection {
  const at = now.toISOString();
  const past = input.when === 'past';
  const cursor = decodeCursor(input.cursor);
  const membership =
    input.role === 'hosted'
      ? hostedBy(userId)
      : sql`exists (select 1 from registrations r where r.activity_id = a.id and r.user_id = ${userId}
              and r.status in ('pending', 'approved', 'waitlisted'))`;
  const when =
    input.when === 'upcoming'
      ? sql`and a.ends_at > ${at}::timestamptz`
      : past
        ? sql`and a.ends_at <= ${at}::timestamptz`
        : sql``;
  const { after, order } = byStartTime(cursor, past);
  return { name: 'mine', where: sql`${membership} ${when} ${after}`, order, limit: input.limit + 1 };
}

/** Which activities of a host's fall in a group (HOSTING_GROUPS): drafts; published and not ended; ended or cancelled. */
function hostingGroupWhere(group: HostingGroup, at: string): SQL {
  if (group === 'drafts') return sql`a.status = 'draft'`;
  if (group === 'upcoming') return sql`a.status = 'published' and a.ends_at > ${at}::timestamptz`;
  return sql`(a.status = 'cancelled' or (a.status = 'published' and a.ends_at <= ${at}::timestamptz))`;
}

/**
 * One group of the activities the user hosts (organizer or co-host): upcoming and drafts soonest first, past
 * latest first; one row more than the page.
 */
export function hostingSection(
  userId: number,
  input: { group: HostingGroup; cursor?: string; limit: number },
  now: Date,
): SummarySection {
  const past = input.group === 'past';
  const cursor = decodeCursor(input.cursor);
  const { after, order } = byStartTime(cursor, past);
  return {
    name: 'hosting',
    where: sql`${hostedBy(userId)} and ${hostingGroupWhere(input.group, now.toISOString())} ${after}`,
    order,
    limit: input.limit + 1,
  };
}

/** How many activities the user hosts in each group, in one statement. */
export async function countHosting(db: Database, userId: number, now: Date): Promise<Record<HostingGroup, number>> {
  const at = now.toISOString();
  const count = (group: HostingGroup) => sql`count(*) filter (where ${hostingGroupWhere(group, at)})::int`;
  const found = await query<Record<HostingGroup, number>>(
    db,
    sql`select ${count('upcoming')} as upcoming, ${count('drafts')} as drafts, ${count('past')} as past
        from activities a where ${hostedBy(userId)}`,
  );
  const row = found.rows[0];
  return { upcoming: Number(row?.upcoming ?? 0), drafts: Number(row?.drafts ?? 0), past: Number(row?.past ?? 0) };
}

/** Upcoming public activities per category, in one city or everywhere. */
export async function countByCategory(db: Database, city: string | undefined, now: Date) {
  const rows = await query<{ category: string; n: string }>(
    db,
    sql`select category, count(*)::text as n from activities
        where status = 'published' and visibility = 'public' and ends_at > ${now.toISOString()}::timestamptz
        ${city ? sql`and lower(city) = lower(${city})` : sql``}
        group by category`,
  );
  return new Map(rows.rows.map((row) => [row.category, Number(row.n)]));
}

/** Cities with upcoming public activities, busiest first (at most 100). */
export async function countByCity(db: Database, now: Date) {
  const rows = await query<{ city: string; n: string }>(
    db,
    sql`select min(city) as city, count(*)::text as n from activities
        where status = 'published' and visibility = 'public' and city is not null
          and ends_at > ${now.toISOString()}::timestamptz
        group by lower(city) order by count(*) desc, min(city) limit 100`,
  );
  return rows.rows.map((row) => ({ city: row.city, count: Number(row.n) }));
}

export interface VenueRow {
  address: string;
  city: string | null;
  latitude: number;
  longitude: number;
  timezone: string;
}

/** Addresses public activities are held at (with a position), matching `q`: the local gazetteer's venues. */
export async function venuesMatching(db: Database, q: string, limit: number): Promise<VenueRow[]> {
  const pattern = likePattern(q);
  const rows = await query<VenueRow>(
    db,
    sql`select distinct on (lower(address)) address, city, latitude, longitude, timezone from activities
        where status = 'published' and visibility = 'public' and address is not null
          and latitude is not null and longitude is not null and address ilike ${pattern}
        order by lower(address), starts_at desc limit ${limit}`,
  );
  return rows.rows.map((row) => ({ ...row, latitude: Number(row.latitude), longitude: Number(row.longitude) }));
}
