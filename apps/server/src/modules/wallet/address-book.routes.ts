import { walletSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { AddressBookService } from './address-book.service.ts';

const tags = ['wallet'];

/** Saved withdrawal addresses and the allowlist (docs/wallet.md, "Address book and allowlist"). */
export function addressBookRoutes(router: Router, { addressBook }: { addressBook: AddressBookService }): void {
  router.route({
    ...walletSchemas.addressBook,
    summary: 'Saved withdrawal addresses with their state (confirming, waiting until, ready) and the allowlist',
    tags,
    auth: 'user',
    handler: ({ user }) => addressBook.book(user.id),
  });

  router.route({
    ...walletSchemas.addressBookAdd,
    summary: 'Save a withdrawal address (authenticator when on); a mailed link confirms it, usable 24 h later',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ user, input, language }) => addressBook.add(user, input, language),
  });

  router.route({
    ...walletSchemas.addressBookCancel,
    summary: 'Cancel a saved or waiting address, at once',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input }) => {
      await addressBook.cancel(user.id, input.id);
      return {};
    },
  });

  router.route({
    ...walletSchemas.addressBookAllowlist,
    summary: 'Turn the allowlist on (at once) or off (authenticator when on, then a mailed link)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ user, input, language }) => addressBook.allowlist(user, input.enabled, language),
  });

  router.route({
    ...walletSchemas.addressBookConfirm,
    summary: "Confirm an address book change with the mailed link's secret (the link is the proof)",
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: ({ input }) => addressBook.confirm(input.confirmation),
  });
}
