// Identity review by an operator (docs/identity-and-phone.md):
//   npm run kyc:review                                      list the checks waiting for review
//   npm run kyc:review -- --uid 10000001 --photos ./out    save that check's document photos to ./out
//   npm run kyc:review -- --uid 10000001 --approve
//   npm run kyc:review -- --uid 10000001 --reject "The photo of the back is blurred"
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, KYC_DOCUMENTS } from '@polaris/contract';
import { loadConfig } from '../src/config.ts';
import { existingAdminToken } from '../src/platform/operator-guard.ts';
import { announcedServer } from '../src/platform/server-file.ts';
import { flags, operatorCall } from './operator.ts';

const args = flags(process.argv.slice(2));
const usage = 'Usage: npm run kyc:review [-- --uid <uid> (--approve | --reject "<reason>" | --photos <folder>)]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

if (!args.uid) {
  const result = await operatorCall<{
    items: {
      uid: string;
      email: string;
      level: number;
      legalName: string;
      country: string;
      idType: string;
      idNumber: string;
      documents: string[];
      submittedAt: string;
    }[];
  }>('GET', '/admin/kyc/pending');
  if (result.status !== 200) fail(`Refused: ${result.msg}`);
  if (result.attachment.items.length === 0) console.log('No identity checks are waiting for review.');
  for (const item of result.attachment.items) {
    console.log(
      `uid ${item.uid}  level ${item.level}  ${item.email}\n  ${item.legalName}, ${item.country}, ${item.idType} ${item.idNumber}` +
        `\n  photos: ${item.documents.join(', ') || 'none'}  submitted ${item.submittedAt}`,
    );
  }
} else if (args.photos !== undefined) {
  // Photos are answered only by a running server (they are files, not an envelope), found through DATA_DIR.
  const config = loadConfig();
  const server = await announcedServer(config.dataDir);
  if (!server) fail('The photos are read through the running server: start it with `npm start` first.');
  const token = await existingAdminToken(config.dataDir);
  const folder = path.resolve(args.photos || '.');
  await mkdir(folder, { recursive: true });
  let saved = 0;
  for (const kind of KYC_DOCUMENTS) {
    const response = await fetch(
      `http://127.0.0.1:${server.port}${API_BASE}/admin/kyc/document?owner=${encodeURIComponent(args.uid)}&kind=${kind}`,
      { headers: { 'x-admin-token': token } },
    ).catch(() => fail('The photos are read through the running server: start it with `npm start` first.'));
    if (response.headers.get('content-type') !== 'image/jpeg') continue;
    const file = path.join(folder, `${args.uid}-${kind}.jpg`);
    await writeFile(file, Buffer.from(await response.arrayBuffer()), { mode: 0o600 });
    console.log(`Saved ${file}`);
    saved++;
  }
  if (saved === 0) fail(`No document photos for uid ${args.uid}.`);
  console.log('Delete these files once the review is done.');
} else if ('approve' in args || 'reject' in args) {
  const decision = 'approve' in args ? 'approve' : 'reject';
  const result = await operatorCall<{ uid: string; state: string; approvedLevel: number }>(
    'POST',
    '/admin/kyc/review',
    {
      uid: args.uid,
      decision,
      reason: decision === 'reject' ? args.reject || undefined : undefined,
    },
  );
  if (result.status !== 200) {
    const details = Array.isArray(result.attachment)
      ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
      : '';
    fail(`Refused: ${result.msg}${details}`);
  }
  console.log(
    decision === 'approve'
      ? `Approved uid ${args.uid}: verified at level ${result.attachment.approvedLevel}.`
      : `Rejected uid ${args.uid}; the user sees the reason and may correct and resubmit.`,
  );
} else {
  fail(usage, 2);
}
