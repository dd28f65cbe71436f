// Reports about direct conversations, which have no room admins (docs/chat.md "Blocks, reports and automatic
// moderation").
//   npm run chat:reports
//   npm run chat:report-delete -- --id 42     (deletes the reported message; every open report of it closes)
//   npm run chat:report-dismiss -- --id 42
import type { ChatReportItem } from '@polaris/contract';
import { type Envelope, flags, operatorCall } from './operator.ts';

const [command, ...rest] = process.argv.slice(2);
const args = flags(rest);

function refuse(what: string, result: Envelope<unknown>): never {
  console.error(`${what} refused: ${result.msg}`);
  process.exit(1);
}

if (command === 'pending') {
  const result = await operatorCall<{ items: ChatReportItem[] }>('GET', '/admin/chat/reports');
  if (result.status !== 200) refuse('Listing', result);
  if (result.attachment.items.length === 0) console.log('No report about a direct conversation is open.');
  for (const item of result.attachment.items) {
    const what = item.message
      ? `message #${item.seq}: ${item.message.deleted ? '(deleted)' : JSON.stringify(item.message.text)}`
      : 'the person';
    console.log(
      `#${item.id}  ${item.createdAt}  room ${item.roomId}  uid ${item.reporter.uid} reports uid ${item.target.uid} ` +
        `(${item.reason}${item.note ? `: ${JSON.stringify(item.note)}` : ''}) about ${what}`,
    );
  }
} else if (command === 'delete' || command === 'dismiss') {
  if (!args.id) {
    console.error(`Usage: npm run chat:report-${command} -- --id N`);
    process.exit(2);
  }
  const result = await operatorCall('POST', '/admin/chat/report/act', { id: Number(args.id), action: command });
  if (result.status !== 200) refuse(command === 'delete' ? 'Deleting' : 'Dismissing', result);
  console.log(
    command === 'delete'
      ? `Report #${args.id}: the message is deleted and its reports are closed.`
      : `Report #${args.id} dismissed.`,
  );
} else {
  console.error('Usage: chat-reports.ts pending | delete --id N | dismiss --id N');
  process.exit(2);
}
