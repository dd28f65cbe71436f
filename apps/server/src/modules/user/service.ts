import { AVATAR_MAX_BYTES, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { VipService } from '../vip/service.ts';
import { presentUserInfo } from './presenter.ts';
import { emailsByIds, findUser, findUserByEmail, type UserRow, updateAvatar, updateNames } from './store.ts';

/** What the profile needs of the image store: keep an uploaded picture (checked by its bytes) and say where it is. */
export interface AvatarImages {
  upload(ownerId: number, bytes: Buffer): Promise<{ sizes: { width: number; url: string }[] }>;
}

/** The user's profile: what the app shows of them (membership included), and the names they choose. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly vip: VipService,
    private readonly images: AvatarImages,
  ) {}

  /**
   * A new avatar: the image store checks the bytes (JPEG, PNG or WebP, 400 naming `file` otherwise) and keeps it as
   * WebP; the profile points at its largest stored width (the app uploads a 512 px square).
   */
  async uploadAvatar(userId: number, bytes: Buffer) {
    if (bytes.length > AVATAR_MAX_BYTES) {
      throw new FieldsError([
        { field: 'file', messageKey: 'activity.imageTooLarge', params: { max: AVATAR_MAX_BYTES / 1_048_576 } },
      ]);
    }
    const image = await this.images.upload(userId, bytes);
    const largest = image.sizes.at(-1);
    if (!largest) throw new FieldsError([{ field: 'file', messageKey: 'activity.imageType' }]);
    const updated = await updateAvatar(this.db, userId, largest.url);
    if (!updated) throw new AppError(Status.notFound, 'http.404');
    return presentUserInfo(updated, await this.vip.current(userId));
  }

  /** Set the username and/or display name; the create-activity gate needs one of them. */
  async updateProfile(userId: number, input: { uname?: string; openName?: string }) {
    const updated = await updateNames(this.db, userId, input);
    if (!updated) throw new AppError(Status.notFound, 'http.404');
    return presentUserInfo(updated, await this.vip.current(userId));
  }

  /** The account behind an email address (any spelling of its case), for operator tools; 404 when none. */
  async requireByEmail(email: string): Promise<UserRow> {
    const user = await findUserByEmail(this.db, email.trim().toLowerCase());
    if (!user) throw new AppError(Status.notFound, 'auth.emailNotRegistered');
    return user;
  }

  /** The account behind an email address (any spelling of its case), if any: a transfer to an email finds it. */
  async idByEmail(email: string): Promise<number | undefined> {
    return (await findUserByEmail(this.db, email.trim().toLowerCase()))?.id;
  }

  /**
   * The email addresses of these accounts, by id, for a module that shows or writes to them (the operator's
   * identity checks, notice mail): the address is the account's, never read by another module's SQL. Inside
   * the caller's transaction when given one.
   */
  emailsOf(userIds: number[], db: Database | Tx = this.db): Promise<Map<number, string>> {
    return emailsByIds(db, userIds);
  }

  async info(userId: number) {
    const user = await findUser(this.db, userId);
    if (!user) throw new AppError(Status.notFound, 'http.404');
    return presentUserInfo(user, await this.vip.current(userId));
  }
}
