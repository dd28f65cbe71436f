import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { blockedPeople, deleteBlock, insertBlock } from './guard.store.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { userIdsByUid } from './store.ts';

/**
 * Blocking people (docs/chat.md "Blocks, reports and automatic moderation"). The blocked person is not told: their
 * direct conversation with the blocker answers as an unknown one would (room-access.ts `visibleRoom`), and opening
 * it as for an unknown user. In shared rooms the blocker's client folds their messages from this list.
 */
export class ChatBlocksService {
  constructor(private readonly access: ChatRoomAccess) {}

  private get db() {
    return this.access.db;
  }

  async list(user: Caller) {
    const rows = await blockedPeople(this.db, user.id);
    return {
      items: rows.map((row) => ({
        uid: String(row.uid),
        name: row.name,
        avatar: row.avatar,
        blockedAt: new Date(row.at).toISOString(),
      })),
    };
  }

  private async personId(user: Caller, uid: string) {
    const id = (await userIdsByUid(this.db, [Number(uid)])).get(Number(uid));
    if (id === undefined) throw new AppError(Status.notFound, 'chat.userNotFound');
    if (id === user.id) throw new AppError(Status.conflict, 'chat.blockSelf');
    return id;
  }

  async block(user: Caller, uid: string) {
    await insertBlock(this.db, user.id, await this.personId(user, uid), this.access.deps.now());
    return this.list(user);
  }

  async unblock(user: Caller, uid: string) {
    await deleteBlock(this.db, user.id, await this.personId(user, uid));
    return this.list(user);
  }
}
