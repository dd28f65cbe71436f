import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { kycProfiles, phoneCodes, publicUsers, userPhones } from '../../db/schema/index.ts';

/** The identity module's SQL: bound phones, their SMS codes, and identity verification. */

export type PhoneRow = typeof userPhones.$inferSelect;
export type KycRow = typeof kycProfiles.$inferSelect;

export async function findPhone(db: Database | Tx, userId: number): Promise<PhoneRow | undefined> {
  const [row] = await db.select().from(userPhones).where(eq(userPhones.userId, userId));
  return row;
}

export async function phoneHolder(db: Database | Tx, e164: string): Promise<number | undefined> {
  const [row] = await db.select({ userId: userPhones.userId }).from(userPhones).where(eq(userPhones.e164, e164));
  return row?.userId;
}

/** Serialises code requests of one user until the transaction ends, so two cannot both pass the resend window. */
export async function lockCodeRequests(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${userId}`}))`);
}

export async function lastCodeSentAt(tx: Tx, userId: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function insertPhoneCode(tx: Tx, values: typeof phoneCodes.$inferInsert): Promise<void> {
  await tx.insert(phoneCodes).values(values);
}

/** The newest code sent to this user for any number. */
export async function newestPhoneCode(db: Database | Tx, userId: number) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId))
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  return row;
}

/** Uses a code up, once: false when another request used it first. */
export async function useCode(tx: Tx, codeId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.id, codeId), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  return used.length > 0;
}

/**
 * Binds (or replaces) the user's phone; the caller holds the user's code lock. Nothing (false) when another
 * account holds the number: the unique index decides, so two accounts binding one number at once cannot both win.
 */
export async function bindPhone(
  tx: Tx,
  values: { userId: number; areaCode: string; e164: string; boundAt: Date },
): Promise<boolean> {
  await tx.delete(userPhones).where(eq(userPhones.userId, values.userId));
  const rows = await tx.insert(userPhones).values(values).onConflictDoNothing().returning({ id: userPhones.userId });
  return rows.length > 0;
}

export async function findKyc(db: Database | Tx, userId: number): Promise<KycRow | undefined> {
  const [row] = await db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
  return row;
}

export async function lockKyc(tx: Tx, userId: number): Promise<KycRow | undefined> {
  const [row] = await tx.select().from(kycProfiles).where(eq(kycProfiles.userId, userId)).for('update');
  return row;
}

export async function insertKyc(tx: Tx, values: typeof kycProfiles.$inferInsert): Promise<KycRow | undefined> {
  const [row] = await tx.insert(kycProfiles).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateKyc(tx: Tx, userId: number, values: Partial<KycRow>): Promise<KycRow> {
  const [row] = await tx.update(kycProfiles).set(values).where(eq(kycProfiles.userId, userId)).returning();
  return row!;
}

/**
 * Decides a pending review once: the conditional update only matches a row still pending, so two operators
 * (or two processes) deciding together change it once.
 */
export async function decideKyc(
  db: Database,
  userId: number,
  values: Pick<KycRow, 'state' | 'approvedLevel' | 'rejectReason' | 'reviewedAt' | 'updatedAt'>,
): Promise<KycRow | undefined> {
  const [row] = await db
    .update(kycProfiles)
    .set(values)
    .where(and(eq(kycProfiles.userId, userId), eq(kycProfiles.state, 'pending')))
    .returning();
  return row;
}

export async function pendingKyc(db: Database, limit: number) {
  return db
    .select({ kyc: kycProfiles, uid: publicUsers.uid })
    .from(kycProfiles)
    .innerJoin(publicUsers, eq(publicUsers.id, kycProfiles.userId))
    .where(eq(kycProfiles.state, 'pending'))
    .orderBy(asc(kycProfiles.submittedAt))
    .limit(limit);
}

export async function userIdByUid(db: Database, uid: number): Promise<number | undefined> {
  const [row] = await db.select({ id: publicUsers.id }).from(publicUsers).where(eq(publicUsers.uid, uid));
  return row?.id;
}

/** Deleting an account: its bound phone and the codes texted to it. */
export async function forgetPhone(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userPhones).where(eq(userPhones.userId, userId));
  await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
}

/** Deleting an account: its identity verification (the document files go after the commit). */
export async function forgetKyc(tx: Tx, userId: number): Promise<void> {
  await tx.delete(kycProfiles).where(eq(kycProfiles.userId, userId));
}
