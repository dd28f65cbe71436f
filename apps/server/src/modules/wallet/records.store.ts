import type { RECORD_TYPES } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';

/**
 * A posting to a user's available balance, with what it belongs to: the deposit or withdrawal, the other person
 * of a transfer (name and uid), and the activity, bounty, red packet or airdrop its entry refers to.
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
  act_code: string | null;
  act_title: string | null;
  /** Where the money of the registration an entry refers to is now (`frozen` while a ticket hold waits). */
  reg_payment: string | null;
  bounty_id: string | null;
  bounty_title: string | null;
  packet_code: string | null;
  airdrop_id: string | null;
  airdrop_project: string | null;
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
 * names and titles are joined to its rows by primary key (no query per row).
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
        select p.id, p.amount, e.id as entry_id, e.kind, e.memo, e.created_at,
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
             coalesce(cp.open_name, cp.uname, left(split_part(cp.email, '@', 1), 2) || '***') as cp_name,
             act.code as act_code, act.title as act_title, r.payment_state as reg_payment,
             b.id::text as bounty_id, b.title as bounty_title,
             rp.code as packet_code,
             ad.id::text as airdrop_id, ad.project as airdrop_project
      from page
      left join deposits d on page.ref_kind = 'deposit' and d.id = page.ref_id
      left join withdrawals w on page.ref_kind = 'withdrawal' and w.id = page.ref_id
      left join users cp on cp.uid = page.cp_uid
      left join registrations r on page.ref_kind = 'registration' and r.id = page.ref_id
      left join activities act
        on act.id = case when page.ref_kind = 'activity' then page.ref_id else r.activity_id end
      left join bounties b on page.ref_kind = 'bounty' and b.id = page.ref_id
      left join red_packets rp on page.ref_kind = 'redpacket' and rp.id = page.ref_id
      left join airdrops ad on page.ref_kind = 'airdrop' and ad.id = page.ref_id
      order by page.id desc`,
  );
  return found.rows;
}
