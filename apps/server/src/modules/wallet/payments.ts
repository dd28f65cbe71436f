import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { TradePasswordService } from '../security/service.ts';

export interface PaymentMethodFields {
  type: number;
  holderName: string;
  account: string;
  bankName?: string;
  bankBranch?: string;
}

export const MAX_METHODS = 20;

const present = (row: typeof paymentMethods.$inferSelect) => ({
  id: row.id,
  type: row.type,
  holderName: row.holderName,
  account: row.account,
  bankName: row.bankName,
  bankBranch: row.bankBranch,
  createdAt: row.createdAt.toISOString(),
});

/** Where a user receives fiat (bank 0, Alipay 1, PayPal 101). Every change needs the transaction password. */
export class PaymentMethodService {
  constructor(private readonly deps: { db: Database; trade: TradePasswordService; now: () => Date }) {}

  async list(userId: number) {
    const rows = await this.deps.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
      .orderBy(paymentMethods.id);
    return rows.map(present);
  }

  async add(userId: number, fields: PaymentMethodFields, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    const row = await this.deps.db.transaction(async (tx) => {
      // Concurrent adds of one user queue here, so the count and the insert cannot interleave past the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payments:${userId}`}))`);
      const [held] = await tx
        .select({ n: count() })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)));
      if ((held?.n ?? 0) >= MAX_METHODS) return null;
      const [inserted] = await tx
        .insert(paymentMethods)
        .values({ userId, ...normalise(fields), createdAt: this.deps.now() })
        .returning();
      return inserted!;
    });
    if (!row) throw new AppError(409, 'validation.tooBig', { field: '', max: MAX_METHODS });
    return present(row);
  }

  async update(userId: number, id: number, fields: PaymentMethodFields, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    const [row] = await this.deps.db
      .update(paymentMethods)
      .set(normalise(fields))
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
      .returning();
    // Someone else's method answers "not found", never "forbidden".
    if (!row) throw new AppError(404, 'http.404');
    return present(row);
  }

  async remove(userId: number, id: number, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    const [row] = await this.deps.db
      .update(paymentMethods)
      .set({ deletedAt: this.deps.now() })
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
      .returning({ id: paymentMethods.id });
    if (!row) throw new AppError(404, 'http.404');
  }
}

function normalise(fields: PaymentMethodFields) {
  const bank = fields.type === 0;
  return {
    type: fields.type,
    holderName: fields.holderName,
    account: fields.account,
    bankName: bank ? (fields.bankName ?? null) : null,
    bankBranch: bank ? (fields.bankBranch ?? null) : null,
  };
}
