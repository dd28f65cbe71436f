import type { ActivitySummary } from '@polaris/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import type { ActivityMarketing } from '../../db/schema/index.ts';
import type { Links } from '../../platform/links.ts';
import { presentSummary } from './presenter.ts';
import { phaseOf } from './store.ts';

/**
 * Activity summaries in one statement, whatever the page size: the activity row, its cover, its live ticket
 * types with their asset's decimals and its approved seat count all come back as columns of one row, so a list
 * costs one round trip and explore two.
 */

interface SummaryRow {
  section: string;
  id: string;
  code: string;
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

export interface SummarySection {
  name: string;
  where: SQL;
  order: SQL;
  limit: number;
}

const summarySelect = (section: SummarySection) => sql`(
  select ${section.name}::text as section, a.id::text as id, a.code, a.status, a.title, a.category,
    floor(extract(epoch from a.starts_at) * 1000)::float8 as starts_ms,
    floor(extract(epoch from a.ends_at) * 1000)::float8 as ends_ms,
    a.timezone, a.city, a.online_url, a.capacity, a.marketing,
    (select count(*)::int from registrations r where r.activity_id = a.id and r.status = 'approved') as seats_taken,
    (select json_agg(json_build_object('price', t.price::text, 'asset', t.asset_code, 'decimals', s.decimals)
       order by t.sort, t.id)
     from ticket_types t left join assets s on s.code = t.asset_code
     where t.activity_id = a.id and t.deleted_at is null) as tickets,
    i.id as cover_id, i.width as cover_width, i.height as cover_height, i.widths as cover_widths
  from activities a left join images i on i.id = a.cover_image_id
  where ${section.where}
  ${section.order}
  limit ${section.limit}
)`;

export interface SummaryItem {
  summary: ActivitySummary;
  /** Keyset position for the next page: `<starts at ms>_<row id>`. */
  cursor: string;
}

/** Each section's summaries, in its order, from one statement. */
export async function summarySections(
  db: Database,
  links: Links,
  now: Date,
  sections: SummarySection[],
): Promise<Map<string, SummaryItem[]>> {
  const result = new Map<string, SummaryItem[]>(sections.map((section) => [section.name, []]));
  if (sections.length === 0) return result;
  const found = await query<SummaryRow>(db, sql.join(sections.map(summarySelect), sql` union all `));
  for (const row of found.rows) result.get(row.section)!.push(toItem(links, now, row));
  return result;
}

function toItem(links: Links, now: Date, row: SummaryRow): SummaryItem {
  const startsAt = new Date(Number(row.starts_ms));
  const endsAt = new Date(Number(row.ends_ms));
  const tickets = row.tickets ?? [];
  const decimals = new Map(tickets.flatMap((t) => (t.asset ? [[t.asset, Number(t.decimals ?? 0)] as const] : [])));
  const summary = presentSummary(
    links,
    {
      code: row.code,
      status: row.status,
      title: row.title,
      category: row.category,
      startsAt,
      endsAt,
      timezone: row.timezone,
      city: row.city,
      onlineUrl: row.online_url,
      capacity: row.capacity === null ? null : Number(row.capacity),
      marketing: row.marketing,
    },
    tickets.map((t) => ({ price: t.price, assetCode: t.asset })),
    { taken: Number(row.seats_taken) },
    row.cover_id
      ? { id: row.cover_id, width: row.cover_width!, height: row.cover_height!, widths: row.cover_widths! }
      : undefined,
    decimals,
    phaseOf({ startsAt, endsAt }, now),
  );
  return { summary, cursor: `${startsAt.getTime()}_${row.id}` };
}
