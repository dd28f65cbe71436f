import { randomBytes } from 'node:crypto';
import {
  ADDRESS_BOOK_MAX,
  type AddressBook,
  type AddressBookEntry,
  href,
  type Language,
  NEW_ADDRESS_DELAY_MS,
  PATHS,
  Status,
  translate,
} from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import {
  allowlistOffPending,
  allowlistOn,
  cancelAddress,
  confirmAddress,
  insertAddress,
  insertConfirmation,
  liveAddresses,
  lockAllowlist,
  type SavedAddressRow,
  setAllowlist,
  useConfirmation,
} from './address-book.store.ts';
import { isValidAddress, normalizeAddress } from './addresses.ts';
import { allowlistRefusal } from './policy.ts';
import { loadCatalog } from './store.ts';

/** How long a mailed confirmation link works. */
const CONFIRM_TTL_MS = 60 * 60_000;

export interface AddressBookDeps {
  db: Database;
  now: () => Date;
  mailer: Pick<Mailer, 'send'>;
  /** The web app's public URL, for the mailed link. */
  publicUrl: string;
}

/**
 * Saved withdrawal addresses and the allowlist (docs/wallet.md, "Address book and allowlist"). Adding an address
 * and turning the allowlist off ask for the authenticator (the router's second-factor table) and a link mailed to
 * the account; an address can receive withdrawals from 24 hours after its confirmation. Turning the allowlist on,
 * cancelling or removing an address take effect at once: they only narrow where money may go.
 */
export class AddressBookService {
  constructor(private readonly deps: AddressBookDeps) {}

  async book(userId: number): Promise<AddressBook> {
    const now = this.deps.now();
    const [on, rows, pending] = await Promise.all([
      allowlistOn(this.deps.db, userId),
      liveAddresses(this.deps.db, userId),
      allowlistOffPending(this.deps.db, userId, now),
    ]);
    return { allowlist: on, allowlistOffPending: pending, items: rows.map((row) => present(row, now)) };
  }

  /** What the withdrawal asks: null, or the refusal of an address the allowlist does not let money reach yet. */
  async refusal(userId: number, chainId: number, address: string) {
    const on = await allowlistOn(this.deps.db, userId);
    if (!on) return null;
    const saved = await liveAddresses(this.deps.db, userId);
    return allowlistRefusal({ on, saved }, chainId, address, this.deps.now());
  }

  async add(
    user: { id: number; email: string },
    input: { chainId: number; address: string; label: string },
    language: Language,
  ): Promise<AddressBookEntry> {
    const catalog = await loadCatalog(this.deps.db);
    const chain = catalog.chains.get(input.chainId);
    if (!chain || chain.waiting) throw fieldError('chainId', 'wallet.chainDisabled');
    if (!isValidAddress(chain.family, input.address)) {
      throw fieldError('address', 'wallet.addressInvalid', { chain: chain.name });
    }
    const address = normalizeAddress(chain.family, input.address);
    const now = this.deps.now();
    const link = randomBytes(32).toString('hex');
    const row = await this.deps.db.transaction(async (tx) => {
      await lockAllowlist(tx, user.id, now);
      if ((await liveAddresses(tx, user.id)).length >= ADDRESS_BOOK_MAX) {
        throw new AppError(Status.conflict, 'moneyOut.addressBookFull', { max: ADDRESS_BOOK_MAX });
      }
      const saved = await insertAddress(tx, {
        userId: user.id,
        chainId: chain.id,
        address,
        label: input.label,
        createdAt: now,
      });
      if (!saved) throw fieldError('address', 'moneyOut.addressSaved');
      await insertConfirmation(tx, {
        ...{ userId: user.id, action: 'add', addressId: saved.id, tokenHash: sha256Hex(link) },
        ...{ createdAt: now, expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS) },
      });
      return saved;
    });
    await this.mail(user.email, language, link, 'add', { label: input.label, address, chain: chain.name });
    return present(row, now);
  }

  async cancel(userId: number, id: number): Promise<void> {
    const done = await this.deps.db.transaction((tx) => cancelAddress(tx, userId, id, this.deps.now()));
    if (!done) throw new AppError(Status.notFound, 'moneyOut.addressNotFound');
  }

  /** On at once; off only once the mailed link is opened (the answer says it waits). */
  async allowlist(user: { id: number; email: string }, enabled: boolean, language: Language): Promise<AddressBook> {
    const now = this.deps.now();
    const link = randomBytes(32).toString('hex');
    const mail = await this.deps.db.transaction(async (tx) => {
      const on = await lockAllowlist(tx, user.id, now);
      if (enabled) {
        if (!on) await setAllowlist(tx, user.id, true, now);
        return false;
      }
      if (!on) return false;
      await insertConfirmation(tx, {
        ...{ userId: user.id, action: 'allowlistOff', addressId: null, tokenHash: sha256Hex(link) },
        ...{ createdAt: now, expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS) },
      });
      return true;
    });
    if (mail) await this.mail(user.email, language, link, 'allowlistOff', {});
    return this.book(user.id);
  }

  /**
   * The mailed link, opened (signed in or not: the link is the proof): an address starts its 24 hours, or the
   * allowlist goes off. Used once, within the hour.
   */
  async confirm(confirmation: string): Promise<{ action: 'add' | 'allowlistOff' }> {
    const now = this.deps.now();
    const action = await this.deps.db.transaction(async (tx) => {
      const row = await useConfirmation(tx, sha256Hex(confirmation), now);
      if (!row) return null;
      if (row.action === 'add') {
        const usableAt = new Date(now.getTime() + NEW_ADDRESS_DELAY_MS);
        if (!(await confirmAddress(tx, row.addressId!, now, usableAt))) return null;
        return 'add' as const;
      }
      await lockAllowlist(tx, row.userId, now);
      await setAllowlist(tx, row.userId, false, now);
      return 'allowlistOff' as const;
    });
    if (!action) throw new AppError(Status.notFound, 'moneyOut.confirmExpired');
    return { action };
  }

  private async mail(
    to: string,
    language: Language,
    link: string,
    action: 'add' | 'allowlistOff',
    params: Record<string, string>,
  ) {
    const url = `${this.deps.publicUrl}/#${href(PATHS.addressBook, { confirm: link })}`;
    await this.deps.mailer.send({
      to,
      language,
      subject: translate(language, `mail.addressBook.${action}Subject`),
      text: translate(language, `mail.addressBook.${action}Body`, { ...params, url }),
    });
  }
}

function present(row: SavedAddressRow, now: Date): AddressBookEntry {
  const state = !row.usableAt ? 'confirming' : row.usableAt > now ? 'waiting' : 'ready';
  return {
    id: String(row.id),
    chainId: row.chainId,
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    state,
    usableAt: row.usableAt?.toISOString() ?? null,
  };
}
