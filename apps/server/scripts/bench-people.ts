// Funded people for the benchmarks, written straight into the tables (a session token, a transaction password,
// a deposit through the ledger) so that seeding costs seconds, not a sign-up flow per person.

import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { hashTradePassword } from '@polaris/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { sessions, tradePasswords, users } from '../src/db/schema/index.ts';
import { ledger } from '../src/modules/wallet/ledger.ts';
import { sha256Hex } from '../src/platform/secrets.ts';

export interface BenchPerson {
  id: number;
  uid: number;
  token: string;
  /** The transaction password as the client sends it. */
  trade: string;
}

/** `count` users, each holding a million USDT, with a session token and the transaction password `bench1234`. */
export async function fundedPeople(database: DatabaseHandle, count: number, prefix: string): Promise<BenchPerson[]> {
  const { db } = database;
  const people: BenchPerson[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `${prefix}${i}-${stamp}@bench.local`, passwordHash: 'x', inviteCode: `B${stamp % 1e6}${i}` })
      .returning();
    const token = `${prefix}-token-${i}-${Math.random()}`;
    await db
      .insert(sessions)
      .values({ userId: user!.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 86_400_000) });
    const trade = hashTradePassword('bench1234', user!.uid);
    await db.insert(tradePasswords).values({ userId: user!.id, hash: await hash(trade, { algorithm: 2 }) });
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'deposit',
        asset: 'USDT',
        from: { system: 'chain_clearing' },
        to: { userId: user!.id },
        amount: 1_000_000_000_000n,
      }),
    );
    people.push({ id: user!.id, uid: user!.uid, token, trade });
  }
  return people;
}

/** The app as a bench measures it: quiet, without rate limits or background workers, serving no web app. */
export function benchApp(database: DatabaseHandle, dataDir: string, env: Record<string, string> = {}) {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    rateLimit: false,
    backgroundWorkers: false,
  };
  return buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
}
