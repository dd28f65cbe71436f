import type { OidcProvider } from '@polaris/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { oidcIdentities, oidcStates, oidcTickets, publicUsers } from '../../db/schema/index.ts';

/** The oidc module's SQL: pending sign-ins (states), linked identities and the tickets a callback hands out. */

export type StateRow = typeof oidcStates.$inferSelect;
export type TicketRow = typeof oidcTickets.$inferSelect;

export async function insertState(db: Database, values: StateRow): Promise<void> {
  await db.insert(oidcStates).values(values);
}

/** Forgets sign-ins that were started and never came back. */
export async function deleteExpiredStates(db: Database, now: Date): Promise<void> {
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
}

/** Claims a pending sign-in: the one request that deletes the row may finish it. */
export async function claimState(db: Database, state: string, provider: OidcProvider): Promise<StateRow | undefined> {
  const [row] = await db
    .delete(oidcStates)
    .where(and(eq(oidcStates.state, state), eq(oidcStates.provider, provider)))
    .returning();
  return row;
}

/** Serialises callbacks for one provider account, so two at once cannot both create its user. */
export async function lockSubject(tx: Tx, provider: OidcProvider, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oidc:${provider}:${subject}`}))`);
}

/** The live account an identity signs in to; a deleted account's identity is forgotten. */
export async function findIdentityUser(tx: Tx, provider: OidcProvider, subject: string) {
  const [row] = await tx
    .select({ identityId: oidcIdentities.id, userId: publicUsers.id, deletedAt: publicUsers.deletedAt })
    .from(oidcIdentities)
    .innerJoin(publicUsers, eq(publicUsers.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)))
    .limit(1);
  if (row?.deletedAt) {
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.id, row.identityId));
    return undefined;
  }
  return row;
}

/**
 * Links a provider account to a user; false when the provider account is already linked (to anyone), or the
 * user already has another account of that provider.
 */
export async function insertIdentity(
  tx: Tx,
  values: { provider: OidcProvider; subject: string; userId: number; email: string | null; createdAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(oidcIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: oidcIdentities.id });
  return rows.length > 0;
}

/** The provider accounts linked to a user, oldest first. */
export async function listIdentities(db: Database, userId: number) {
  return db
    .select({ provider: oidcIdentities.provider, email: oidcIdentities.email, linkedAt: oidcIdentities.createdAt })
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .orderBy(oidcIdentities.createdAt, oidcIdentities.id);
}

/** Unlinks a user's account of one provider; false when there was none (or a concurrent unlink took it). */
export async function deleteIdentity(tx: Tx, userId: number, provider: OidcProvider): Promise<boolean> {
  const rows = await tx
    .delete(oidcIdentities)
    .where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.provider, provider)))
    .returning({ id: oidcIdentities.id });
  return rows.length > 0;
}

export async function insertTicket(tx: Tx | Database, values: TicketRow): Promise<void> {
  await tx.insert(oidcTickets).values(values);
}

const liveTicket = (ticketHash: string, kind: TicketRow['kind'], browserKeyHash: string, now: Date) =>
  and(
    eq(oidcTickets.ticketHash, ticketHash),
    eq(oidcTickets.kind, kind),
    eq(oidcTickets.browserKeyHash, browserKeyHash),
    gt(oidcTickets.expiresAt, now),
  );

/** Claims a live ticket of one kind held by this browser; undefined when it is unknown, used, expired or not its. */
export async function claimTicket(
  tx: Tx | Database,
  ticketHash: string,
  kind: TicketRow['kind'],
  browserKeyHash: string,
  now: Date,
): Promise<TicketRow | undefined> {
  const [row] = await tx
    .delete(oidcTickets)
    .where(liveTicket(ticketHash, kind, browserKeyHash, now))
    .returning();
  return row;
}

/**
 * A live link ticket of a live account, without using it up (the account's email is auth's: the service asks
 * `AuthService.liveAccount`).
 */
export async function peekLinkTicket(db: Database, ticketHash: string, browserKeyHash: string, now: Date) {
  const [row] = await db
    .select({ ticket: oidcTickets })
    .from(oidcTickets)
    .innerJoin(publicUsers, eq(publicUsers.id, oidcTickets.userId))
    .where(and(liveTicket(ticketHash, 'link', browserKeyHash, now), isNull(publicUsers.deletedAt)))
    .limit(1);
  return row;
}

export async function deleteExpiredTickets(db: Database, now: Date): Promise<void> {
  await db.delete(oidcTickets).where(lt(oidcTickets.expiresAt, now));
}
