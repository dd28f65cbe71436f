import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { presentUserInfo } from './presenter.ts';

export class UserService {
  constructor(private readonly db: Database) {}

  async info(userId: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError(404, 'http.404');
    return presentUserInfo(user);
  }
}
