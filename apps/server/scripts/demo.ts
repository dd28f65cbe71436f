// Fill the app's database with demo content, so every screen has something to show.
//   npm run demo
// Works on the embedded database (stop `npm start` first: it takes one process at a time) or on DATABASE_URL.
// Running it again creates nothing new; it only tops up what is missing.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { databaseSourceFor, openDatabase } from '../src/db/client.ts';
import { checkLedger } from '../src/modules/wallet/ledger.store.ts';
import { announcedServer } from '../src/platform/server-file.ts';
import { ACTIVITIES, PEOPLE } from './demo/content.ts';
import { Mailbox } from './demo/mailbox.ts';
import { seedDemo } from './demo/seed.ts';

const config = loadConfig();

// A server on this data folder announces itself in DATA_DIR/server.json (whatever its PORT).
const running = await announcedServer(config.dataDir);
if (!config.databaseUrl && running !== null) {
  console.error(
    `A Polaris server is running on port ${running.port}. The embedded database takes one process at a time:\n` +
      'stop the server (Ctrl+C in its terminal), run `npm run demo`, then `npm start` again.',
  );
  process.exit(1);
}

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
console.log(`Seeding demo content into ${where}…`);
const database = await openDatabase(databaseSourceFor(config));
await database.migrate();

let at: Date | null = null;
const mailbox = new Mailbox();
const app = await buildApp({
  config: { ...config, logLevel: 'error', backgroundWorkers: false },
  database,
  mailer: mailbox,
  now: () => at ?? new Date(),
});

let failed = false;
try {
  const report = await seedDemo({
    services: app.services,
    clock: {
      set(next) {
        at = next;
      },
    },
    codeFor: (email) => mailbox.codeFor(email),
    log: (line) => console.log(line),
  });
  const { created } = report;
  if (report.alreadySeeded) {
    console.log('Demo content is already seeded: nothing was missing, nothing new was created.');
  } else {
    console.log(
      [
        'Created:',
        `  ${created.people} demo accounts (of ${PEOPLE.length}), ${created.deposits} deposits, ${created.transfers} transfers`,
        `  ${created.activities} activities (of ${ACTIVITIES.length}) with ${created.covers} generated covers`,
        `  ${created.registrations} sign-ups, ${created.approvals} approvals, ${created.checkIns} check-ins with attendance NFTs`,
        `  ${created.settled} ended activities settled, ${created.released} organizer earnings released after the hold, ready to withdraw`,
        `  ${created.calendarEntries} calendar entries`,
      ].join('\n'),
    );
  }
  const violations = await checkLedger(database.db);
  if (violations.length > 0) {
    failed = true;
    console.error(`Ledger check found ${violations.length} violation(s):`);
    for (const violation of violations) console.error(`- ${violation.rule}: ${JSON.stringify(violation.detail)}`);
  } else {
    console.log('Ledger OK: every entry sums to zero and every balance matches its postings.');
  }
  const { email, password, tradePassword, uid } = report.demoUser;
  console.log(
    [
      '',
      'Log in as the demo user:',
      `  email                 ${email}`,
      `  password              ${password}`,
      `  transaction password  ${tradePassword}`,
      `  uid                   ${uid}`,
      `Every demo account (…@${email.split('@')[1]}) uses the same passwords.`,
      running === null ? 'Start the app with `npm start` and open it in a browser.' : '',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
} catch (error) {
  failed = true;
  console.error('Seeding stopped:', error);
} finally {
  await app.close();
  await database.close();
}
process.exit(failed ? 1 : 0);
