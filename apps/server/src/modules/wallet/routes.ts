import { walletSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import { addressBookRoutes } from './address-book.routes.ts';
import type { AddressBookService } from './address-book.service.ts';
import type { DepositService } from './deposits.service.ts';
import type { PaymentMethodService } from './payments.service.ts';
import type { RecordService } from './records.service.ts';
import type { WalletService } from './service.ts';
import type { TransferService } from './transfers.service.ts';

const tags = ['wallet'];

export interface WalletRouteDeps {
  wallet: WalletService;
  deposits: DepositService;
  transfers: TransferService;
  records: RecordService;
  payments: PaymentMethodService;
  addressBook: AddressBookService;
}

export function walletRoutes(router: Router, deps: WalletRouteDeps): void {
  homeRoutes(router, deps);
  movingRoutes(router, deps);
  recordRoutes(router, deps);
  paymentRoutes(router, deps);
  addressBookRoutes(router, deps);
}

/** The wallet's home: chains, balances, the summary, which assets show. */
function homeRoutes(router: Router, { wallet }: WalletRouteDeps): void {
  router.route({
    ...walletSchemas.chains,
    summary: 'Chains by id; waiting ones are listed but not usable',
    tags,
    auth: 'public',
    handler: () => wallet.chains(),
  });

  router.route({
    ...walletSchemas.assets,
    summary: "The user's balance of every listed asset, with each asset's networks and rules",
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ items: await wallet.assets(user.id) }),
  });

  router.route({
    ...walletSchemas.summary,
    summary: 'Every balance valued in the chosen currency, with the total',
    tags,
    auth: 'user',
    handler: ({ user, input }) => wallet.summary(user.id, input.currency),
  });

  router.route({
    ...walletSchemas.assetVisibility,
    summary: 'Show or hide an asset on the home list',
    tags,
    auth: 'user',
    handler: async ({ user, input }) => {
      await wallet.setVisibility(user.id, input.asset, input.visible);
      return {};
    },
  });
}

/** Money in and out: deposit addresses and transfers. */
function movingRoutes(router: Router, { deposits, transfers }: WalletRouteDeps): void {
  router.route({
    ...walletSchemas.depositAddress,
    summary: "The user's deposit address for an asset on a chain",
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ user, input }) => deposits.depositAddress(user.id, input.asset, input.chainId),
  });

  router.route({
    ...walletSchemas.transferPreview,
    summary: 'Who or where a transfer goes, and its fee, before the user confirms',
    tags,
    auth: 'user',
    handler: ({ user, input }) => transfers.previewTransfer(user.id, input),
  });

  router.route({
    ...walletSchemas.transfer,
    summary: 'Transfer to a user (instant, free) or withdraw to an address (fee, frozen until confirmed)',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ user, input }) => transfers.transfer(user, input),
  });
}

/** The records of what moved, and one asset's page. */
function recordRoutes(router: Router, { wallet, records }: WalletRouteDeps): void {
  router.route({
    ...walletSchemas.records,
    summary: 'Movements of one asset, newest first, by cursor',
    tags,
    auth: 'user',
    handler: ({ user, input }) => records.records(user.id, input),
  });

  router.route({
    ...walletSchemas.record,
    summary: 'One record of an asset by its reference number',
    tags,
    auth: 'user',
    handler: ({ user, input }) => records.record(user.id, input),
  });

  router.route({
    ...walletSchemas.asset,
    summary: 'One asset of the user',
    tags,
    auth: 'user',
    handler: ({ user, input }) => wallet.asset(user.id, input.asset),
  });
}

/** The user's payment methods. */
function paymentRoutes(router: Router, { payments }: WalletRouteDeps): void {
  router.route({
    ...walletSchemas.userPayments,
    summary: "The user's payment methods",
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ items: await payments.list(user.id) }),
  });

  router.route({
    ...walletSchemas.userPaymentsAdd,
    summary: 'Add a payment method (transaction password required)',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ user, input }) => {
      const { tradePassword, ...fields } = input;
      return payments.add(user.id, fields, tradePassword);
    },
  });

  router.route({
    ...walletSchemas.userPaymentsUpdate,
    summary: 'Edit a payment method (transaction password required)',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ user, input }) => {
      const { tradePassword, id, ...fields } = input;
      return payments.update(user.id, id, fields, tradePassword);
    },
  });

  router.route({
    ...walletSchemas.userPaymentsDelete,
    summary: 'Remove a payment method (transaction password required)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input }) => {
      await payments.remove(user.id, input.id, input.tradePassword);
      return {};
    },
  });
}
