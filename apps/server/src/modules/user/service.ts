import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { presentUserInfo } from './presenter.ts';

export class UserService {
  constructor(private readonly db: Database) {}

  /** Set the username and/or display name; the create-activity gate needs one of them. */
  async updateProfile(userId: number, input: { uname?: string; openName?: string }) {
    const [updated] = await this.db
      .update(users)
      .set({
        ...(input.uname !== undefined ? { uname: input.uname } : {}),
        ...(input.openName !== undefined ? { openName: input.openName } : {}),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError(404, 'http.404');
    return presentUserInfo(updated);
  }

  async info(userId: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError(404, 'http.404');
    return presentUserInfo(user);
  }
}
