// Index for search the chat messages stored before search existed (docs/chat.md "Search"), batch after batch until
// none is left. The servers' background worker does the same by itself; this is for an operator who wants it now.
// Safe beside the worker and a second run: batches are claimed, and indexed messages are skipped.
//   npm run chat:search-backfill
import { operatorCall } from './operator.ts';

let total = 0;
for (;;) {
  const result = await operatorCall<{ indexed: number; done: boolean }>('POST', '/admin/chat/search-backfill');
  if (result.status !== 200) {
    console.error(`Backfill refused: ${result.msg}`);
    process.exit(1);
  }
  total += result.attachment.indexed;
  if (result.attachment.done) break;
  // Nothing indexed and not done: another process holds the batch; give it a moment.
  if (result.attachment.indexed === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  else console.log(`${total} messages indexed so far…`);
}
console.log(`Search backfill done: ${total} messages indexed by this run.`);
