import { Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { TradePasswordGate } from './ports.ts';
import { presentPaymentMethod } from './presenter.ts';
import {
  countLivePaymentMethods,
  deletePaymentMethod,
  deletePaymentMethodsOf,
  insertPaymentMethod,
  livePaymentMethods,
  lockPaymentMethodsOf,
  type PaymentMethodValues,
  updatePaymentMethod,
} from './store.ts';

export interface PaymentMethodFields {
  type: number;
  holderName: string;
  account: string;
  bankName?: string;
  bankBranch?: string;
}

export const MAX_METHODS = 20;

/** Where a user receives fiat (bank 0, Alipay 1, PayPal 101). Every change needs the transaction password. */
export class PaymentMethodService {
  constructor(private readonly deps: { db: Database; trade: TradePasswordGate; now: () => Date }) {}

  /** Deleting an account, inside its transaction: the payment details it kept. */
  forgetUser(tx: Tx, userId: number): Promise<void> {
    return deletePaymentMethodsOf(tx, userId);
  }

  async list(userId: number) {
    return (await livePaymentMethods(this.deps.db, userId)).map(presentPaymentMethod);
  }

  async add(userId: number, fields: PaymentMethodFields, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    const row = await this.deps.db.transaction(async (tx) => {
      // Concurrent adds of one user queue here, so the count and the insert cannot interleave past the cap.
      await lockPaymentMethodsOf(tx, userId);
      if ((await countLivePaymentMethods(tx, userId)) >= MAX_METHODS) return null;
      return insertPaymentMethod(tx, userId, normalise(fields), this.deps.now());
    });
    if (!row) throw new AppError(Status.conflict, 'validation.tooBig', { field: '', max: MAX_METHODS });
    return presentPaymentMethod(row);
  }

  async update(userId: number, id: number, fields: PaymentMethodFields, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    const row = await updatePaymentMethod(this.deps.db, userId, id, normalise(fields));
    // Someone else's method answers "not found", never "forbidden".
    if (!row) throw new AppError(Status.notFound, 'http.404');
    return presentPaymentMethod(row);
  }

  async remove(userId: number, id: number, tradePassword: string) {
    await this.deps.trade.verify(userId, tradePassword);
    if (!(await deletePaymentMethod(this.deps.db, userId, id, this.deps.now()))) {
      throw new AppError(Status.notFound, 'http.404');
    }
  }
}

/** Bank name and branch belong to a bank account only. */
function normalise(fields: PaymentMethodFields): PaymentMethodValues {
  const bank = fields.type === 0;
  return {
    type: fields.type,
    holderName: fields.holderName,
    account: fields.account,
    bankName: bank ? (fields.bankName ?? null) : null,
    bankBranch: bank ? (fields.bankBranch ?? null) : null,
  };
}
