import { Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { VipService } from '../vip/service.ts';
import { presentUserInfo } from './presenter.ts';
import { findUser, findUserByEmail, type UserRow, updateNames } from './store.ts';

/** The user's profile: what the app shows of them (membership included), and the names they choose. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly vip: VipService,
  ) {}

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

  async info(userId: number) {
    const user = await findUser(this.db, userId);
    if (!user) throw new AppError(Status.notFound, 'http.404');
    return presentUserInfo(user, await this.vip.current(userId));
  }
}
