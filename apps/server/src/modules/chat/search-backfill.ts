import { sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import { indexMessageText } from './search.store.ts';

/** Messages indexed per batch: one transaction each, short enough not to hold edits of those messages for long. */
const BACKFILL_BATCH = 500;
/** Batches per worker run; the worker comes back at its interval until the table is done. */
const BATCHES_PER_RUN = 20;

export interface BackfillBatch {
  /** Messages this batch indexed. */
  indexed: number;
  /** Every message is indexed (now, or before). */
  done: boolean;
  /** Another process holds the cursor (its batch is running): nothing was done here. */
  busy: boolean;
}

/**
 * Indexes for search the messages stored before migration 0046 (docs/chat.md "Search"), in `(room_id, seq)` order,
 * through `indexMessageText`, the server's own normalising (SQL cannot repeat it). The cursor row
 * (`chat_search_backfill`) is locked `FOR UPDATE SKIP LOCKED` for the whole batch: a second process finds it busy
 * and does nothing, and the batch's indexing and the cursor's move commit together, so a crash leaves the cursor
 * where the last committed batch put it (resumable), and no message is indexed by two batches. Messages indexed
 * already (sent after 0046, or edited since) are skipped, so running it again changes nothing.
 */
export class ChatSearchBackfill {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async batch(size = BACKFILL_BATCH): Promise<BackfillBatch> {
    return this.db.transaction(async (tx) => {
      const { rows: cursors } = await query<{ room_id: string | number; seq: string | number; done_at: unknown }>(
        tx,
        sql`select room_id, seq, done_at from chat_search_backfill where id = 1 for update skip locked`,
      );
      const cursor = cursors[0];
      if (!cursor) return { indexed: 0, done: false, busy: true };
      if (cursor.done_at) return { indexed: 0, done: true, busy: false };
      // The messages are locked too: an edit or a deletion of one waits for the batch, then indexes its own text.
      const { rows } = await query<{ room_id: string | number; seq: string | number; body: string }>(
        tx,
        sql`select m.room_id, m.seq, m.body from chat_messages m
            where (m.room_id, m.seq) > (${Number(cursor.room_id)}, ${Number(cursor.seq)}) and m.kind <> 'system'
              and not exists (select 1 from chat_search_texts t where t.room_id = m.room_id and t.seq = m.seq)
            order by m.room_id, m.seq limit ${size} for update of m`,
      );
      for (const row of rows) await indexMessageText(tx, Number(row.room_id), Number(row.seq), row.body);
      const last = rows.at(-1);
      const done = rows.length < size;
      await query(
        tx,
        sql`update chat_search_backfill
            set room_id = ${last ? Number(last.room_id) : Number(cursor.room_id)},
                seq = ${last ? Number(last.seq) : Number(cursor.seq)},
                indexed = indexed + ${rows.length},
                done_at = ${done ? this.now() : null}
            where id = 1`,
      );
      return { indexed: rows.length, done, busy: false };
    });
  }

  /** Batches until done, another process is on it, or `batches` were run; what this call indexed. */
  async run(batches = BATCHES_PER_RUN, size = BACKFILL_BATCH) {
    let indexed = 0;
    for (let i = 0; i < batches; i++) {
      const step = await this.batch(size);
      indexed += step.indexed;
      if (step.done || step.busy) return { indexed, done: step.done };
    }
    return { indexed, done: false };
  }
}
