import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

export interface SeededPerson {
  id: number;
  uid: number;
  token: string;
}

/**
 * People with sessions, straight into the database, 500 rows a statement: for races and benchmarks where
 * signing up a thousand people through the API is not what is measured.
 */
export async function seedPeople(database: DatabaseHandle, count: number, label = 'seed'): Promise<SeededPerson[]> {
  const people: SeededPerson[] = [];
  const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
      email: `${label}-${stamp}-${i + k}@example.com`,
      passwordHash: 'unused',
      uname: `${label}${i + k}`,
      inviteCode: `S${stamp}${i + k}`.toUpperCase(),
    }));
    const rows = await database.db.insert(users).values(batch).returning({ id: users.id, uid: users.uid });
    const tokens = rows.map((row) => `${label}-${row.id}-${randomBytes(8).toString('hex')}`);
    await database.db.insert(sessions).values(
      rows.map((row, k) => ({
        userId: row.id,
        tokenHash: createHash('sha256').update(tokens[k]!).digest('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    for (const [k, row] of rows.entries()) people.push({ id: row.id, uid: row.uid, token: tokens[k]! });
  }
  return people;
}
