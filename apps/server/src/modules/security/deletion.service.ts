import { type DeletionCheck, formatAmount, type Language, Status, translate } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { forgetSecrets, type Holdings, type HoldingsSources, holdingsOf } from './deletion.store.ts';

/**
 * A module's part of deleting an account: inside the deletion's transaction it removes or wipes the person's rows
 * in its own tables (each module writes only its own tables: docs/modules.md).
 */
export type ForgetUser = (tx: Tx, userId: number, now: Date) => Promise<void>;

function present(holdings: Holdings): DeletionCheck {
  const funds = holdings.funds.map((row) => ({
    asset: row.asset,
    amount: formatAmount(BigInt(row.units), row.decimals),
  }));
  const earnings = holdings.earnings.map((row) => ({
    asset: row.asset,
    amount: formatAmount(BigInt(row.units), row.decimals),
  }));
  const { tickets, hostedActivities, redPackets, bounties, airdrops } = holdings;
  return {
    canDelete:
      funds.length + earnings.length === 0 && tickets + hostedActivities + redPackets + bounties + airdrops === 0,
    funds,
    earnings,
    tickets,
    hostedActivities,
    redPackets,
    bounties,
    airdrops,
  };
}

/** The list of what to settle, in one sentence of the request's language. */
function blockedError(check: DeletionCheck, language: Language): AppError {
  const items = [
    ...check.funds.map((fund) => translate(language, 'security.deleteFunds', fund)),
    ...check.earnings.map((fund) => translate(language, 'security.deleteEarnings', fund)),
    ...(check.tickets ? [translate(language, 'security.deleteTickets', { count: check.tickets })] : []),
    ...(check.hostedActivities
      ? [translate(language, 'security.deleteHosted', { count: check.hostedActivities })]
      : []),
    ...(check.redPackets ? [translate(language, 'security.deleteRedPackets', { count: check.redPackets })] : []),
    ...(check.bounties ? [translate(language, 'security.deleteBounties', { count: check.bounties })] : []),
    ...(check.airdrops ? [translate(language, 'security.deleteAirdrops', { count: check.airdrops })] : []),
  ];
  const separator = language === 'en' ? '; ' : '；';
  return new AppError(Status.precondition, 'security.deleteBlocked', { items: items.join(separator) }, check);
}

/**
 * Deleting an account (app stores require it): refused while the user still holds money (wallet or creator earnings), tickets for upcoming
 * activities, hosted upcoming activities, open red packets or bounties. Otherwise, proven by the login password,
 * a mailed code and (when on) the authenticator code (taken by the router), the personal data is wiped in one transaction and every
 * session ends. The user row stays, anonymised, so the ledger's history still balances.
 */
export class AccountDeletionService {
  constructor(
    private readonly deps: {
      db: Database;
      auth: AuthService;
      now: () => Date;
      /** What the person still holds or owes, each part from the module that owns it. */
      holdings: HoldingsSources;
      /** Every other module that keeps something about the person (auth's is the account row and sessions). */
      forget: ForgetUser[];
      /** Files kept outside the database (identity documents), removed once the rows are gone. */
      afterWipe?: (userId: number) => Promise<void>;
    },
  ) {}

  async check(userId: number): Promise<DeletionCheck> {
    return present(await holdingsOf(this.deps.db, userId, this.deps.now(), this.deps.holdings));
  }

  async delete(
    user: { id: number; email: string },
    input: { password: string; vcode: string },
    client: { ip: string; language: Language },
  ): Promise<void> {
    const before = await this.check(user.id);
    if (!before.canDelete) throw blockedError(before, client.language);
    await this.deps.auth.verifyPassword(user.email, input.password, client.ip);
    const now = this.deps.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.auth.consumeCode(tx, user.email, 'delete', input.vcode)))
        return { kind: 'badCode' as const };
      await this.deps.holdings.lock(tx, user.id);
      // Money or a ticket may have arrived since the first look: decide again under the locks.
      const check = present(await holdingsOf(tx, user.id, now, this.deps.holdings));
      // Thrown, not returned, so the code stays unused: nothing changes.
      if (!check.canDelete) throw blockedError(check, client.language);
      await this.deps.auth.forgetUser(tx, user.id, now);
      await forgetSecrets(tx, user.id);
      for (const forget of this.deps.forget) await forget(tx, user.id, now);
      return { kind: 'deleted' as const };
    });
    if (outcome.kind === 'badCode') throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
    await this.deps.afterWipe?.(user.id);
  }
}
