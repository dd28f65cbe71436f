import type { RECORD_TYPES } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import type { EntryPurpose } from './ports.ts';

/**
 * A posting to a user's available balance, with what it belongs to: the deposit or withdrawal, the other person
 * of a transfer (name and uid), and what its entry was for (kept with the entry: no other module's table is read).
 */
export interface RecordRow {
  id: string;
  entry_id: string;
  kind: string;
  ref_kind: string | null;
  amount: string;
  memo: Record<string, string> | null;
  created_at: string | Date;
  d_chain: number | null;
  d_tx: string | null;
  d_conf: number | null;
  d_req: number | null;
  w_chain: number | null;
  w_status: string | null;
  w_tx: string | null;
  w_fee: string | null;
  cp_uid: string | null;
  cp_name: string | null;
  /** What the entry was for, as the posting module described it then (wallet/ports.ts `EntryPurpose`). */
  purpose_type: EntryPurpose['type'] | null;
  purpose_id: string | null;
  purpose_title: string | null;
  /**
   * A ticket hold whose money is still frozen, from the ledger alone: the frozen postings of its registration's
   * entries (the hold, its release or settlement) and of its activity's own (a cancellation frees every hold at
   * once) do not sum to zero.
   */
  still_held: boolean;
}

const RECORD_FILTERS = {
  deposit: sql`and e.kind = 'deposit'`,
  transfer_in: sql`and e.kind = 'transfer' and p.amount > 0`,
  transfer_out: sql`and e.kind = 'transfer' and p.amount < 0`,
  withdraw: sql`and e.kind in ('withdrawal', 'withdrawal_refund')`,
  other: sql`and e.kind not in ('deposit', 'transfer', 'withdrawal', 'withdrawal_refund')`,
};

/**
 * What moved in and out of a user's available balance of one asset, newest first, from `before` on (or the one
 * posting of journal entry `entry`). One statement whatever the page size: the page is cut first, then the
 * names are joined to its rows by primary key (no query per row); what each entry was for is the entry's own.
 */
export async function recordRows(
  db: Database,
  userId: number,
  assetCode: string,
  page: { before: bigint | null; type?: (typeof RECORD_TYPES)[number]; limit: number; entry?: bigint },
): Promise<RecordRow[]> {
  const found = await query<RecordRow>(
    db,
    sql`
      with page as (
        select p.id, p.amount, p.account_id, e.id as entry_id, e.kind, e.reference, e.memo, e.created_at,
               e.purpose_type, e.purpose_id, e.purpose_title,
               split_part(e.reference, ':', 1) as ref_kind,
               case when e.reference ~ '^[a-z_]+:[0-9]{1,18}$' then split_part(e.reference, ':', 2)::bigint end as ref_id,
               case when e.kind = 'transfer' then
                 nullif(substring(case when p.amount > 0 then e.memo->>'fromUid' else e.memo->>'toUid' end
                   from '^[0-9]{1,18}$'), '')::bigint
               end as cp_uid
        from postings p
        join accounts a on a.id = p.account_id
        join journal_entries e on e.id = p.entry_id
        where a.user_id = ${userId} and a.asset_code = ${assetCode} and p.bucket = 'available'
          ${page.before !== null ? sql`and p.id < ${page.before.toString()}` : sql``}
          ${page.entry !== undefined ? sql`and e.id = ${page.entry.toString()}` : sql``}
          ${page.type ? RECORD_FILTERS[page.type] : sql``}
        order by p.id desc
        limit ${page.limit}
      )
      select page.id::text, page.entry_id::text, page.kind, page.ref_kind, page.amount::text, page.memo,
             page.created_at,
             d.chain_id as d_chain, d.tx_hash as d_tx, d.confirmations as d_conf, d.required_confirmations as d_req,
             w.chain_id as w_chain, w.status as w_status, w.tx_hash as w_tx, w.fee::text as w_fee,
             cp.uid::text as cp_uid,
             cp.display_name as cp_name,
             page.purpose_type, page.purpose_id, page.purpose_title,
             page.kind = 'ticket_hold' and coalesce((
               select sum(h.amount) from postings h join journal_entries he on he.id = h.entry_id
               where h.account_id = page.account_id and h.bucket = 'frozen'
                 and (he.reference = page.reference
                      or (he.reference like 'activity:%' and he.purpose_type = 'activity'
                          and he.purpose_id = page.purpose_id))
             ), 0) > 0 as still_held
      from page
      left join deposits d on page.ref_kind = 'deposit' and d.id = page.ref_id
      left join withdrawals w on page.ref_kind = 'withdrawal' and w.id = page.ref_id
      left join public_users cp on cp.uid = page.cp_uid
      order by page.id desc`,
  );
  return found.rows;
}
